// A submitted borrower read back (REQ-BORR-6: fields of an existing application are read-only): every field the
// application holds, in the form's order and with its labels, so a reopened record shows all it stores. Aadhaar by
// its last 4 digits only; codes (gender, ownership…) as the option lists label them.
import {
  ADDRESS_TYPES,
  GENDERS,
  HOUSE_TYPES,
  LOAN_PRODUCTS,
  LOAN_PURPOSES,
  MARITAL_STATUSES,
  PROPERTY_OWNERSHIP,
  TITLES,
} from '../../../contracts/enums';
import { t } from '../../i18n';
import { formatRupees } from '../../lib/format';

type Option = { code: string; label: string };
// An option's label in the person's language; a code no list knows is shown as it is.
const labelOf = (list: readonly Option[], v: unknown) => {
  if (typeof v !== 'string' || !v) return v;
  const label = list.find((x) => x.code === v)?.label;
  return label ? t(label) : v;
};
const rupees = (v: unknown) => (typeof v === 'number' ? formatRupees(v) : v);

export type BorrowerRow = readonly [label: string, value: unknown];

export function borrowerRows(d: Record<string, unknown>): BorrowerRow[] {
  const last4 = typeof d.aadhaar_last4 === 'string' && d.aadhaar_last4 ? d.aadhaar_last4 : null;
  const rows: BorrowerRow[] = [
    [t('Mobile number'), d.phone ? `+91 ${d.phone}` : undefined],
    [t('Aadhaar'), last4 ? `XXXX XXXX ${last4}` : undefined],
    [t('Title'), labelOf(TITLES, d.title)],
    [t('Full name'), d.name],
    [t('Alternate mobile number'), d.alternate_phone],
    [t('Gender'), labelOf(GENDERS, d.gender)],
    [t('Marital status'), labelOf(MARITAL_STATUSES, d.marital_status)],
    [t('DOB'), d.dob],
    [t('Age'), d.age],
    [t('PAN'), d.pan],
    [t('Voter ID'), d.voter_id],
    [t('Email'), d.email],
    [t('Pincode'), d.pincode],
    [t('City'), d.city],
    [t('District'), d.district],
    [t('State'), d.state],
    [t('Address'), d.address],
    [t('Address type'), labelOf(ADDRESS_TYPES, d.address_type)],
    [t('Address ownership'), labelOf(PROPERTY_OWNERSHIP, d.address_ownership_type)],
    [t('Owned by'), d.address_owned_by],
    [t('Years here'), d.years_of_residence],
    [t('House type'), labelOf(HOUSE_TYPES, d.house_type)],
    [t('Loan type'), labelOf(LOAN_PRODUCTS, d.loan_type)],
    [t('Loan amount'), rupees(d.amount_requested)],
    [t('Tenure (months)'), d.tenure_requested],
    [t('EMI you can pay'), rupees(d.emi_requested)],
    [t('Purpose'), labelOf(LOAN_PURPOSES, d.purpose)],
  ];
  return rows.filter(([, v]) => v !== undefined && v !== null && v !== '');
}
