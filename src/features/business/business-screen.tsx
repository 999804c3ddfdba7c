// /application/business?id=: business details with up to three bank statement groups (REQ-BIZ-1 to REQ-BIZ-4), captured
// offline like every step; online, the statement analysis (CAM) follows the submit and never blocks it.
import { AfterMobileNote } from '../../forms/after-mobile-note';
import { useNavigate } from '@tanstack/react-router';
import { Controller } from 'react-hook-form';
import {
  BUSINESS_PROOF_MIME,
  BusinessInfo,
  MAX_ADDITIONAL_BANKS,
  needsBusinessOwnershipProof,
  needsRentAgreement,
  needsResidenceOwnershipProof,
  OWNERSHIP_PROOF_OF,
} from '../../../contracts/business';
import {
  BANK_ACCOUNT_TYPES,
  BUSINESS_CONSTITUTIONS,
  BUSINESS_PROOF_DOCUMENTS,
  labelOf,
  PROPERTY_OWNERSHIP,
  PROPERTY_PROOF_DOCUMENTS,
} from '../../../contracts/enums';
import type { Bank, BusinessCategory } from '../../../contracts/lists';
import { msg } from '../../../contracts/msg';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { FloatingTextarea } from '../../components/ui/floating-textarea';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication, useList } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { digitsToNumber } from '../../lib/number-input';
import { t } from '../../i18n';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { usePincodeFill } from '../../forms/use-pincode-fill';
import { FormSelect, optionsOf } from '../../forms/form-select';
import { submitStep } from '../../ops/settle-step';
import { StepPair } from '../../forms/step-pairs';
import { StepSummary } from '../../forms/step-summary';
import { LIST_KEYS } from '../../sync/prefetch';
import { PhotoField } from '../../photos/photo-field';
import { BUSINESS_KIND, bankCodeProblem, businessDraftKey, queueStatementAnalysis, submitBusiness } from './business-step';
import { CamOutcome } from './cam-outcome';
import { StatementFilesField } from './statement-files-field';
import { StatementIdentityLine } from './statement-identity';
import { useFlow, useOwnsSteps, useStagePath } from '../../session/flow-context';
import { NoApplication, StepSubmit, useStepForm } from '../../forms/use-step-form';
import { StepNotes } from '../../forms/step-notes';
import { useStepWaiting } from '../../forms/use-step-waiting';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';
import { useStepRefusal } from '../../forms/use-step-refusal';

type Suffix = '' | '1' | '2';
/** Whose ownership the proof shows, as the radio buttons say it. */
const PROOF_OF_LABEL = { BUSINESS: msg('Business'), RESIDENCE: msg('Residence'), BOTH: msg('Both') } as const;
type Form = Record<string, unknown> & { business_address_ownership_type: string; ownership_proof_type: string; extra_banks: number };
const group = (s: Suffix): Record<string, unknown> => ({
  [`bank_name${s}`]: '',
  [`statement_bank_id${s}`]: null,
  [`bank_statement${s}`]: [],
  [`bank_statement_pwd${s}`]: '',
  [`bank_account_type${s}`]: '',
  [`credit_limit${s}`]: '',
});
const EMPTY: Form = {
  business_name: '',
  business_type: '',
  category_of_business: '',
  sector_of_business: '',
  business_pincode: '',
  business_district: '',
  business_city: '',
  business_state: '',
  business_address: '',
  businesss_landmark: '',
  business_address_ownership_type: '',
  owned_by: '',
  years_in_business: null,
  udyam_regd_no: '',
  gst_no: '',
  gst_upload: '',
  business_proof_type: '',
  business_proof: '',
  ownership_proof_type: '',
  business_ownership_proof: '',
  business_ownership_proof_file: '',
  residence_ownership_proof: '',
  residence_ownership_proof_file: '',
  business_rent_agreement: '',
  remarks: '',
  ...group(''),
  ...group('1'),
  ...group('2'),
  extra_banks: 0,
};

function BusinessForm({ appId }: { appId: string }) {
  const to = useStagePath();
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const initiating = useOwnsSteps();
  const { visitor } = useFlow();
  const phone = useApplication(db, appId)?.data?.phone;
  const banks = useList<Bank[]>(db, LIST_KEYS.banks)?.value ?? [];
  const categories = useList<BusinessCategory[]>(db, LIST_KEYS.businessCategories)?.value ?? [];
  const { form, draft, firstError } = useStepForm<Form>(BusinessInfo, EMPTY, businessDraftKey(appId));
  const { errors, isSubmitting, submitCount } = form.formState;
  usePincodeFill(form, online, {
    pincode: 'business_pincode',
    city: 'business_city',
    district: 'business_district',
    state: 'business_state',
  });
  const [ownership, proofOf, sector, extra, mainBank, mainStatements] = form.watch([
    'business_address_ownership_type',
    'ownership_proof_type',
    'sector_of_business',
    'extra_banks',
    'statement_bank_id',
    'bank_statement',
  ]) as [string, string, string, number, number | null, string[]];
  const err = (k: string) => (errors as Record<string, { message?: string } | undefined>)[k]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!db) return;
    const info = values as unknown as BusinessInfo;
    const codeProblem = bankCodeProblem(banks, info.statement_bank_id);
    if (codeProblem) return void toast.error(codeProblem);
    // The statement analysis (CAM) goes behind the business details, online or not; the endpoint is the lender's own,
    // so a visitor's business step never asks for it. Its outcome comes back as a toast and on this screen.
    await submitStep(
      db,
      online,
      async () => {
        const op = await submitBusiness(db, appId, info, initiating);
        const code = banks.find((b) => b.id === info.statement_bank_id)?.code ?? '';
        const statement = info.bank_statement[0];
        if (!visitor && statement) await queueStatementAnalysis(db, appId, op, code, statement, info.bank_statement_pwd ?? '');
        return op;
      },
      { appId, navigate, next: to('bank-account-details') },
    );
  });
  const text = (field: string, label: string, extraProps: Record<string, unknown> = {}) => (
    <FloatingInput label={label} autoComplete="off" error={err(field)} {...extraProps} {...form.register(field)} />
  );
  const file = (field: string, label: string, types?: readonly string[]) => (
    <Controller
      control={form.control}
      name={field}
      render={({ field: f, fieldState }) => (
        <PhotoField
          db={db}
          label={label}
          allowPdf
          types={types}
          value={(f.value as string) || null}
          error={fieldState.error?.message}
          target={{ appId, field, fileType: field.toUpperCase(), uploadType: 'APPLY_LOAN', phone, label }}
          onChange={(id) => {
            f.onChange(id ?? '');
            if (id) form.clearErrors(field);
          }}
        />
      )}
    />
  );
  const bankGroup = (s: Suffix, title: string) => (
    <fieldset className="bank-group" key={s}>
      <legend>{title}</legend>
      <FormSelect
        control={form.control}
        name={`statement_bank_id${s}`}
        label={t('Bank')}
        searchable
        options={banks.map((b) => ({ value: b.id, label: b.name }))}
        onPicked={(id) => form.setValue(`bank_name${s}`, banks.find((b) => b.id === id)?.name ?? '', { shouldValidate: submitCount > 0 })}
      />
      <Controller
        control={form.control}
        name={`bank_statement${s}`}
        render={({ field, fieldState }) => (
          <StatementFilesField
            db={db}
            appId={appId}
            phone={phone}
            field={`bank_statement${s}`}
            label={t('Bank statements (PDF)')}
            value={(field.value as string[]) ?? []}
            onChange={(ids) => field.onChange(ids)}
            error={fieldState.error?.message}
          />
        )}
      />
      {text(`bank_statement_pwd${s}`, t('Statement password (if any)'), { type: 'password' })}
      <StatementIdentityLine
        db={db}
        localIds={(form.watch(`bank_statement${s}`) as string[]) ?? []}
        password={String(form.watch(`bank_statement_pwd${s}`) ?? '')}
        bankName={String(form.watch(`bank_name${s}`) ?? '')}
        keepFor={s === '' ? appId : undefined}
      />
      <FormSelect control={form.control} name={`bank_account_type${s}`} label={t('Account type')} options={optionsOf(BANK_ACCOUNT_TYPES)} />
      <FloatingInput
        label={t('Credit limit (₹, if any)')}
        inputMode="numeric"
        maxLength={15}
        error={err(`credit_limit${s}`)}
        {...form.register(`credit_limit${s}`, { setValueAs: (x: unknown) => String(x ?? '').replace(/\D/g, '') })}
      />
    </fieldset>
  );
  const sectors = [...new Set(categories.map((c) => c.sector))].map((x) => ({ value: x, label: t(x) }));
  const cats = categories
    .filter((c) => !sector || c.sector === sector)
    .map((c) => ({ value: c.businessCategory, label: t(c.businessCategory) }));
  const canAddBank = extra < MAX_ADDITIONAL_BANKS && !!mainBank && (mainStatements?.length ?? 0) > 0;

  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-label={t('Business details')}>
      <StepNotes draft={draft} error={firstError} />
      <fieldset className="form-section">
        <legend>{t('Business')}</legend>
        {text('business_name', t('Business name'))}
        <FormSelect control={form.control} name="business_type" label={t('Business type')} options={optionsOf(BUSINESS_CONSTITUTIONS)} />
        <FormSelect
          control={form.control}
          name="sector_of_business"
          label={t('Sector of business')}
          searchable
          options={sectors}
          onPicked={() => form.setValue('category_of_business', '')}
        />
        <FormSelect control={form.control} name="category_of_business" label={t('Category of business')} searchable options={cats} />
        <FloatingInput
          label={t('Years in business')}
          inputMode="numeric"
          maxLength={3}
          error={err('years_in_business')}
          {...form.register('years_in_business', { setValueAs: digitsToNumber })}
        />
        {text('udyam_regd_no', t('Udyam registration number (optional)'), { autoCapitalize: 'characters' })}
        {text('gst_no', t('GST number (optional)'), { autoCapitalize: 'characters' })}
        {file('gst_upload', t('GST certificate (optional)'))}
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('Business address')}</legend>
        {text('business_pincode', t('Pincode'), { inputMode: 'numeric', maxLength: 6 })}
        <div className="two-col">
          {text('business_city', t('City'))}
          {text('business_district', t('District'))}
        </div>
        {text('business_state', t('State'))}
        <FloatingTextarea label={t('Address')} error={err('business_address')} {...form.register('business_address')} />
        {text('businesss_landmark', t('Landmark (optional)'))}
        <FormSelect
          control={form.control}
          name="business_address_ownership_type"
          label={t('Business address ownership')}
          options={optionsOf(PROPERTY_OWNERSHIP)}
        />
        {ownership === 'FAMILY_OWNED' && text('owned_by', t('Owned by (family member)'))}
        {ownership && needsRentAgreement(ownership) && file('business_rent_agreement', t('Rent agreement'))}
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('Proofs')}</legend>
        <FormSelect
          control={form.control}
          name="business_proof_type"
          label={t('Business proof type')}
          options={optionsOf(BUSINESS_PROOF_DOCUMENTS)}
        />
        {file('business_proof', t('Business proof'), BUSINESS_PROOF_MIME)}
        <div role="radiogroup" aria-label={t('Ownership proof of')} className="radio-row">
          {OWNERSHIP_PROOF_OF.map((o) => (
            <label key={o}>
              <input type="radio" value={o} {...form.register('ownership_proof_type')} /> {t(PROOF_OF_LABEL[o])}
            </label>
          ))}
        </div>
        {err('ownership_proof_type') && <MessageLine variant="error">{err('ownership_proof_type')}</MessageLine>}
        {needsBusinessOwnershipProof(proofOf) && (
          <>
            <FormSelect
              control={form.control}
              name="business_ownership_proof"
              label={t('Business ownership proof')}
              options={optionsOf(PROPERTY_PROOF_DOCUMENTS)}
            />
            {file('business_ownership_proof_file', t('Business ownership proof document'))}
          </>
        )}
        {needsResidenceOwnershipProof(proofOf) && (
          <>
            <FormSelect
              control={form.control}
              name="residence_ownership_proof"
              label={t('Residence ownership proof')}
              options={optionsOf(PROPERTY_PROOF_DOCUMENTS)}
            />
            {file('residence_ownership_proof_file', t('Residence ownership proof document'))}
          </>
        )}
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('Bank statements')}</legend>
        {bankGroup('', t('Main bank'))}
        {extra >= 1 && bankGroup('1', t('Additional bank 1'))}
        {extra >= 2 && bankGroup('2', t('Additional bank 2'))}
        <Button variant="outline" disabled={!canAddBank} onClick={() => form.setValue('extra_banks', extra + 1)}>
          {t('Add another bank')}
        </Button>
      </fieldset>
      <FloatingTextarea label={t('Remarks (optional)')} {...form.register('remarks')} />
      <StepSubmit
        draft={draft}
        busy={isSubmitting}
        ready={!!db}
        refusal={useStepRefusal(appId, initiating ? 'business.submit' : 'business.update')}
      />
    </form>
  );
}

export function BusinessScreen() {
  const to = useStagePath();
  const { id } = useRouteSearch(APP_SEARCH);
  const db = useUserDb();
  const data = useApplication(db, id ?? '')?.data;
  const waiting = useStepWaiting(db, id, BUSINESS_KIND);
  if (!id) return <NoApplication />;
  const b = data?.business_info;
  return (
    <main className="page">
      <h2>{t('Business details')}</h2>
      <AfterMobileNote appId={id} />
      <StepPair pair="business" current={0} appId={id} />
      <CamOutcome db={db} appId={id} />
      {b ? (
        <StepSummary
          appId={id}
          next={to('bank-account-details')}
          note={t('Business details are submitted for this application.')}
          rows={[
            [t('Business name'), b.business_name],
            [t('Type'), labelOf(BUSINESS_CONSTITUTIONS, String(b.business_type ?? ''))],
            [t('Sector'), b.sector_of_business],
            [t('Category'), b.category_of_business],
            [t('Years in business'), b.years_in_business],
            [t('Pincode'), b.business_pincode],
            [t('City'), b.business_city],
            [t('Main bank'), b.bank_name],
            [t('Statements'), Array.isArray(b.bank_statement) ? b.bank_statement.length : undefined],
          ]}
        />
      ) : waiting ? (
        <MessageLine variant="info">{t('Business details are saved on this phone and will be sent when it is online.')}</MessageLine>
      ) : (
        <BusinessForm key={id} appId={id} />
      )}
    </main>
  );
}
