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
import { t } from '../../i18n';

const numberField = { setValueAs: digitsToNumber };
// The range in whole rupees, as the amount rule's message words it (format.ts has only the 2-decimal form).
const wholeRupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

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
        <legend>{t('Borrower')}</legend>
        {typeof aadhaarPhoto === 'string' && /^(data:image\/|https:)/.test(aadhaarPhoto) && (
          <img className="aadhaar-photo" src={aadhaarPhoto} alt={t('Borrower as on the Aadhaar card')} width={96} height={120} />
        )}
        {sel('title', t('Title'), optionsOf(TITLES))}
        <FloatingInput label={t('Full name')} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <div className="two-col">
          {sel('gender', t('Gender'), optionsOf(GENDERS))}
          {sel('marital_status', t('Marital status'), optionsOf(MARITAL_STATUSES))}
        </div>
        <div className="two-col">
          <FloatingInput
            label={t('DOB (DD-MM-YYYY)')}
            inputMode="numeric"
            mask="dmy"
            maxLength={10}
            error={errors.dob?.message}
            {...form.register('dob')}
          />
          <FloatingInput label={t('Age')} value={form.watch('age') ?? ''} readOnly error={errors.age?.message} />
        </div>
        <FloatingInput
          label={t('Alternate mobile number (optional)')}
          inputMode="numeric"
          maxLength={10}
          error={errors.alternate_phone?.message}
          {...form.register('alternate_phone')}
        />
        <FloatingInput
          label={t('Email (optional)')}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('Residence')}</legend>
        <FloatingInput
          label={t('Pincode')}
          inputMode="numeric"
          maxLength={6}
          error={errors.pincode?.message}
          {...form.register('pincode')}
        />
        <div className="two-col">
          <FloatingInput label={t('City')} error={errors.city?.message} {...form.register('city')} />
          <FloatingInput label={t('District')} error={errors.district?.message} {...form.register('district')} />
        </div>
        <FloatingInput label={t('State')} error={errors.state?.message} {...form.register('state')} />
        <FloatingTextarea label={t('Address')} error={errors.address?.message} {...form.register('address')} />
        {sel('address_type', t('Address type'), optionsOf(ADDRESS_TYPES))}
        {sel('address_ownership_type', t('Address ownership'), optionsOf(PROPERTY_OWNERSHIP))}
        {ownership === 'FAMILY_OWNED' && <FloatingInput label={t('Owned by (family member)')} {...form.register('address_owned_by')} />}
        <div className="two-col">
          <FloatingInput
            label={t('Years here')}
            inputMode="numeric"
            maxLength={2}
            error={errors.years_of_residence?.message}
            {...form.register('years_of_residence', numberField)}
          />
          {sel('house_type', t('House type'), optionsOf(HOUSE_TYPES))}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('Loan')}</legend>
        {sel('loan_type', t('Loan type'), optionsOf(LOAN_PRODUCTS), {
          onPicked: (v) => v && form.setValue('tenure_requested', defaultTenure(v as LoanType)),
        })}
        <FloatingInput
          label={t('Loan amount ({min} to {max})', { min: wholeRupees(product.minAmount), max: wholeRupees(product.maxAmount) })}
          inputMode="numeric"
          maxLength={11}
          error={errors.amount_requested?.message}
          {...form.register('amount_requested', numberField)}
        />
        {sel(
          'tenure_requested',
          t('Tenure (months)'),
          product.tenures.map((n) => ({ value: n, label: t('{count, plural, one {# month} other {# months}}', { count: n }) })),
        )}
        <FloatingInput
          label={t('EMI you can pay (₹ per month)')}
          inputMode="numeric"
          maxLength={11}
          error={errors.emi_requested?.message}
          {...form.register('emi_requested', numberField)}
        />
        {sel('purpose', t('Purpose of the loan'), optionsOf(LOAN_PURPOSES))}
        {sel('job_type', t('Occupation'), optionsOf(JOB_TYPES))}
      </fieldset>
    </>
  );
}
