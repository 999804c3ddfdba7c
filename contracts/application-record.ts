import * as v from 'valibot';
import type { BusinessInfo } from './business';
import type { CpvInfo } from './cpv';
import type { Deviation } from './deviations';
import type { ApprovalChecks } from './kyc';
import type { LoanOffer } from './loan-offer';
import type { LoanType } from './products';
import type { StoredReference } from './references';
import type { Verifications } from './verification';

// One application as the main API answers it (server/services/application-store.ts `toApplication`: the stored data
// flattened, the columns on top) and as the phone caches it. The record type of every screen is this schema's output.
// Nested objects the server validated on write (its own answers) are checked only as objects and typed from their
// contracts, so parsing an answer stays cheap and a cached record is never parsed again on read.

const object = <T>() => v.custom<T>((x) => !!x && typeof x === 'object' && !Array.isArray(x));
const text = v.optional(v.string());
const flag = v.optional(v.boolean());

export const ApplicationRecord = v.looseObject({
  /** Always in the server's answers; a record the phone made before its first answer may lack it (the row has it). */
  id: v.optional(v.string()),
  phone: text,
  name: text,
  status: text,
  stages: v.optional(v.array(v.string())),
  tracker_id: v.optional(v.nullable(v.string())),
  owner_user_id: v.optional(v.nullable(v.number())),
  origin: v.optional(v.picklist(['staff', 'public'])),
  remarks: text,
  created_at: text,
  updated_at: text,
  loan_type: v.optional(v.custom<LoanType>((x) => typeof x === 'string')),
  amount_requested: v.optional(v.nullable(v.number())),
  is_phone_verified: flag,
  is_pd1_complete: flag,
  is_pd2_complete: flag,
  sanctioned: flag,
  pd2_cpv: v.optional(v.array(v.picklist(['business', 'residence']))),
  approval_checks: v.optional(v.nullable(object<ApprovalChecks>())),
  deviations: v.optional(v.array(object<Deviation>())),
  /** Money figures changed after PD2 (server/services/figures-change.ts), each for a second person to decide. */
  figures_deviations: v.optional(v.array(object<Deviation>())),
  verifications: v.optional(object<Verifications>()),
  bank_account: v.optional(object<Record<string, unknown> & { deviations?: Deviation[] }>()),
  business_info: v.optional(object<BusinessInfo & Record<string, unknown>>()),
  employment_info: v.optional(object<Record<string, unknown>>()),
  cpv_business: v.optional(object<CpvInfo & Record<string, unknown>>()),
  cpv_residence: v.optional(object<CpvInfo & Record<string, unknown>>()),
  reference: v.optional(v.array(object<StoredReference>())),
  loan_offer: v.optional(object<LoanOffer>()),
  /** The phone holds only a list row's summary until the whole record is fetched (src/review/use-whole-application.ts). */
  partial: flag,
});
export type ApplicationRecord = v.InferOutput<typeof ApplicationRecord>;
