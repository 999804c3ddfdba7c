// /application/kyc 'Borrowers Info' (REQ-KYC-1 to REQ-KYC-3): family and identity details, the borrower photo with its
// geotag and the identity documents, all captured offline and sent by the outbox; a bureau rejection opens the
// rejection page.
import { AfterMobileNote } from '../../forms/after-mobile-note';
import { Link, useNavigate } from '@tanstack/react-router';
import { NeedsYouBanner } from '../../review/needs-you-list';
import { Controller } from 'react-hook-form';
import * as v from 'valibot';
import { CATEGORIES, EDUCATION, FAMILY_RELATIONSHIPS, labelOf, RELIGIONS } from '../../../contracts/enums';
import { KycInfo, MOTHER_TONGUES } from '../../../contracts/kyc';
import { msg } from '../../../contracts/msg';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { digitsToNumber } from '../../lib/number-input';
import { t } from '../../i18n';
import { useOnline } from '../../lib/use-online';
import { choicesOf, FormSelect, optionsOf } from '../../forms/form-select';
import { submitStep } from '../../ops/settle-step';
import { StepPair } from '../../forms/step-pairs';
import { StepSummary } from '../../forms/step-summary';
import { PhotoField } from '../../photos/photo-field';
import { KYC_FILES, KYC_KIND, type KycFileField, type KycForm, kycDraftKey, submitKyc } from './kyc-step';
import { REJECTED_TOAST, isRejected } from '../../workflow/rejection';
import { useStagePath } from '../../session/flow-context';
import { NO_APPLICATION, StepSubmit, useStepForm } from '../../forms/use-step-form';
import { StepNotes } from '../../forms/step-notes';
import { useStepWaiting } from '../../forms/use-step-waiting';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';
import { useStepRefusal } from '../../forms/use-step-refusal';

const KycFormSchema = v.omit(KycInfo, ['photo_geo_tag_info']);
const EMPTY: KycForm = {
  guardian_name: '',
  guardian_relationship: '',
  mother_name: '',
  category: '',
  religion: '',
  mother_tongue: '',
  education_qualification: '',
  no_of_family_members: null,
  no_of_earning_members: null,
  photo_file: '',
  pan_file: '',
  aadhaar_front_file: '',
  aadhaar_back_file: '',
  voter_id_file: '',
};
const FILE_LABELS: Record<KycFileField, { label: string; fileType: string }> = {
  photo_file: { label: msg('Borrower photo'), fileType: 'BORROWER_PHOTO' },
  pan_file: { label: msg('PAN card'), fileType: 'PAN' },
  aadhaar_front_file: { label: msg('Aadhaar front'), fileType: 'AADHAAR_FRONT' },
  aadhaar_back_file: { label: msg('Aadhaar back'), fileType: 'AADHAAR_BACK' },
  voter_id_file: { label: msg('Voter ID card'), fileType: 'VOTER_ID' },
};

/** The form as last submitted from this phone (a refused KYC reopens with it), over the empty one. */
const submittedKyc = (data: Record<string, unknown>): KycForm => ({
  ...EMPTY,
  ...Object.fromEntries(Object.keys(EMPTY).flatMap((k) => (data[k] === undefined || data[k] === null ? [] : [[k, data[k]]]))),
});

function KycFormView({ appId, phone, data }: { appId: string; phone?: string; data: Record<string, unknown> }) {
  const to = useStagePath();
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const { form, draft, firstError } = useStepForm<KycForm>(KycFormSchema, submittedKyc(data), kycDraftKey(appId));
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!db) return;
    await submitStep(db, online, () => submitKyc(db, appId, values as unknown as KycInfo), { appId, navigate, next: to('co-applicants') });
  });
  const sel = (name: keyof KycForm, label: string, list: readonly { value: string | number; label: string }[], searchable = false) => (
    <FormSelect control={form.control} name={name} label={label} options={list} searchable={searchable} />
  );
  const fileField = (name: KycFileField) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <PhotoField
          db={db}
          label={t(FILE_LABELS[name].label)}
          allowPdf={name !== 'photo_file'}
          target={{ appId, field: name, fileType: FILE_LABELS[name].fileType, uploadType: 'KYC', phone, label: FILE_LABELS[name].label }}
          value={field.value || null}
          onChange={(id) => {
            field.onChange(id ?? '');
            if (id) form.clearErrors(name);
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label={t('Borrowers Info')}>
      <StepNotes draft={draft} error={firstError} />
      <fieldset className="form-section">
        <legend>{t('Family')}</legend>
        <FloatingInput
          label={t('Guardian name')}
          autoComplete="off"
          error={errors.guardian_name?.message}
          {...form.register('guardian_name')}
        />
        {sel('guardian_relationship', t('Guardian relationship'), optionsOf(FAMILY_RELATIONSHIPS))}
        <FloatingInput
          label={t("Mother's name")}
          autoComplete="off"
          error={errors.mother_name?.message}
          {...form.register('mother_name')}
        />
        <div className="two-col">
          <FloatingInput
            label={t('Family members')}
            inputMode="numeric"
            maxLength={2}
            error={errors.no_of_family_members?.message}
            {...form.register('no_of_family_members', { setValueAs: digitsToNumber })}
          />
          <FloatingInput
            label={t('Earning members')}
            inputMode="numeric"
            maxLength={2}
            error={errors.no_of_earning_members?.message}
            {...form.register('no_of_earning_members', { setValueAs: digitsToNumber })}
          />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('Background')}</legend>
        <div className="two-col">
          {sel('category', t('Category'), optionsOf(CATEGORIES))}
          {sel('religion', t('Religion'), optionsOf(RELIGIONS))}
        </div>
        {sel('mother_tongue', t('Mother tongue'), choicesOf(MOTHER_TONGUES), true)}
        {sel('education_qualification', t('Education'), optionsOf(EDUCATION))}
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('Photo and documents')}</legend>
        {KYC_FILES.map(fileField)}
      </fieldset>
      <StepSubmit draft={draft} busy={isSubmitting} ready={!!db} refusal={useStepRefusal(appId, 'kyc.submit')} />
    </form>
  );
}

export function KycScreen() {
  const to = useStagePath();
  const { id } = useRouteSearch(APP_SEARCH);
  const db = useUserDb();
  const app = useApplication(db, id ?? '');
  const data = app?.data;
  const kyc = (app?.data ?? {}) as Partial<Record<keyof KycForm, string>>;
  // Submitted: the server has it, or it waits to be sent; a refused KYC opens the form again (a resubmit replaces it).
  const serverHasKyc = Array.isArray(data?.stages) && data.stages.includes('BORROWER_BASIC_INFO');
  const kycWaiting = useStepWaiting(db, id, KYC_KIND);
  return (
    <main className="page">
      <h2>{t('Borrowers Info')}</h2>
      <AfterMobileNote appId={id} />
      {id && <StepPair pair="borrower" current={1} appId={id} />}
      {id && <NeedsYouBanner appId={id} />}
      {(app === undefined || (app && app.id !== id)) && id ? null : !id || app === null ? (
        <>
          <MessageLine variant="warning">{t(NO_APPLICATION)}</MessageLine>
          <Link to={to('mobile')}>{t('Create Application')}</Link>
        </>
      ) : isRejected({ data }) ? (
        <>
          <MessageLine variant="error">{t(REJECTED_TOAST)}</MessageLine>
          <Link to={to('rejection')} search={{ id }}>
            {t('See the reasons')}
          </Link>
        </>
      ) : serverHasKyc || kycWaiting ? (
        <>
          {data?.name && (
            <p className="muted">
              {data.name} · +91 {data.phone}
            </p>
          )}
          <StepSummary
            appId={id}
            next={to('co-applicants')}
            note={t('Borrowers Info is submitted for this application.')}
            rows={[
              [t('Guardian'), kyc.guardian_name],
              [t("Mother's name"), kyc.mother_name],
              [t('Category'), labelOf(CATEGORIES, kyc.category)],
              [t('Religion'), labelOf(RELIGIONS, kyc.religion)],
              [t('Mother tongue'), kyc.mother_tongue],
              [t('Education'), labelOf(EDUCATION, kyc.education_qualification)],
              [t('Family members'), kyc.no_of_family_members],
              [t('Earning members'), kyc.no_of_earning_members],
            ]}
          />
        </>
      ) : (
        <>
          {data?.name && (
            <p className="muted">
              {data.name} · +91 {data.phone}
            </p>
          )}
          <KycFormView key={id} appId={id} phone={data?.phone} data={(data ?? {}) as Record<string, unknown>} />
        </>
      )}
    </main>
  );
}
