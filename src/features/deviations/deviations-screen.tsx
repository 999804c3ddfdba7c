// /application/deviations: one application's name-mismatch deviations, decided here by the review role and
// shown to the others with the decision. Opened from the applications list ('Review deviations'). Opened with a
// network it reads the application and its co-applicants again: a guarantor's deviation lives on the guarantor's record.
import { useEffect } from 'react';
import { MessageLine } from '../../components/ui/message-line';
import { useAppRecords, useApplication } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { deviationItems, waitingDeviations } from '../../workflow/deviation-items';
import { DeviationsPanel } from '../../review/deviations-panel';
import { loadWholeApplication } from '../../review/use-whole-application';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';
import { NoApplication } from '../../forms/use-step-form';
import { useOnline } from '../../lib/use-online';
import { t } from '../../i18n';

export function DeviationsScreen() {
  const { id } = useRouteSearch(APP_SEARCH);
  const appId = id ?? '';
  const db = useUserDb();
  const online = useOnline();
  const app = useApplication(db, appId)?.data;
  const cos = useAppRecords(db, 'coApplicants', appId).map((r) => ({ ...r.data, id: r.id }));
  useEffect(() => {
    if (!db || !appId || !online) return;
    const ctl = new AbortController();
    void loadWholeApplication(db, appId, { signal: ctl.signal, force: true }).catch(() => undefined);
    return () => ctl.abort();
  }, [db, appId, online]);
  if (!id) return <NoApplication />;
  const waiting = waitingDeviations(app, cos).length;
  return (
    <main className="page">
      <h2>{t('Deviations')}</h2>
      {app?.name && (
        <p className="muted">
          {app.name} · +91 {app.phone}
        </p>
      )}
      {app && waiting > 0 && <p data-testid="deviations-waiting">{t('{count} waiting for approval', { count: waiting })}</p>}
      {app ? (
        <DeviationsPanel appId={appId} />
      ) : (
        <MessageLine>{online ? t('Loading the application...') : t('This application is not on this phone yet.')}</MessageLine>
      )}
      {app && deviationItems(app, cos).length === 0 && (
        <MessageLine variant="info">{t('No name mismatch on this application.')}</MessageLine>
      )}
    </main>
  );
}
