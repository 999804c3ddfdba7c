// The application's change history in the review summary: who changed identity, payout, amounts or figures after they
// were first entered, in which role, when, and before → after (contracts/change-history.ts). Read from the server when
// online; offline the summary says it cannot be shown yet.
import { useEffect, useState } from 'react';
import type { HistoryEntry } from '../../contracts/change-history';
import { getHistory } from '../api/applications/get-history';
import { formatDate } from '../lib/format';
import { useOnline } from '../lib/use-online';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';
import { localize } from '../../contracts/msg-template';

const ROLE_TEXT: Record<string, string> = {
  INITIATING_OFFICER: msg('initiating officer'),
  REVIEW: msg('review role'),
  VERIFICATION: msg('verification role'),
};
const roleText = (role: string) => {
  const known = ROLE_TEXT[role];
  return known ? t(known) : role;
};
const shown = (x: string | number | null) => (x === null || x === '' ? '—' : typeof x === 'number' ? x.toLocaleString('en-IN') : x);

export function ChangeHistory({ appId, updatedAt }: { appId: string; updatedAt?: string }) {
  const online = useOnline();
  const [history, setHistory] = useState<HistoryEntry[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the application changes (updatedAt).
  useEffect(() => {
    if (!online) return;
    let live = true;
    getHistory(appId)
      .then((r) => live && setHistory(r.data.history))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [appId, online, updatedAt]);
  return (
    <section className="stack" aria-label={t('Change history')}>
      <h3>{t('Change history')}</h3>
      {history === null ? (
        <p className="muted small">
          {online ? t('Loading the change history...') : t('The change history shows when the phone is online.')}
        </p>
      ) : history.length === 0 ? (
        <p className="muted small">{t('No identity, payout, amount or figure has changed since it was entered.')}</p>
      ) : (
        <ul className="change-history">
          {history.map((h) => (
            <li key={`${h.at}-${h.changes.map((c) => c.field).join()}`}>
              <p className="small">
                <strong>{formatDate(new Date(h.at))}</strong> · {h.by_user_id ? t('user {id}', { id: h.by_user_id }) : t('user visitor')}
                {h.role ? ` (${roleText(h.role)})` : ''}
              </p>
              <ul>
                {h.changes.map((c) => (
                  <li key={c.field} className="small">
                    {localize(c.label, t)}: {shown(c.before)} → {shown(c.after)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
