// /application/co-applicant-details?id=&record_index= | co_applicant_id= | rejected_guarantor_id=: one co-borrower or
// guarantor (REQ-COAP-1): PAN (and the co-borrower's voter id) checked, documents, a draft per record index.
import { AfterMobileNote } from '../../forms/after-mobile-note';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { CO_MSG, CoApplicantInfo, type CoApplicantType } from '../../../contracts/co-applicant';
import type { Deviation } from '../../../contracts/deviations';
import { msg } from '../../../contracts/msg';
import { CO_APPLICANT_RELATIONSHIPS, FAMILY_RELATIONSHIPS, GENDERS, MARITAL_STATUSES, TITLES } from '../../../contracts/enums';
import { VERIFY_MSG } from '../../../contracts/verification';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { FloatingTextarea } from '../../components/ui/floating-textarea';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication, useAppRecords, useOutboxOps } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { digitsToNumber } from '../../lib/number-input';
import { t } from '../../i18n';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { ageOf } from '../../forms/borrower-form-values';
import { CheckRow } from '../../forms/check-row';
import { matchNames, nameValues } from '../../workflow/name-match';
import { usePincodeFill } from '../../forms/use-pincode-fill';
import { checkPasses, checkState } from '../../ops/verification-ops';
import { useCheckVerify } from '../../forms/use-check-verify';
import { FormSelect, optionsOf } from '../../forms/form-select';
import type { OutboxOp } from '../../db/types';
import { submitStep } from '../../ops/settle-step';
import { PhotoField } from '../../photos/photo-field';
import { CO_FILES, type CoMode, coDraftKey, type LocalCoApplicant, SavedCoApplicant, saveCoApplicant } from '../../ops/co-applicant-ops';
import * as v from 'valibot';
import { useStagePath } from '../../session/flow-context';
import { useAadhaarFrontPrefill } from '../../forms/use-aadhaar-front-prefill';
import { NoApplication, StepSubmit, useStepForm } from '../../forms/use-step-form';
import { reasonWords } from '../../workflow/rejection';
import { verifyReason } from '../../workflow/verify-reason';
import { StepNotes } from '../../forms/step-notes';
import { RECORD_SEARCH, useRouteSearch } from '../../forms/route-search';
import { useStepRefusal } from '../../forms/use-step-refusal';
import { setDerived } from '../../forms/set-derived';

type Form = Omit<CoApplicantInfo, 'income' | 'age' | 'type' | 'deviations'> & {
  type: CoApplicantType | '';
  income: number | null;
  age: number | null;
};
const EMPTY: Form = {
  type: '',
  relationship: '',
  title: '',
  phone: '',
  name: '',
  guardian_name: '',
  guardian_relationship: '',
  gender: '',
  income: null,
  dob: '',
  age: null,
  marital_status: '',
  email: '',
  pincode: '',
  city: '',
  district: '',
  state: '',
  address: '',
  landmark: '',
  pan: '',
  voter_id: '',
  aadhaar: '',
  pan_file: '',
  aadhaar_front_file: '',
  aadhaar_back_file: '',
  voter_id_file: '',
};
const TYPES = [
  { value: 'CO_BORROWER', label: msg('Co-borrower') },
  { value: 'GUARANTOR', label: msg('Guarantor') },
];
const FILE_LABELS = {
  pan_file: msg('PAN card'),
  aadhaar_front_file: msg('Aadhaar front'),
  aadhaar_back_file: msg('Aadhaar back'),
  voter_id_file: msg('Voter ID card'),
} as const;

function CoApplicantForm({ appId, mode, existing }: { appId: string; mode: CoMode; existing?: LocalCoApplicant }) {
  const to = useStagePath();
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const ops = useOutboxOps(db);
  const app = useApplication(db, appId)?.data;
  const { form, draft, firstError } = useStepForm<Form>(
    CoApplicantInfo,
    existing ? { ...EMPTY, ...(existing as Partial<Form>) } : EMPTY,
    coDraftKey(appId, mode.recordIndex),
  );
  const { errors, isSubmitting } = form.formState;
  usePincodeFill(form, online);

  const [type, pan, voterId, dob, name] = form.watch(['type', 'pan', 'voter_id', 'dob', 'name']);
  const guarantor = type === 'GUARANTOR';
  const panCheck = checkState('pan', pan, app, ops);
  const voterCheck = checkState('voter_id', voterId ?? '', app, ops);
  useEffect(() => setDerived(form, 'age', ageOf(dob)), [dob, form]);
  useAadhaarFrontPrefill(db, form.watch('aadhaar_front_file'), (r) => {
    const empty = (k: 'name' | 'dob' | 'gender' | 'aadhaar') => !form.getValues(k);
    const sets: Array<['name' | 'dob' | 'gender' | 'aadhaar', string | undefined]> = [
      ['name', r.name?.toUpperCase()],
      ['dob', r.dob],
      ['gender', r.gender],
      ['aadhaar', r.aadhaar_last4],
    ];
    const filled = sets.filter(([k, v]) => v && empty(k));
    for (const [k, v] of filled) form.setValue(k, v as never, { shouldDirty: true });
    return filled.length > 0;
  });

  const [mismatch, setMismatch] = useState<{ name: string; deviation: Deviation } | null>(null);
  const deviation = mismatch && mismatch.name === name ? mismatch.deviation : null;

  const verify = useCheckVerify(db, appId, form, (field) => (existing as Record<string, string | undefined> | undefined)?.[field]);

  const submit = (withDeviation: boolean) =>
    form.handleSubmit(async (values) => {
      if (!db) return;
      const info = values as unknown as CoApplicantInfo;
      const devType = info.type === 'GUARANTOR' ? 'GUARANTOR_NAME_MISMATCH_DEVIATION' : 'CO_BORROWER_NAME_MISMATCH_DEVIATION';
      let deviations: Deviation[] | undefined;
      if (withDeviation && deviation) deviations = [deviation];
      else if (online) {
        const outcome = await matchNames(
          appId,
          nameValues({ PAN: panCheck.name, VOTER_ID: guarantor ? undefined : voterCheck.name, INPUT: info.name }),
          devType,
        );
        if (outcome.kind === 'failed') return void toast.error(outcome.message);
        if (outcome.kind === 'mismatch') {
          setMismatch({ name: info.name, deviation: outcome.deviation });
          return void toast.error(VERIFY_MSG.nameMismatch);
        }
      }
      const afterAnswer = async (answered: OutboxOp | undefined) => {
        const saved = v.safeParse(SavedCoApplicant, answered?.result);
        if (!saved.success || saved.output.data.status !== 'REJECTED') return;
        // REQ-COAP-4: a rejected co-applicant sends the officer back to the application (kyc?id).
        const reasons = saved.output.data.approval_checks?.reasons ?? [];
        const what = info.type === 'GUARANTOR' ? t('Guarantor') : t('Co-borrower');
        toast.error(t('{what} rejected: {reasons}', { what, reasons: reasons.map(reasonWords).join(', ') }));
        await navigate({ to: to('kyc'), search: { id: appId } });
        return false;
      };
      await submitStep(
        db,
        online,
        () => saveCoApplicant(db, appId, { ...info, ...(deviations ? { deviations } : {}) }, mode),
        { appId, navigate, next: to('co-applicants') },
        { afterAnswer },
      );
    });
  const text = (field: keyof Form, label: string, extra: Record<string, unknown> = {}) => (
    <FloatingInput label={label} autoComplete="off" error={errors[field]?.message} {...extra} {...form.register(field)} />
  );
  const fileField = (field: (typeof CO_FILES)[number]) => (
    <Controller
      key={field}
      control={form.control}
      name={field}
      render={({ field: f, fieldState }) => (
        <PhotoField
          db={db}
          label={t(FILE_LABELS[field])}
          allowPdf
          value={f.value || null}
          error={fieldState.error?.message}
          target={{
            appId,
            field,
            fileType: field.replace(/_file$/, '').toUpperCase(),
            uploadType: 'LOAN_APPLICANT_CO_APPLICANT',
            recordIndex: mode.recordIndex,
            phone: app?.phone,
            label: FILE_LABELS[field],
          }}
          onChange={(localId) => {
            f.onChange(localId ?? '');
            if (localId) form.clearErrors(field);
          }}
        />
      )}
    />
  );

  return (
    <form className="stack" noValidate onSubmit={submit(false)} aria-label={t('Co-applicant details')}>
      <StepNotes draft={draft} error={firstError} />
      <fieldset className="form-section">
        <legend>{t('Who')}</legend>
        <FormSelect
          control={form.control}
          name="type"
          label={t('Type')}
          options={TYPES.map((o) => ({ ...o, label: t(o.label) }))}
          disabled={mode.kind === 'replace'}
        />
        <FormSelect
          control={form.control}
          name="relationship"
          label={t('Relationship to borrower')}
          options={optionsOf(CO_APPLICANT_RELATIONSHIPS)}
        />
        <FormSelect control={form.control} name="title" label={t('Title')} options={optionsOf(TITLES)} />
        {text('name', t('Full name'))}
        {text('phone', t('Mobile number'), { inputMode: 'numeric', maxLength: 10 })}
        <div className="two-col">
          <FormSelect control={form.control} name="gender" label={t('Gender')} options={optionsOf(GENDERS)} />
          <FormSelect control={form.control} name="marital_status" label={t('Marital status')} options={optionsOf(MARITAL_STATUSES)} />
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
          <FloatingInput label={t('Age')} value={form.watch('age') ?? ''} readOnly />
        </div>
        {text('guardian_name', t('Guardian name'))}
        <FormSelect
          control={form.control}
          name="guardian_relationship"
          label={t('Guardian relationship')}
          options={optionsOf(FAMILY_RELATIONSHIPS)}
        />
        <FloatingInput
          label={t('Monthly income (₹)')}
          inputMode="numeric"
          maxLength={9}
          error={errors.income?.message}
          {...form.register('income', { setValueAs: digitsToNumber })}
        />
        {text('email', t('Email (optional)'), { type: 'email' })}
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('Identity')}</legend>
        <CheckRow id="co-pan" check={panCheck} onVerify={() => void verify('pan')}>
          <FloatingInput
            label={t('PAN')}
            autoCapitalize="characters"
            maxLength={10}
            autoComplete="off"
            readOnly={panCheck.state === 'verified' || panCheck.state === 'pending'}
            error={errors.pan?.message}
            {...form.register('pan', { setValueAs: (v: string) => v.toUpperCase().trim() })}
          />
        </CheckRow>
        {!guarantor && (
          <CheckRow id="co-voter" check={voterCheck} onVerify={() => void verify('voter_id')}>
            <FloatingInput
              label={t('Voter ID')}
              autoCapitalize="characters"
              maxLength={20}
              autoComplete="off"
              readOnly={voterCheck.state === 'verified' || voterCheck.state === 'pending'}
              error={errors.voter_id?.message}
              {...form.register('voter_id', { setValueAs: (v: string) => v.toUpperCase().trim() })}
            />
          </CheckRow>
        )}
        {text('aadhaar', t('Aadhaar (last 4 digits)'), { inputMode: 'numeric', maxLength: 4 })}
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('Address')}</legend>
        {text('pincode', t('Pincode'), { inputMode: 'numeric', maxLength: 6 })}
        <div className="two-col">
          {text('city', t('City'))}
          {text('district', t('District'))}
        </div>
        {text('state', t('State'))}
        <FloatingTextarea label={t('Address')} error={errors.address?.message} {...form.register('address')} />
        {text('landmark', t('Landmark (optional)'))}
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('Documents')}</legend>
        {CO_FILES.filter((f) => f !== 'voter_id_file' || !guarantor).map(fileField)}
      </fieldset>
      {deviation && (
        <>
          <MessageLine variant="warning">{t(VERIFY_MSG.nameMismatchBanner)}</MessageLine>
          <Button variant="outline" size="lg" disabled={isSubmitting} onClick={() => void submit(true)()}>
            {t(VERIFY_MSG.continueWithDeviation)}
          </Button>
        </>
      )}
      <StepSubmit
        draft={draft}
        busy={isSubmitting}
        ready={!!db}
        refusal={useStepRefusal(appId, 'co_applicant.write')}
        blocked={verifyReason(
          guarantor
            ? [[t('PAN'), checkPasses(panCheck)]]
            : [
                [t('PAN'), checkPasses(panCheck)],
                [t('voter ID'), checkPasses(voterCheck)],
              ],
        )}
      />
    </form>
  );
}

export function CoApplicantDetailsScreen() {
  const search = useRouteSearch(RECORD_SEARCH);
  const db = useUserDb();
  const appId = search.id ?? '';
  const records = useAppRecords(db, 'coApplicants', appId).map((r) => r.data);
  const existing = search.co_applicant_id ? records.find((c) => c.id === search.co_applicant_id) : undefined;
  const recordIndex = Number(search.record_index ?? existing?.record_index ?? 0) || 0;
  const replacing = !!search.rejected_guarantor_id;
  const told = useRef(false);
  useEffect(() => {
    if (replacing && !told.current) {
      told.current = true;
      toast.info(CO_MSG.replacingGuarantor);
    }
  }, [replacing]);
  if (!appId) return <NoApplication />;
  if (search.co_applicant_id && !existing)
    return (
      <main className="page">
        <MessageLine variant="warning">{t('This co-applicant is not on this phone yet. Sync, then try again.')}</MessageLine>
      </main>
    );
  const mode: CoMode = existing
    ? { kind: 'update', coId: existing.id, recordIndex }
    : replacing
      ? { kind: 'replace', idToReplace: search.rejected_guarantor_id!, recordIndex }
      : { kind: 'new', recordIndex };
  return (
    <main className="page">
      <h2>{replacing ? t(CO_MSG.replaceTitle) : existing ? existing.name : t(CO_MSG.addTitle)}</h2>
      <AfterMobileNote appId={appId} />
      <CoApplicantForm
        key={`${appId}-${recordIndex}`}
        appId={appId}
        mode={mode}
        existing={replacing ? ({ type: 'GUARANTOR' } as LocalCoApplicant) : existing}
      />
    </main>
  );
}
