// The borrower form's own fields: who the borrower is, where they live, and the loan they ask for.
import type { UseFormReturn } from 'react-hook-form';
import {
  ADDRESS_TYPES,
  GENDERS,
  HOUSE_TYPES,
  JOB_TYPES,
  LOAN_PRODUCTS,
  LOAN_PURPOSES,
  MARITAL_STATUSES,
  PROPERTY_OWNERSHIP,
  TITLES,
} from '../../../contracts/enums';
import { type LoanType, PRODUCTS } from '../../../contracts/products';
import { FloatingInput } from '../../components/ui/floating-input';
import { FloatingTextarea } from '../../components/ui/floating-textarea';
import { type BorrowerFormValues, defaultTenure, digitsToNumber } from '../../forms/borrower-form-values';
import { FormSelect, optionsOf } from '../../forms/form-select';

const numberField = { setValueAs: digitsToNumber };

export function BorrowerDetailsFields({ form }: { form: UseFormReturn<BorrowerFormValues> }) {
  const { errors } = form.formState;
  const [loanType, ownership] = form.watch(['loan_type', 'address_ownership_type']);
  const product = PRODUCTS[loanType as LoanType] ?? PRODUCTS.MFI_BUSINESS_LOAN;
  const aadhaarPhoto = form.watch('borrower_photo_from_aadhaar');
  const sel = (
    name: keyof BorrowerFormValues,
    label: string,
    list: readonly { value: string | number; label: string }[],
    extra: { onPicked?: (v: string | number | null) => void; searchable?: boolean } = {},
  ) => (
    <FormSelect control={form.control} name={name} label={label} options={list} searchable={extra.searchable} onPicked={extra.onPicked} />
  );
  return (
    <>
      <fieldset className="form-section">
        <legend>Borrower</legend>
        {typeof aadhaarPhoto === 'string' && /^(data:image\/|https:)/.test(aadhaarPhoto) && (
          <img className="aadhaar-photo" src={aadhaarPhoto} alt="Borrower as on the Aadhaar card" width={96} height={120} />
        )}
        {sel('title', 'Title', optionsOf(TITLES))}
        <FloatingInput label="Full name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <div className="two-col">
          {sel('gender', 'Gender', optionsOf(GENDERS))}
          {sel('marital_status', 'Marital status', optionsOf(MARITAL_STATUSES))}
        </div>
        <div className="two-col">
          <FloatingInput
            label="DOB (DD-MM-YYYY)"
            inputMode="numeric"
            mask="dmy"
            maxLength={10}
            error={errors.dob?.message}
            {...form.register('dob')}
          />
          <FloatingInput label="Age" value={form.watch('age') ?? ''} readOnly error={errors.age?.message} />
        </div>
        <FloatingInput
          label="Alternate mobile number (optional)"
          inputMode="numeric"
          maxLength={10}
          error={errors.alternate_phone?.message}
          {...form.register('alternate_phone')}
        />
        <FloatingInput label="Email (optional)" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
      </fieldset>

      <fieldset className="form-section">
        <legend>Residence</legend>
        <FloatingInput label="Pincode" inputMode="numeric" maxLength={6} error={errors.pincode?.message} {...form.register('pincode')} />
        <div className="two-col">
          <FloatingInput label="City" error={errors.city?.message} {...form.register('city')} />
          <FloatingInput label="District" error={errors.district?.message} {...form.register('district')} />
        </div>
        <FloatingInput label="State" error={errors.state?.message} {...form.register('state')} />
        <FloatingTextarea label="Address" error={errors.address?.message} {...form.register('address')} />
        {sel('address_type', 'Address type', optionsOf(ADDRESS_TYPES))}
        {sel('address_ownership_type', 'Address ownership', optionsOf(PROPERTY_OWNERSHIP))}
        {ownership === 'FAMILY_OWNED' && <FloatingInput label="Owned by (family member)" {...form.register('address_owned_by')} />}
        <div className="two-col">
          <FloatingInput
            label="Years here"
            inputMode="numeric"
            maxLength={2}
            error={errors.years_of_residence?.message}
            {...form.register('years_of_residence', numberField)}
          />
          {sel('house_type', 'House type', optionsOf(HOUSE_TYPES))}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>Loan</legend>
        {sel('loan_type', 'Loan type', optionsOf(LOAN_PRODUCTS), {
          onPicked: (v) => v && form.setValue('tenure_requested', defaultTenure(v as LoanType)),
        })}
        <FloatingInput
          label={`Loan amount (₹${product.minAmount.toLocaleString('en-IN')} to ₹${product.maxAmount.toLocaleString('en-IN')})`}
          inputMode="numeric"
          maxLength={11}
          error={errors.amount_requested?.message}
          {...form.register('amount_requested', numberField)}
        />
        {sel(
          'tenure_requested',
          'Tenure (months)',
          product.tenures.map((t) => ({ value: t, label: `${t} months` })),
        )}
        <FloatingInput
          label="EMI you can pay (₹ per month)"
          inputMode="numeric"
          maxLength={11}
          error={errors.emi_requested?.message}
          {...form.register('emi_requested', numberField)}
        />
        {sel('purpose', 'Purpose of the loan', optionsOf(LOAN_PURPOSES))}
        {sel('job_type', 'Occupation', optionsOf(JOB_TYPES))}
      </fieldset>
    </>
  );
}
