// /application/employment?id=: the employment and house-verification form (REQ-EMP-1): company, salary, and three
// salary slips (required) with the company id card; captured offline and sent by the outbox like every step.
import { AfterMobileNote } from '../../forms/after-mobile-note';
import { useNavigate } from '@tanstack/react-router';
import { Controller } from 'react-hook-form';
import { ADDRESS_TYPES } from '../../../contracts/enums';
import { EMPLOYMENT_FILE_FIELDS, EmploymentInfo } from '../../../contracts/employment';
import { msg } from '../../../contracts/msg';
import { FloatingInput } from '../../components/ui/floating-input';
import { FloatingTextarea } from '../../components/ui/floating-textarea';
import { useApplication } from '../../db/hooks';
import { draftKey } from '../../db/drafts';
import { useUserDb } from '../../db/user-db-context';
import { digitsToNumber } from '../../lib/number-input';
import { t } from '../../i18n';
import { useOnline } from '../../lib/use-online';
import { fileRef } from '../../sync/dependency';
import { enqueue } from '../../sync/enqueue';
import { usePincodeFill } from '../../forms/use-pincode-fill';
import { FormSelect, optionsOf } from '../../forms/form-select';
import { submitStep } from '../../ops/settle-step';
import { PhotoField } from '../../photos/photo-field';
import { useStagePath } from '../../session/flow-context';
import { NoApplication, StepSubmit, useStepForm } from '../../forms/use-step-form';
import { StepNotes } from '../../forms/step-notes';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';
import { OP_CATALOGUE } from '../../sync/op-catalogue';
import { useStepRefusal } from '../../forms/use-step-refusal';

export const EMPLOYMENT_KIND = OP_CATALOGUE.employment.kind;
type Form = Record<string, unknown>;
const EMPTY: Form = {
  company_name: '',
  designation: '',
  official_email: '',
  monthly_in_hand_salary: null,
  work_experience_years: null,
  work_experience_months: null,
  company_pincode: '',
  company_city: '',
  company_district: '',
  company_state: '',
  company_address: '',
  company_address_type: '',
  company_id_card: '',
  salary_slip1: '',
  salary_slip2: '',
  salary_slip3: '',
  company_website_link: '',
  company_sector: '',
};
const FILE_LABELS: Record<(typeof EMPLOYMENT_FILE_FIELDS)[number], string> = {
  salary_slip1: msg('Salary slip 1'),
  salary_slip2: msg('Salary slip 2'),
  salary_slip3: msg('Salary slip 3'),
  company_id_card: msg('Company ID card (optional)'),
};

function EmploymentForm({ appId }: { appId: string }) {
  const to = useStagePath();
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const phone = useApplication(db, appId)?.data?.phone;
  const key = draftKey(appId, 'employment');
  const { form, draft, firstError } = useStepForm<Form>(EmploymentInfo, EMPTY, key);
  const { errors, isSubmitting } = form.formState;
  usePincodeFill(form, online, { pincode: 'company_pincode', city: 'company_city', district: 'company_district', state: 'company_state' });
  const err = (k: string) => (errors as Record<string, { message?: string } | undefined>)[k]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!db) return;
    const files = Object.fromEntries(EMPLOYMENT_FILE_FIELDS.filter((f) => values[f]).map((f) => [f, fileRef(String(values[f]))]));
    const queue = () =>
      enqueue(
        db,
        OP_CATALOGUE.employment,
        {
          appId,
          at: { appId },
          body: { ...values, ...files },
          label: msg('Employment details'),
        },
        { draftKeyToClear: key, resubmit: true },
      );
    await submitStep(db, online, queue, { appId, navigate, next: to('bank-account-details') });
  });
  const text = (field: string, label: string, extra: Record<string, unknown> = {}) => (
    <FloatingInput label={label} autoComplete="off" error={err(field)} {...extra} {...form.register(field)} />
  );
  const number = (field: string, label: string) => (
    <FloatingInput
      label={label}
      inputMode="numeric"
      maxLength={9}
      error={err(field)}
      {...form.register(field, { setValueAs: digitsToNumber })}
    />
  );
  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-label={t('Employment details')}>
      <StepNotes draft={draft} error={firstError} />
      {text('company_name', t('Company name'))}
      {text('designation', t('Designation'))}
      {text('official_email', t('Official email (optional)'), { type: 'email' })}
      {number('monthly_in_hand_salary', t('Monthly in-hand salary (₹)'))}
      <div className="two-col">
        {number('work_experience_years', t('Experience (years)'))}
        {number('work_experience_months', t('Experience (months)'))}
      </div>
      {text('company_sector', t('Company sector'))}
      {text('company_website_link', t('Company website (optional)'))}
      {text('company_pincode', t('Company pincode'), { inputMode: 'numeric', maxLength: 6 })}
      <div className="two-col">
        {text('company_city', t('City'))}
        {text('company_state', t('State'))}
      </div>
      <FloatingTextarea label={t('Company address')} {...form.register('company_address')} />
      <FormSelect control={form.control} name="company_address_type" label={t('Company address type')} options={optionsOf(ADDRESS_TYPES)} />
      {EMPLOYMENT_FILE_FIELDS.map((field) => (
        <Controller
          key={field}
          control={form.control}
          name={field}
          render={({ field: f, fieldState }) => (
            <PhotoField
              db={db}
              label={t(FILE_LABELS[field])}
              allowPdf
              value={(f.value as string) || null}
              error={fieldState.error?.message}
              target={{ appId, field, fileType: field.toUpperCase(), uploadType: 'EMPLOYMENT', phone, label: FILE_LABELS[field] }}
              onChange={(id) => {
                f.onChange(id ?? '');
                if (id) form.clearErrors(field);
              }}
            />
          )}
        />
      ))}
      <StepSubmit draft={draft} busy={isSubmitting} ready={!!db} refusal={useStepRefusal(appId, 'employment.submit')} />
    </form>
  );
}

export function EmploymentScreen() {
  const { id } = useRouteSearch(APP_SEARCH);
  if (!id) return <NoApplication />;
  return (
    <main className="page">
      <h2>{t('Employment and house verification')}</h2>
      <AfterMobileNote appId={id} />
      <EmploymentForm key={id} appId={id} />
    </main>
  );
}
