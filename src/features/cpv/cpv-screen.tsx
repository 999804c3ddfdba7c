// /application/cpv-info?id=[&type=]: the field verification visit (REQ-CPV-1 to REQ-CPV-4), the most offline moment of
// all: geotagged shop or house photos and selfies, the QR code, the business or household numbers, remarks; captured
// with no network and sent by the outbox. A deviation neither matched nor approved blocks the submit with a red banner.
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  CPV_BUSINESS_NUMBERS,
  CPV_HOUSEHOLD_NUMBERS,
  CPV_MSG,
  CPV_NUMBER_FIELDS,
  CPV_PHOTO_FIELDS,
  CPV_REMARKS_KEY,
  type CpvInfo,
  CpvEntry,
  type CpvPhotoField,
  cpvRoleIssue,
} from '../../../contracts/cpv';
import type { Deviation } from '../../../contracts/deviations';
import { labelOf, VERIFICATION_TYPES } from '../../../contracts/enums';
import { productRoleOf } from '../../../contracts/roles';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { FloatingTextarea } from '../../components/ui/floating-textarea';
import { MessageLine } from '../../components/ui/message-line';
import { HouseholdSummary } from './household-summary';
import { VisitHeader } from './visit-header';
import { HandedOver } from './handed-over';
import { appStateOf } from '../../../contracts/authority';
import { useAppRecords } from '../../db/hooks';
import { heldServerFileId } from '../../db/files';
import { useApplication } from '../../db/hooks';
import { draftKey } from '../../db/drafts';
import { patchCachedApplication } from '../../db/records';
import { useUserDb } from '../../db/user-db-context';
import { geoTagInfo } from '../../lib/geotag';
import { useOnline } from '../../lib/use-online';
import { fileRef } from '../../sync/dependency';
import { enqueue } from '../../sync/enqueue';
import { figureChanges, VISIT_FIGURES } from '../../../contracts/figures-change';
import { useFiguresReason } from '../../forms/figures-reason';
import { DeviationsPanel } from '../../review/deviations-panel';
import { useProfile } from '../../session/profile-store';
import { FormSelect, optionsOf } from '../../forms/form-select';
import { type SummaryRow, StepSummary } from '../../forms/step-summary';
import type { OutboxOp } from '../../db/types';
import { submitStep } from '../../ops/settle-step';
import { PhotoField } from '../../photos/photo-field';
import { EvidenceSummary } from '../../review/evidence-summary';
import { afterCpv } from '../../workflow/stage-two-rules';
import type { SummaryApp } from '../../review/review-summary';
import { visitsOf } from '../../workflow/visit-evidence';
import { copyIsBehind } from '../../db/freshness';
import { useWholeLoading } from '../../review/use-whole-application';
import { useReadBeforeReview } from './read-before-review';
import { NoApplication, StepSubmit, useStepForm } from '../../forms/use-step-form';
import { StepNotes } from '../../forms/step-notes';
import { CPV_SEARCH, useRouteSearch } from '../../forms/route-search';
import { answerOf, OP_CATALOGUE } from '../../sync/op-catalogue';
import { useStepRefusal } from '../../forms/use-step-refusal';
import { visitBlockers } from '../../workflow/hand-over-gate';
import { waitingDeviations } from '../../workflow/deviation-items';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';

export const CPV_KIND = OP_CATALOGUE.cpv.kind;
type Form = Record<string, unknown> & { verification_type: string };
type Visit = Record<string, unknown>;
type AppData = SummaryApp & {
  phone?: string;
  deviations?: Deviation[];
  bank_account?: { deviations?: Deviation[] };
  is_pd1_complete?: boolean;
  is_pd2_complete?: boolean;
  cpv_business?: Visit;
  cpv_residence?: Visit;
  loan_type?: string;
};
/**
 * The visit the form starts from: the stored one. The review role's PD2 is a visit of its own: it starts empty and shows
 * PD1's figures under each field (a copy of PD1's values and photos would be signed without being looked at).
 */
export function storedVisit(app: AppData | undefined, type: string): Visit | undefined {
  return type === 'RESIDENCE_VERIFICATION' ? app?.cpv_residence : app?.cpv_business;
}

/** A list summary is not the record: the form waits for the whole application rather than open empty. */
export const wholeOnPhone = (app: { partial?: unknown } | undefined) => !!app && app.partial !== true;

const SELFIES = ['shop_selfie_photo_file', 'house_selfie_photo_file'];

/**
 * The form's values for a visit already stored on the server (REQ-CPV-3 'existing values'): numbers and remarks as
 * typed; a photo as its copy on this phone when the application was taken offline (`srv:{file_id}`), else the stored
 * file id, sent back as it is. The review role's selfies are never carried over: it must add its own with the ACM.
 */
export function visitDefaults(visit: Visit | undefined, held: ReadonlySet<string>, isReviewRole: boolean): Record<string, unknown> {
  if (!visit) return {};
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(CPV_NUMBER_FIELDS)) if (typeof visit[k] === 'number') out[k] = String(visit[k]);
  if (typeof visit[CPV_REMARKS_KEY] === 'string') out[CPV_REMARKS_KEY] = visit[CPV_REMARKS_KEY];
  for (const f of [...Object.keys(CPV_PHOTO_FIELDS), 'qr_code_upload']) {
    const id = visit[f];
    if (typeof id !== 'string' || !id || (isReviewRole && SELFIES.includes(f))) continue;
    out[f] = held.has(heldServerFileId(id)) ? heldServerFileId(id) : id;
  }
  return out;
}

/** The visit as the phone keeps it until the server answers: the form's values and the photos' geotags. */
const visitCopy = (info: CpvInfo, photos: Record<string, unknown>) => ({
  ...info,
  ...Object.fromEntries(Object.entries(photos).filter(([k]) => k.endsWith('_geo_tag'))),
});

const BUSINESS_PHOTOS: CpvPhotoField[] = ['shop_photo_file', 'shop_selfie_photo_file', 'shop_photo_pd2_file'];
const HOUSE_PHOTOS: CpvPhotoField[] = ['house_selfie_photo_file', 'house_photo_pd2_file'];

type CoRecord = { status?: string; deviations?: Deviation[] };
/** REQ-DEV-2: what still waits for approval, counted as the Deviations screen counts it. */
export const unapproved = (d: AppData | undefined, coApplicants: readonly CoRecord[] = []) => waitingDeviations(d, coApplicants);

function CpvForm({ appId, type, held, initial }: { appId: string; type: string; held: ReadonlySet<string>; initial: AppData | undefined }) {
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

  const photo = (field: CpvPhotoField) => (
    <Controller
      key={field}
      control={form.control}
      name={field}
      render={({ field: f, fieldState }) => (
        <PhotoField
          db={db}
          visit
          label={t(CPV_PHOTO_FIELDS[field])}
          value={(f.value as string) || null}
          error={fieldState.error?.message}
          target={{
            appId,
            field,
            fileType: field.replace(/_file$/, '').toUpperCase(),
            uploadType: 'APPLY_LOAN',
            phone: app?.phone,
            label: CPV_PHOTO_FIELDS[field],
          }}
          onChange={(id) => {
            f.onChange(id ?? '');
            if (id) form.clearErrors(field);
          }}
        />
      )}
    />
  );
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
  if (!editing && stored) {
    const labels: Record<string, string> = { ...CPV_NUMBER_FIELDS };
    const rows: SummaryRow[] = [
      [t('Verification type'), t(labelOf(VERIFICATION_TYPES, type))],
      [t('Photos'), t('{count} stored', { count: Object.keys(CPV_PHOTO_FIELDS).filter((f) => stored[f]).length })],
      ...Object.keys(labels)
        .filter((k) => typeof stored[k] === 'number' && stored[k] !== 0)
        .map((k) => [t(labels[k]!), stored[k]] as const),
      [t('Remarks'), stored[CPV_REMARKS_KEY]],
    ];
    return (
      <section className="stack" aria-label={t('CPV info (recorded)')}>
        <VisitHeader appId={appId} app={app} business={type !== 'RESIDENCE_VERIFICATION'} />
        <StepSummary
          rows={rows}
          next={afterCpv(role, app ?? {})}
          appId={appId}
          note={t('This visit is recorded. Edit it to change what was recorded.')}
        />
        <Button variant="outline" size="lg" onClick={() => setEditing(true)}>
          {t('Edit')}
        </Button>
      </section>
    );
  }
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
      <fieldset className="form-section">
        <legend>{t('Photos')}</legend>
        {(business ? BUSINESS_PHOTOS : HOUSE_PHOTOS).map(photo)}
        {business && (
          <Controller
            control={form.control}
            name="qr_code_upload"
            render={({ field: f, fieldState }) => (
              <PhotoField
                db={db}
                label={t('QR Code Upload')}
                value={(f.value as string) || null}
                error={fieldState.error?.message}
                target={{
                  appId,
                  field: 'qr_code_upload',
                  fileType: 'QR_CODE',
                  uploadType: 'APPLY_LOAN',
                  phone: app?.phone,
                  label: msg('QR code'),
                }}
                onChange={(id) => f.onChange(id ?? '')}
              />
            )}
          />
        )}
      </fieldset>
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

const SUMMARY_ONLY = msg(
  `Only the list's summary of this application is on this phone: its visits, figures and photos come with 'Take offline' at the branch, or open it with a network.`,
);
const PD1_MISSING = msg(
  `PD1's figures are not on this phone. Open this visit with a network (or refresh the offline copy) to see them beside each field.`,
);

/** What the form's defaults come from: it starts again when a fresher copy changes that. */
const formBasis = (data: AppData | undefined, type: string) => {
  const kind = type === 'RESIDENCE_VERIFICATION' ? 'residence' : 'business';
  return `${storedVisit(data, type) ? 'v' : '-'}${visitsOf(data, kind).pd1 ? 'p' : '-'}`;
};

export function CpvScreen() {
  const { id, type } = useRouteSearch(CPV_SEARCH);
  const db = useUserDb();
  const profile = useProfile();
  const app = useApplication(db, id ?? '');
  const cos = useAppRecords(db, 'coApplicants', id ?? '').map((r) => r.data as CoRecord);
  const online = useOnline();
  const loading = useWholeLoading(id);
  const held = useLiveQuery(
    async () => new Set(db && id ? ((await db.files.where('appId').equals(id).primaryKeys()) as string[]) : []),
    [db, id],
  );
  const bankQueued = useLiveQuery(
    async () =>
      !!db &&
      !!id &&
      (await db.outbox
        .where('appId')
        .equals(id)
        .filter((o) => o.kind === OP_CATALOGUE.bankAccount.kind && (o.state === 'queued' || o.state === 'sending'))
        .count()) > 0,
    [db, id],
  );
  const reviewing = productRoleOf(profile.role, profile.mfi_employee?.designation) === 'REVIEW';
  const fresh = useReadBeforeReview(db, id, online && reviewing, app?.syncedAt);
  if (!id) return <NoApplication />;
  // The form starts from the stored visit: wait until the phone has read the application and its files.
  if (app === undefined || held === undefined || bankQueued === undefined) return null;
  // Never an empty form for a visit the server has: a copy that is behind (or PD2's, which needs PD1's figures) is
  // fetched first when online; offline, a summary alone says what is missing.
  if (online && ((loading && copyIsBehind(app?.data)) || (reviewing && !fresh)))
    return (
      <main className="page">
        <h2>{t('CPV info')}</h2>
        <MessageLine>{t('Loading the application...')}</MessageLine>
      </main>
    );
  const visitType = type === 'RESIDENCE_VERIFICATION' ? type : 'BUSINESS_PLACE_VERIFICATION';
  const data = app?.data as (AppData & { tracker_id?: string; approval_checks?: { decision?: string } }) | undefined;
  // The initiating officer's first stage ends here: the visits are the verification role's. Offline the bank account
  // is still on the phone (the state reads DRAFT until the server has it): its queued step is the hand-over too.
  const initiating = productRoleOf(profile.role, profile.mfi_employee?.designation) === 'INITIATING_OFFICER';
  if (initiating && (appStateOf(data ?? {}) === 'HANDED_OVER' || bankQueued)) {
    return (
      <main className="page">
        <h2>{t('CPV info')}</h2>
        <HandedOver appId={id} trackerId={data?.tracker_id} waiting={unapproved(data, cos).length} />
      </main>
    );
  }
  // A list summary (the reviewer's list) is not the record: the form would open empty; the frame fetches it whole.
  if (app && !wholeOnPhone(app.data as { partial?: unknown }))
    return (
      <main className="page">
        <h2>{t('CPV info')}</h2>
        <MessageLine variant={online ? 'default' : 'warning'}>{online ? t('Loading the application...') : t(SUMMARY_ONLY)}</MessageLine>
      </main>
    );
  return (
    <main className="page">
      <h2>{t('CPV info')}</h2>
      <EvidenceSummary appId={id} />
      {/* A fresh copy that brings the stored visit (or PD1's) starts the form again from it; a draft comes back too. */}
      <CpvForm key={`${id}-${visitType}-${formBasis(data, visitType)}`} appId={id} type={visitType} held={held} initial={app?.data} />
    </main>
  );
}
