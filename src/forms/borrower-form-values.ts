// The borrower form's values: the contract's fields plus the full Aadhaar number, which lives only in the form.
import type { BorrowerInfo } from '../../contracts/borrower';
import { ageFromDmy } from '../../contracts/dates';
import { type LoanType, PRODUCTS } from '../../contracts/products';
import type { AppVerificationData } from '../ops/verification-ops';

export type BorrowerFormValues = Omit<
  BorrowerInfo,
  'terms_accepted' | 'age' | 'years_of_residence' | 'amount_requested' | 'tenure_requested' | 'emi_requested'
> & {
  aadhaar: string;
  age: number | null;
  years_of_residence: number | null;
  amount_requested: number | null;
  tenure_requested: number;
  emi_requested: number | null;
  terms_accepted: boolean;
};

/** An application as the borrower form reads it: the form's values, the checks so far, who and which mobile. */
export type BorrowerAppData = AppVerificationData &
  Partial<BorrowerFormValues> & { id: string; phone: string; name?: string; is_phone_verified?: boolean };

export const emptyBorrower = (phone: string, name = ''): BorrowerFormValues => ({
  phone,
  aadhaar: '',
  aadhaar_last4: '',
  title: '',
  name,
  alternate_phone: '',
  gender: '',
  marital_status: '',
  dob: '',
  age: null,
  pan: '',
  voter_id: '',
  pincode: '',
  city: '',
  district: '',
  state: '',
  address: '',
  address_type: '',
  address_ownership_type: '',
  address_owned_by: '',
  years_of_residence: null,
  house_type: '',
  email: '',
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: null,
  tenure_requested: PRODUCTS.MFI_BUSINESS_LOAN.tenures[0]!,
  emi_requested: null,
  purpose: '',
  job_type: 'SELF_EMPLOYED',
  borrower_photo_from_aadhaar: '',
  terms_accepted: false,
});

/** The form as last submitted from this phone or stored by the server, over the empty one. */
export function submittedBorrower(app: BorrowerAppData): BorrowerFormValues {
  const empty = emptyBorrower(app.phone, app.name ?? '');
  const given = Object.fromEntries(
    Object.keys(empty)
      .filter((k) => k !== 'aadhaar')
      .flatMap((k) => {
        const v = (app as Record<string, unknown>)[k];
        return v === undefined || v === null ? [] : [[k, v]];
      }),
  );
  return { ...empty, ...given, phone: app.phone };
}

export { digitsToNumber } from '../lib/number-input';

export { maskDmy } from '../components/ui/input-masks';

export const ageOf = (dob: string): number | null => ageFromDmy(dob);

/** The first tenure of a product is the default (REQ-BORR-3). */
export const defaultTenure = (t: LoanType) => PRODUCTS[t].tenures[0]!;

/**
 * The Aadhaar field after a draft restore or a verification shows only the last 4 digits, as XXXX-XXXX-1234:
 * the full number lives only in memory for the OTP call.
 */
export const maskedAadhaar = (last4: string) => (last4 ? `XXXX-XXXX-${last4}` : '');
export const isMaskedAadhaar = (v: string) => /^X{4}-X{4}-\d{4}$/.test(v);
