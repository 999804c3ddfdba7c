// The visit's form (REQ-CPV-1 to REQ-CPV-4): photos, the business or household numbers and remarks, typed with no
// network and queued for the outbox. A deviation neither matched nor approved blocks the submit with a red banner; PD2
// (the review role) types its figures beside PD1's.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  CPV_BUSINESS_NUMBERS,
  CPV_HOUSEHOLD_NUMBERS,
  CPV_MSG,
  CPV_PHOTO_FIELDS,
  CPV_REMARKS_KEY,
  type CpvInfo,
  CpvEntry,
  type CpvPhotoField,
  cpvRoleIssue,
} from '../../../contracts/cpv';
import { figureChanges, VISIT_FIGURES } from '../../../contracts/figures-change';
import { msg } from '../../../contracts/msg';
import { optionsOf } from '../../forms/form-select';
import { VERIFICATION_TYPES } from '../../../contracts/enums';
import { productRoleOf } from '../../../contracts/roles';
import { FloatingInput } from '../../components/ui/floating-input';
import { FloatingTextarea } from '../../components/ui/floating-textarea';
import { MessageLine } from '../../components/ui/message-line';
import { draftKey } from '../../db/drafts';
import { useAppRecords, useApplication } from '../../db/hooks';
import { patchCachedApplication } from '../../db/records';
import type { OutboxOp } from '../../db/types';
import { useUserDb } from '../../db/user-db-context';
import { useFiguresReason } from '../../forms/figures-reason';
import { FormSelect } from '../../forms/form-select';
import { StepNotes } from '../../forms/step-notes';
import { StepSubmit, useStepForm } from '../../forms/use-step-form';
import { useStepRefusal } from '../../forms/use-step-refusal';
import { t } from '../../i18n';
import { geoTagInfo } from '../../lib/geotag';
import { useOnline } from '../../lib/use-online';
import { submitStep } from '../../ops/settle-step';
import { DeviationsPanel } from '../../review/deviations-panel';
import { useProfile } from '../../session/profile-store';
import { fileRef } from '../../sync/dependency';
import { enqueue } from '../../sync/enqueue';
import { answerOf, OP_CATALOGUE } from '../../sync/op-catalogue';
import { visitBlockers } from '../../workflow/hand-over-gate';
import { afterCpv } from '../../workflow/stage-two-rules';
import { visitsOf } from '../../workflow/visit-evidence';
import { HouseholdSummary } from './household-summary';
import { RecordedVisit } from './recorded-visit';
import { VisitHeader } from './visit-header';
import { VisitPhotos } from './visit-photos';
import { type AppData, storedVisit, unapproved, visitCopy, visitDefaults } from './visit-values';

type Form = Record<string, unknown> & { verification_type: string };

const PD1_MISSING = msg(
  `PD1's figures are not on this phone. Open this visit with a network (or refresh the offline copy) to see them beside each field.`,
);

export function CpvForm({
  appId,
  type,
  held,
  initial,
}: {
  appId: string;
  type: string;
  held: ReadonlySet<string>;
  initial: AppData | undefined;
}) {
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const profile = useProfile();
  const role = productRoleOf(profile.role, profile.mfi_employee?.designation);
  // The screen read the application before this form: start from that copy, then follow the phone's live one.
  const app = useApplication(db, appId)?.data ?? initial;
  const stored = storedVisit(app, type);
  const key = draftKey(appId, 'cpv', type === 'RESIDENCE_VERIFICATION' ? 1 : 0);
  const defaults = {
    verification_type: type,
    phone: app?.phone ?? '',
    qr_code_upload: '',
    [CPV_REMARKS_KEY]: '',
    ...visitDefaults(stored, held, role === 'REVIEW'),
  } as Form;
  const { form, draft, firstError } = useStepForm<Form>(CpvEntry, defaults, key);
  // REQ-CPV-3: existing values are read-only for the roles other than review until the user chooses to edit them.
  const [editing, setEditing] = useState(!stored || role === 'REVIEW');
  const { errors, isSubmitting } = form.formState;
  // The application is read from the phone after the first render: take its mobile once it is there.
  const appPhone = app?.phone;
  useEffect(() => {
    if (appPhone && !form.getValues('phone')) form.setValue('phone', appPhone);
  }, [appPhone, form]);
  const kind = form.watch('verification_type');
  const business = kind !== 'RESIDENCE_VERIFICATION';
  const parties = useAppRecords(db, 'coApplicants', appId).map((r) => r.data);
  const blocked = unapproved(app, parties);
  // The sanction gate's other blockers of a visit (the bureau, the required parties), in the server's words.
  const gate = visitBlockers(app, parties);
  const refusal = useStepRefusal(appId, 'cpv.visit');
  const err = (k: string) => (errors as Record<string, { message?: string } | undefined>)[k]?.message;
  const figures = useFiguresReason(
    business && app?.status === 'PD2_COMPLETE',
    (v) => figureChanges(stored, v, VISIT_FIGURES, '').length > 0,
  );

  const onSubmit = form.handleSubmit(async (values) => {
    if (!db) return;
    const info = values as unknown as CpvInfo;
    const why = figures.reasonFor(info as unknown as Record<string, unknown>);
    if (!why) return;
    const roleIssue = cpvRoleIssue(info, role === 'REVIEW');
    if (roleIssue)
      return void form.setError(
        info.verification_type === 'BUSINESS_PLACE_VERIFICATION' ? 'shop_selfie_photo_file' : 'house_selfie_photo_file',
        { message: roleIssue },
      );
    const photos: Record<string, unknown> = {};
    for (const f of [...(Object.keys(CPV_PHOTO_FIELDS) as CpvPhotoField[]), 'qr_code_upload' as const]) {
      const id = info[f];
      if (!id) continue;
      const file = await db.files.get(id);
      // A photo on this phone (taken here, or a held server copy) goes as a file reference; a stored one not on this
      // phone goes back as its server id with its stored geotag.
      photos[f] = file ? fileRef(id) : id;
      if (f !== 'qr_code_upload')
        photos[`${f}_geo_tag`] = file ? geoTagInfo(file.geoTag) : (stored?.[`${f}_geo_tag`] ?? geoTagInfo({ latitude: 0, longitude: 0 }));
    }
    const variant = info.verification_type === 'BUSINESS_PLACE_VERIFICATION' ? 'business' : 'residence';
    const queue = () =>
      enqueue(
        db,
        OP_CATALOGUE.cpv,
        {
          appId,
          at: { appId, variant },
          body: { ...info, ...photos, ...why },
          label: variant === 'business' ? msg('Business place verification') : msg('Residence verification'),
        },
        // The phone keeps the visit as submitted (local photo ids), so the form reopens with it, also offline,
        // and correcting one figure resubmits the same photos: a replaced photo's queued upload goes with it.
        {
          draftKeyToClear: key,
          resubmit: true,
          alsoWrite: (tx) => patchCachedApplication(tx, appId, () => ({ [`cpv_${variant}`]: visitCopy(info, photos) })),
        },
      );
    // Where the visit leads depends on the application as the server answered it (else as the phone holds it).
    const next = (answered: OutboxOp | undefined) => afterCpv(role, answerOf(OP_CATALOGUE.cpv, answered?.result)?.data ?? app ?? {});
    await submitStep(db, online, queue, { appId, navigate, next }, { waitMs: 20_000 });
  });

  // PD2 (the review role) types its figures beside PD1's.
  const pd1 = role === 'REVIEW' ? visitsOf(app, business ? 'business' : 'residence').pd1 : undefined;
  // Beside each field, read-only: what PD1 recorded, so a figure far from it is typed knowingly.
  const numbers = (list: Record<string, string>) =>
    Object.entries(list).map(([field, label]) => (
      <div key={field} className="stack-tight">
        <FloatingInput label={t(label)} inputMode="decimal" maxLength={12} error={err(field)} {...form.register(field)} />
        {pd1 && (
          <span className="muted small pd1-figure">
            {typeof pd1[field] === 'number'
              ? t('PD1: {figure}', { figure: (pd1[field] as number).toLocaleString('en-IN') })
              : t('PD1: not recorded')}
          </span>
        )}
      </div>
    ));
  if (!editing && stored)
    return (
      <RecordedVisit appId={appId} app={app} type={type} stored={stored} next={afterCpv(role, app ?? {})} onEdit={() => setEditing(true)} />
    );
  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-label={t('CPV info')}>
      <VisitHeader appId={appId} app={app} business={business} />
      {blocked.length > 0 && (
        <MessageLine variant="error">
          {t('{reason}: {count} waiting. Contact your supervisor or compliance to approve them.', {
            reason: t(CPV_MSG.unapprovedDeviations),
            count: blocked.length,
          })}
        </MessageLine>
      )}
      {blocked.length > 0 && <DeviationsPanel appId={appId} app={app} />}
      {gate.map((b) => (
        <MessageLine key={`${b.code}:${b.subject ?? ''}`} variant="error">
          {t(b.message)}
        </MessageLine>
      ))}
      <StepNotes draft={draft} error={firstError} />
      <FormSelect
        control={form.control}
        name="verification_type"
        label={t('Verification type')}
        options={optionsOf(VERIFICATION_TYPES).map((o) => ({ ...o, label: t(o.label) }))}
      />
      <FloatingInput label={t('Mobile number')} inputMode="numeric" maxLength={10} error={err('phone')} {...form.register('phone')} />
      <VisitPhotos control={form.control} clearErrors={form.clearErrors} db={db} appId={appId} phone={app?.phone} business={business} />
      <fieldset className="form-section">
        <legend>{business ? t('Business numbers (₹ per month, days, %)') : t('Household numbers (₹ per month)')}</legend>
        {pd1 && <p className="small muted">{t(`PD1's figures are shown under each field.`)}</p>}
        {role === 'REVIEW' && !pd1 && <MessageLine variant="warning">{t(PD1_MISSING)}</MessageLine>}
        {numbers(business ? CPV_BUSINESS_NUMBERS : CPV_HOUSEHOLD_NUMBERS)}
        {business && <HouseholdSummary appId={appId} control={form.control} mfi={app?.loan_type !== 'UNSECURED_BUSINESS_LOAN'} />}
      </fieldset>
      <FloatingTextarea label={t('Remarks')} {...form.register(CPV_REMARKS_KEY)} />
      {figures.field}
      <StepSubmit
        draft={draft}
        busy={isSubmitting}
        ready={!!db}
        refusal={refusal}
        blocked={
          blocked.length > 0
            ? t('{reason}: {count} waiting (see above).', { reason: t(CPV_MSG.unapprovedDeviations), count: blocked.length })
            : gate[0]
              ? t(gate[0].message)
              : null
        }
      />
    </form>
  );
}
