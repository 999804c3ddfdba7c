// /application/family-details (list, 'Add Family Members' while there are 5 or fewer) and /application/family-detail-form
// (one member: REQ-FAM-1, DD-MM-YYYY date, four documents). Both read the phone's cache and work offline.
import { AfterMobileNote } from '../../forms/after-mobile-note';
import { Link, useNavigate } from '@tanstack/react-router';
import { UnfinishedDraftRows, useUnfinishedDrafts } from '../../forms/unfinished-drafts';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { EDUCATION, FAMILY_RELATIONSHIPS, GENDERS, labelOf } from '../../../contracts/enums';
import { FAMILY_LIMIT, FamilyMemberInfo } from '../../../contracts/family-member';
import { msg } from '../../../contracts/msg';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { FloatingTextarea } from '../../components/ui/floating-textarea';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication, useAppRecords } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { digitsToNumber } from '../../lib/number-input';
import { t } from '../../i18n';
import { useOnline } from '../../lib/use-online';
import { usePincodeFill } from '../../forms/use-pincode-fill';
import { FormSelect, optionsOf } from '../../forms/form-select';
import { submitStep } from '../../ops/settle-step';
import { PhotoField } from '../../photos/photo-field';
import { nextRecordIndex } from '../../ops/record-step';
import { FAMILY_FILES, familyDraftKey, type LocalFamilyMember, refreshFamily, saveFamilyMember } from '../../ops/family-ops';
import { useOwnsSteps, useStagePath } from '../../session/flow-context';
import { NoApplication, StepSubmit, useStepForm } from '../../forms/use-step-form';
import { StepNotes } from '../../forms/step-notes';
import { APP_SEARCH, RECORD_SEARCH, useRouteSearch } from '../../forms/route-search';
import { useStepRefusal } from '../../forms/use-step-refusal';
import { useFiguresReason } from '../../forms/figures-reason';
import { incomeStep } from '../../workflow/income-step';

const ADD = msg('Add Family Members');
const FILE_LABELS = {
  pan_file: msg('PAN card'),
  aadhaar_front_file: msg('Aadhaar front'),
  aadhaar_back_file: msg('Aadhaar back'),
  voter_id_file: msg('Voter ID card'),
} as const;

export function FamilyDetailsScreen() {
  const to = useStagePath();
  const { id } = useRouteSearch(APP_SEARCH);
  const appId = id ?? '';
  const db = useUserDb();
  const online = useOnline();
  const members = useAppRecords(db, 'familyMembers', appId)
    .map((r) => r.data)
    .sort((a, b) => a.record_index - b.record_index);
  const jobType = useApplication(db, appId)?.data.job_type;
  useEffect(() => {
    if (db && appId && online) void refreshFamily(db, appId).catch(() => undefined);
  }, [db, appId, online]);
  const drafts = useUnfinishedDrafts(
    appId,
    'family-member',
    members.map((m) => m.record_index),
  );
  const next = Math.max(nextRecordIndex(members), ...drafts.map((d) => d.recordIndex + 1));
  if (!id) return <NoApplication />;
  return (
    <main className="page">
      <h2>{t('Family members')}</h2>
      <AfterMobileNote appId={id} />
      {members.length + drafts.length === 0 ? (
        <MessageLine>{t('No data')}</MessageLine>
      ) : (
        <ul className="co-list" aria-label={t('Family members')}>
          {members.map((m) => (
            <li key={m.id} className="co-card" aria-label={m.name}>
              <Link to={to('family-detail-form')} search={{ id, family_member_id: m.id }}>
                <strong>{m.name}</strong>
              </Link>
              <span className="muted small">
                {m.guardian_relationship ? `${t(labelOf(FAMILY_RELATIONSHIPS, m.guardian_relationship))} · ` : ''}+91 {m.phone}
                {m.status === 'QUEUED' ? ` · ${t('saved on this phone')}` : ''}
              </span>
            </li>
          ))}
          <UnfinishedDraftRows appId={appId} drafts={drafts} form="family-detail-form" what={t('Family member')} />
        </ul>
      )}
      <div className="stack">
        {members.length < FAMILY_LIMIT ? (
          <Link to={to('family-detail-form')} search={{ id, record_index: next }} className="ui-btn ui-btn--outline ui-btn--size-lg">
            {t(ADD)}
          </Link>
        ) : (
          <MessageLine>
            {t(
              '{count, plural, one {# family member is the most an application can have.} other {# family members is the most an application can have.}}',
              { count: FAMILY_LIMIT },
            )}
          </MessageLine>
        )}
        <Link to={to(incomeStep(jobType))} search={{ id }} className="ui-btn ui-btn--default ui-btn--size-lg">
          {t('Continue')}
        </Link>
      </div>
    </main>
  );
}

type Form = Omit<FamilyMemberInfo, 'income'> & { income: number | null; district: string };
const EMPTY: Form = {
  name: '',
  phone: '',
  email: '',
  pan: '',
  guardian_name: '',
  guardian_relationship: '',
  pincode: '',
  city: '',
  district: '',
  state: '',
  address: '',
  gender: '',
  dob: '',
  education_qualification: '',
  income: null,
  pan_file: '',
  aadhaar_front_file: '',
  aadhaar_back_file: '',
  voter_id_file: '',
};

function FamilyForm({ appId, recordIndex, existing }: { appId: string; recordIndex: number; existing?: LocalFamilyMember }) {
  const to = useStagePath();
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const appData = useApplication(db, appId)?.data;
  const phone = appData?.phone;
  // REQ-ROLE-3: other roles see the family documents behind 'Upload Documents'.
  const initiating = useOwnsSteps();
  const [showDocs, setShowDocs] = useState(initiating);
  const { form, draft, firstError } = useStepForm<Form>(
    FamilyMemberInfo,
    existing ? { ...EMPTY, ...(existing as Partial<Form>) } : EMPTY,
    familyDraftKey(appId, recordIndex),
  );
  const { errors, isSubmitting } = form.formState;
  usePincodeFill(form, online);
  // After PD2 an income is a held figure: a new one or a changed one needs a reason (contracts/figures-change.ts).
  const held = appData?.status === 'PD2_COMPLETE';
  const figures = useFiguresReason(held, (v) => Number(v.income ?? 0) !== Number(existing?.income ?? 0));

  const onSubmit = form.handleSubmit(async (values) => {
    if (!db) return;
    const why = figures.reasonFor(values as unknown as Record<string, unknown>);
    if (!why) return;
    await submitStep(
      db,
      online,
      () =>
        saveFamilyMember(
          db,
          appId,
          { ...(values as unknown as FamilyMemberInfo), ...why },
          { recordIndex, memberId: existing?.id.startsWith('local:') ? undefined : existing?.id },
        ),
      { appId, navigate, next: to('family-details') },
    );
  });
  const text = (field: keyof Form, label: string, extra: Record<string, unknown> = {}) => (
    <FloatingInput label={label} autoComplete="off" error={errors[field]?.message} {...extra} {...form.register(field)} />
  );
  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-label={t('Family member')}>
      <StepNotes draft={draft} error={firstError} />
      {text('name', t('Full name'))}
      {text('phone', t('Mobile number'), { inputMode: 'numeric', maxLength: 10 })}
      <div className="two-col">
        <FormSelect control={form.control} name="gender" label={t('Gender')} options={optionsOf(GENDERS)} />
        <FloatingInput
          label={t('DOB (DD-MM-YYYY)')}
          inputMode="numeric"
          mask="dmy"
          maxLength={10}
          error={errors.dob?.message}
          {...form.register('dob')}
        />
      </div>
      {text('guardian_name', t('Guardian name'))}
      <FormSelect
        control={form.control}
        name="guardian_relationship"
        label={t('Guardian relationship')}
        options={optionsOf(FAMILY_RELATIONSHIPS)}
      />
      <FormSelect control={form.control} name="education_qualification" label={t('Education')} options={optionsOf(EDUCATION)} />
      <FloatingInput
        label={t('Monthly income (₹)')}
        inputMode="numeric"
        maxLength={9}
        error={errors.income?.message}
        {...form.register('income', { setValueAs: digitsToNumber })}
      />
      {text('pan', t('PAN'), { autoCapitalize: 'characters', maxLength: 10 })}
      {text('email', t('Email (optional)'), { type: 'email' })}
      {text('pincode', t('Pincode'), { inputMode: 'numeric', maxLength: 6 })}
      <div className="two-col">
        {text('city', t('City'))}
        {text('state', t('State'))}
      </div>
      <FloatingTextarea label={t('Address')} error={errors.address?.message} {...form.register('address')} />
      {!showDocs && (
        <Button variant="outline" onClick={() => setShowDocs(true)}>
          {t('Upload Documents')}
        </Button>
      )}
      {showDocs && (
        <fieldset className="form-section">
          <legend>{t('Documents')}</legend>
          {FAMILY_FILES.map((field) => (
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
                    fileType: `FAMILY_${field.replace(/_file$/, '').toUpperCase()}`,
                    uploadType: 'LOAN_APPLICANT_PERSONAL_INFO',
                    recordIndex,
                    phone,
                    label: FILE_LABELS[field],
                  }}
                  onChange={(localId) => {
                    f.onChange(localId ?? '');
                    if (localId) form.clearErrors(field);
                  }}
                />
              )}
            />
          ))}
        </fieldset>
      )}
      {figures.field}
      <StepSubmit draft={draft} busy={isSubmitting} ready={!!db} refusal={useStepRefusal(appId, 'family.write')} />
    </form>
  );
}

export function FamilyDetailFormScreen() {
  const search = useRouteSearch(RECORD_SEARCH);
  const db = useUserDb();
  const appId = search.id ?? '';
  const members = useAppRecords(db, 'familyMembers', appId).map((r) => r.data);
  const existing = search.family_member_id ? members.find((m) => m.id === search.family_member_id) : undefined;
  const recordIndex = Number(search.record_index ?? existing?.record_index ?? nextRecordIndex(members)) || 0;
  if (!appId) return <NoApplication />;
  if (search.family_member_id && !existing)
    return (
      <main className="page">
        <MessageLine variant="warning">{t('This family member is not on this phone yet. Sync, then try again.')}</MessageLine>
      </main>
    );
  return (
    <main className="page">
      <h2>{existing ? existing.name : t(ADD)}</h2>
      <AfterMobileNote appId={appId} />
      <FamilyForm key={`${appId}-${recordIndex}`} appId={appId} recordIndex={recordIndex} existing={existing} />
    </main>
  );
}
