// /application/cpv-info?id=[&type=]: the field verification visit, the most offline moment of all. The screen reads the
// application from the phone and opens the form (cpv-form.tsx) only on a whole, fresh enough copy: never an empty form
// for a visit the server has.
import { useLiveQuery } from 'dexie-react-hooks';
import { appStateOf } from '../../../contracts/authority';
import { msg } from '../../../contracts/msg';
import { productRoleOf } from '../../../contracts/roles';
import { MessageLine } from '../../components/ui/message-line';
import { copyIsBehind } from '../../db/freshness';
import { useAppRecords, useApplication } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { CPV_SEARCH, useRouteSearch } from '../../forms/route-search';
import { NoApplication } from '../../forms/use-step-form';
import { t } from '../../i18n';
import { useOnline } from '../../lib/use-online';
import { EvidenceSummary } from '../../review/evidence-summary';
import { useWholeLoading } from '../../review/use-whole-application';
import { useProfile } from '../../session/profile-store';
import { OP_CATALOGUE } from '../../sync/op-catalogue';
import { CpvForm } from './cpv-form';
import { HandedOver } from './handed-over';
import { useReadBeforeReview } from './read-before-review';
import { type AppData, type CoRecord, formBasis, unapproved, wholeOnPhone } from './visit-values';

const SUMMARY_ONLY = msg(
  `Only the list's summary of this application is on this phone: its visits, figures and photos come with 'Take offline' at the branch, or open it with a network.`,
);

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
