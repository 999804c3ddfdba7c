// What the phone knows of an application's PAN, voter id and bank account checks: the maps the server keeps plus the
// last refusal per field, which only the phone keeps. Rules read it; the verification ops write it.
import type { Verifications } from '../../contracts/verification';

export type CheckedField = 'pan' | 'voter_id' | 'account_number';
export type Check = { state: 'none' | 'pending' | 'verified' | 'failed'; name?: string; message?: string };
/** Local-only record of the last refusal per field (the server keeps only successes). */
export type VerificationFailures = Partial<Record<CheckedField, { value: string; message: string }>>;
/** Every value verified for the application (borrower and co-applicants), value → name; the server keeps the same maps. */
export type VerifiedMaps = {
  verified_pans?: Record<string, string>;
  verified_voter_ids?: Record<string, string>;
  /** The server keeps the bank's answer per account number; the phone keeps the holder's name. */
  verified_bank_accounts?: Record<string, string | { holder: string; bank_name?: string; ifsc?: string }>;
};
export type AppVerificationData = VerifiedMaps & { verifications?: Verifications; verification_failures?: VerificationFailures };
