// Who looked at the borrower's identity and documents (server/services/access-log.ts), for the review role and the
// head office: the latest entries under the review summary. Online only; the log is the server's, never kept here.
import { useEffect, useState } from 'react';
import { productRoleOf } from '../../contracts/roles';
import { type AccessLogEntry, getAccessLog } from '../api/applications/get-access-log';
import { formatDateTime } from '../lib/format';
import { useOnline } from '../lib/use-online';
import { useProfile } from '../session/profile-store';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';

const SHOWN = 20;
const WHAT: Record<string, string> = {
  'application.read': msg('Opened the application'),
  'application.lookup': msg('Found it by mobile'),
  'application.sync': msg('Copied it to a phone'),
  'co_applicant.read': msg('Opened co-applicants'),
  'file.url': msg('Opened a document link'),
  'file.bytes': msg('Viewed a document'),
};
/** The roles the log names, in the words the list always used (an unknown role shows as its code in lower case). */
const ROLE_WORDS: Record<string, string> = {
  INITIATING_OFFICER: msg('initiating officer'),
  VERIFICATION: msg('verification'),
  REVIEW: msg('review'),
  HEAD_OFFICE: msg('head office'),
};

const what = (e: AccessLogEntry) => {
  const known = WHAT[e.action];
  const action = known ? t(known) : e.action;
  return `${action}${e.fields.length > 0 ? ` (${e.fields.join(', ')})` : ''}`;
};
const roleWords = (role: string) => {
  const known = ROLE_WORDS[role];
  return known ? t(known) : role.replace(/_/g, ' ').toLowerCase();
};

export function AccessLogPanel({ appId }: { appId: string }) {
  const profile = useProfile();
  const role = productRoleOf(profile.role, profile.mfi_employee?.designation);
  const online = useOnline();
  const mayRead = role === 'REVIEW' || role === 'HEAD_OFFICE';
  const [entries, setEntries] = useState<AccessLogEntry[] | 'failed' | null>(null);
  useEffect(() => {
    if (!mayRead || !online) return;
    let live = true;
    getAccessLog(appId).then(
      (r) => live && setEntries(r.data.entries),
      () => live && setEntries('failed'),
    );
    return () => {
      live = false;
    };
  }, [appId, mayRead, online]);
  if (!mayRead) return null;
  return (
    <section className="stack" aria-label={t('Access log')}>
      <h3>{t(`Who looked at this borrower's identity`)}</h3>
      {!online && <p className="muted small">{t('The access log is shown when you are online.')}</p>}
      {online && entries === null && <p className="muted small">{t('Loading the access log...')}</p>}
      {entries === 'failed' && <p className="muted small">{t('The access log could not be loaded. Try again later.')}</p>}
      {Array.isArray(entries) && entries.length === 0 && <p className="muted small">{t('No one has opened it yet.')}</p>}
      {Array.isArray(entries) && entries.length > 0 && (
        <ul className="access-log small">
          {entries.slice(0, SHOWN).map((e) => (
            <li key={e.id}>
              {formatDateTime(new Date(e.at))} · {e.user_name ?? t('Borrower (online application)')}
              {e.role ? ` (${roleWords(e.role)})` : ''} · {what(e)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
