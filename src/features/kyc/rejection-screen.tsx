// /application/rejection?id=: why the application was rejected, read from the phone's copy (works offline).
import { Link } from '@tanstack/react-router';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { t } from '../../i18n';
import { REJECTED_TOAST, rejectionLines } from '../../workflow/rejection';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';

export function RejectionScreen() {
  const { id } = useRouteSearch(APP_SEARCH);
  const db = useUserDb();
  const app = useApplication(db, id ?? '');
  const data = app?.data;
  const lines = rejectionLines(data?.approval_checks ?? undefined);
  return (
    <main className="page">
      <h2>{t(REJECTED_TOAST)}</h2>
      {data?.name && (
        <p className="muted">
          {data.name} · +91 {data.phone}
        </p>
      )}
      {app === undefined && id ? null : lines.length > 0 ? (
        <section aria-label={t('Rejection reasons')}>
          <p>{t('The credit bureau check did not pass for these reasons:')}</p>
          <ul className="reason-list">
            {lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </section>
      ) : (
        <MessageLine>{t('No rejection reasons are stored for this application on this phone.')}</MessageLine>
      )}
      <Link to="/" className="ui-btn ui-btn--default ui-btn--size-lg">
        {t('Back to home')}
      </Link>
    </main>
  );
}
