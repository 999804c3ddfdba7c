import * as v from 'valibot';
import { envelope } from './envelope';
import { MSG } from './messages';
import { PINCODE_PATTERN } from './patterns';

export const Bank = v.object({ id: v.number(), name: v.string(), code: v.nullable(v.string()) });
export type Bank = v.InferOutput<typeof Bank>;
export const BankListResponse = envelope(v.array(Bank));

export const BusinessCategory = v.object({ sector: v.string(), businessCategory: v.string() });
export type BusinessCategory = v.InferOutput<typeof BusinessCategory>;
export const BusinessCategoryListResponse = envelope(v.array(BusinessCategory));

export const PincodeQuery = v.object({ pincode: v.pipe(v.string(), v.regex(PINCODE_PATTERN, MSG.invalidPincode)) });
export const PincodeResponse = envelope(v.object({ city: v.string(), state: v.string(), district: v.optional(v.string()) }));
