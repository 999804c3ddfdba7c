import * as v from 'valibot';
import { MSG } from './messages';
import { ACCOUNT_NUMBER_PATTERN, IFSC_PATTERN, MOBILE_PATTERN, PINCODE_PATTERN } from './patterns';
import { envelope } from './envelope';

const str = v.optional(v.nullable(v.string()), '');

/** Profile as the server sends it. All strings except id (-1 when unset). */
export const Profile = v.object({
  id: v.number(),
  first_name: str,
  last_name: str,
  email: str,
  mobile: str,
  address: str,
  pincode: str,
  city: str,
  state: str,
  role: v.optional(v.string(), 'MFI_EMPLOYEE'),
  mfi_employee: v.optional(v.nullable(v.object({ designation: v.optional(v.nullable(v.string())) }))),
  pan: str,
  aadhaar_front: str,
  aadhaar_back: str,
  cancelled_cheque: str,
  account_number: str,
  bank_name: str,
  ifsc: str,
});
export type Profile = v.InferOutput<typeof Profile>;
export const ProfileResponse = envelope(Profile);

export const EMPTY_PROFILE: Profile = {
  id: -1,
  first_name: '',
  last_name: '',
  email: '',
  mobile: '',
  address: '',
  pincode: '',
  city: '',
  state: '',
  role: 'MFI_EMPLOYEE',
  mfi_employee: null,
  pan: '',
  aadhaar_front: '',
  aadhaar_back: '',
  cancelled_cheque: '',
  account_number: '',
  bank_name: '',
  ifsc: '',
};

const min = (n: number, message: string) => v.pipe(v.string(), v.minLength(n, message));

/** REQ-UI-7 profile schema: used to show the first validation error on the profile screen. */
export const ProfileSchema = v.object({
  email: v.pipe(v.string(), v.email(MSG.invalidEmail)),
  mobile: v.pipe(v.string(), v.regex(MOBILE_PATTERN, MSG.invalidMobile)),
  first_name: min(2, MSG.invalidFirstName),
  last_name: min(2, MSG.invalidLastName),
  address: min(8, MSG.invalidAddress),
  pincode: v.pipe(v.string(), v.regex(PINCODE_PATTERN, MSG.invalidPincode)),
  city: min(1, MSG.invalidCity),
  state: min(1, MSG.invalidState),
  bank_name: min(3, MSG.invalidBankName),
  account_number: v.pipe(v.string(), v.regex(ACCOUNT_NUMBER_PATTERN, MSG.invalidAccountNumber)),
  ifsc: v.pipe(v.string(), v.regex(IFSC_PATTERN, MSG.invalidIfsc)),
  pan: min(1, MSG.invalidPan),
  aadhaar_front: min(1, MSG.invalidAadhaarFront),
  aadhaar_back: min(1, MSG.invalidAadhaarBack),
  cancelled_cheque: min(1, MSG.invalidCancelledCheque),
});
