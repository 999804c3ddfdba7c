// A submitted borrower read back (REQ-BORR-6: fields of an existing application are read-only): every field the
// application holds, in the form's order and with its labels, so a reopened record shows all it stores. Aadhaar by
// its last 4 digits only; codes (gender, ownership…) as the option lists label them.
import { GENDERS, HOUSE_TYPES, LOAN_PRODUCTS, LOAN_PURPOSES, MARITAL_STATUSES, PROPERTY_OWNERSHIP } from '../../../contracts/enums';
import { formatRupees } from '../../lib/format';

type Option = { code: string; label: string };
const labelOf = (list: readonly Option[], v: unknown) => (typeof v === 'string' && v ? (list.find((x) => x.code === v)?.label ?? v) : v);
const rupees = (v: unknown) => (typeof v === 'number' ? formatRupees(v) : v);

export type BorrowerRow = readonly [label: string, value: unknown];

export function borrowerRows(d: Record<string, unknown>): BorrowerRow[] {
  const last4 = typeof d.aadhaar_last4 === 'string' && d.aadhaar_last4 ? d.aadhaar_last4 : null;
  const rows: BorrowerRow[] = [
    ['Mobile number', d.phone ? `+91 ${d.phone}` : undefined],
    ['Aadhaar', last4 ? `XXXX XXXX ${last4}` : undefined],
    ['Title', d.title],
    ['Full name', d.name],
    ['Alternate mobile number', d.alternate_phone],
    ['Gender', labelOf(GENDERS, d.gender)],
    ['Marital status', labelOf(MARITAL_STATUSES, d.marital_status)],
    ['DOB', d.dob],
    ['Age', d.age],
    ['PAN', d.pan],
    ['Voter ID', d.voter_id],
    ['Email', d.email],
    ['Pincode', d.pincode],
    ['City', d.city],
    ['District', d.district],
    ['State', d.state],
    ['Address', d.address],
    ['Address type', d.address_type],
    ['Address ownership', labelOf(PROPERTY_OWNERSHIP, d.address_ownership_type)],
    ['Owned by', d.address_owned_by],
    ['Years here', d.years_of_residence],
    ['House type', labelOf(HOUSE_TYPES, d.house_type)],
    ['Loan type', labelOf(LOAN_PRODUCTS, d.loan_type)],
    ['Loan amount', rupees(d.amount_requested)],
    ['Tenure (months)', d.tenure_requested],
    ['EMI you can pay', rupees(d.emi_requested)],
    ['Purpose', labelOf(LOAN_PURPOSES, d.purpose)],
  ];
  return rows.filter(([, v]) => v !== undefined && v !== null && v !== '');
}
