// Logout (REQ-AUTH-10) that never drops unsent work silently: a warning, then a second confirmation.
// A completed logout wipes this user's database from the phone (REQ-OFF-11).
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useOutboxCounts } from '../../db/hooks';
import { deleteUserDb } from '../../db/user-db';
import { userDbKey, useSyncRuntime } from '../../sync/sync-runtime';
import { getProfile } from '../../session/profile-store';
import { endSealing } from '../../session/session-seal';
import { pageLock } from '../../lib/page-lock';
import { t } from '../../i18n';
import { msg } from '../../../contracts/msg';
import { logout } from './session';

export const unsentWarning = (n: number) =>
  t(
    '{n, plural, one {# item has not reached the server yet. Logging out deletes it from this phone.} other {# items have not reached the server yet. Logging out deletes them from this phone.}}',
    { n },
  );
export const SECOND_CONFIRM = msg('Log out and lose the unsent work? This cannot be undone.');

export function LogoutButton() {
  const rt = useSyncRuntime();
  const counts = useOutboxCounts(rt?.db ?? null);
  const navigate = useNavigate();
  const [stage, setStage] = useState<0 | 1 | 2>(0);
  const [busy, setBusy] = useState(false);

  const finish = async () => {
    setBusy(true);
    const { id } = getProfile();
    await rt?.engine.stop();
    // The database goes whole: nothing may write the sealed token back into it while it is deleted.
    endSealing();
    await logout(() => navigate({ to: '/login', replace: true }));
    if (id !== -1) {
      const key = userDbKey(id);
      await deleteUserDb(key.tenant, key.user).catch((err) => console.warn('local data not deleted', err));
    }
    pageLock.lock();
  };
  const start = () => (counts.pending > 0 ? setStage(1) : void finish());

  if (stage === 0) {
    return (
      <button className="btn" type="button" disabled={busy} onClick={start}>
        {busy ? t('Logging out...') : t('Logout')}
      </button>
    );
  }
  return (
    <div className="confirm logout-confirm" role="alertdialog" aria-label={t('Unsent work')}>
      <p>{stage === 1 ? unsentWarning(counts.pending) : t(SECOND_CONFIRM)}</p>
      <div className="confirm-actions">
        {stage === 1 ? (
          <>
            <Link to="/sync" className="btn-link">
              {t('Go to Sync')}
            </Link>
            <button type="button" className="btn-link danger" onClick={() => setStage(2)}>
              {t('Log out anyway')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn-link" onClick={() => setStage(0)} disabled={busy}>
              {t('Cancel')}
            </button>
            <button type="button" className="btn-link danger" onClick={() => void finish()} disabled={busy}>
              {t('Log out and delete')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
