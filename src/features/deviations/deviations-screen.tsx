// /application/deviations: one application's name-mismatch deviations, decided here by the review role and
// shown to the others with the decision. Opened from the applications list ('Review deviations').
import { useEffect } from 'react';
import { getApplication } from '../../api/applications/get-application';
import { MessageLine } from '../../components/ui/message-line';
import { useAppRecords, useApplication } from '../../db/hooks';
import { cacheRecords } from '../../db/records';
import { useUserDb } from '../../db/user-db-context';
import { deviationItems } from '../../workflow/deviation-items';
import { DeviationsPanel } from '../../review/deviations-panel';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';
import { NoApplication } from '../../forms/use-step-form';
import { useOnline } from '../../lib/use-online';

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
    getApplication(appId, ctl.signal)
      .then((r) => cacheRecords(db, 'applications', [{ id: appId, appId, data: r.data }]))
      .catch(() => undefined);
    return () => ctl.abort();
  }, [db, appId, online]);
  if (!id) return <NoApplication />;
  return (
    <main className="page">
      <h2>Deviations</h2>
      {app?.name && (
        <p className="muted">
          {app.name} · +91 {app.phone}
        </p>
      )}
      {app ? (
        <DeviationsPanel appId={appId} />
      ) : (
        <MessageLine>{online ? 'Loading the application...' : 'This application is not on this phone yet.'}</MessageLine>
      )}
      {app && deviationItems(app, cos).length === 0 && <MessageLine variant="info">No name mismatch on this application.</MessageLine>}
    </main>
  );
}
