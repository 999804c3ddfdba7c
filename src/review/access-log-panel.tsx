// Who looked at the borrower's identity and documents (server/services/access-log.ts), for the review role and the
// head office: the latest entries under the review summary. Online only; the log is the server's, never kept here.
import { useEffect, useState } from 'react';
import { productRoleOf } from '../../contracts/roles';
import { type AccessLogEntry, getAccessLog } from '../api/applications/get-access-log';
import { formatDateTime } from '../lib/format';
import { useOnline } from '../lib/use-online';
import { useProfile } from '../session/profile-store';

const SHOWN = 20;
const WHAT: Record<string, string> = {
  'application.read': 'Opened the application',
  'application.lookup': 'Found it by mobile',
  'application.sync': 'Copied it to a phone',
  'co_applicant.read': 'Opened co-applicants',
  'file.url': 'Opened a document link',
  'file.bytes': 'Viewed a document',
};

const what = (e: AccessLogEntry) => `${WHAT[e.action] ?? e.action}${e.fields.length > 0 ? ` (${e.fields.join(', ')})` : ''}`;

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
    <section className="stack" aria-label="Access log">
      <h3>Who looked at this borrower's identity</h3>
      {!online && <p className="muted small">The access log is shown when you are online.</p>}
      {online && entries === null && <p className="muted small">Loading the access log...</p>}
      {entries === 'failed' && <p className="muted small">The access log could not be loaded. Try again later.</p>}
      {Array.isArray(entries) && entries.length === 0 && <p className="muted small">No one has opened it yet.</p>}
      {Array.isArray(entries) && entries.length > 0 && (
        <ul className="access-log small">
          {entries.slice(0, SHOWN).map((e) => (
            <li key={e.id}>
              {formatDateTime(new Date(e.at))} · {e.user_name ?? 'Borrower (online application)'}
              {e.role ? ` (${e.role.replace(/_/g, ' ').toLowerCase()})` : ''} · {what(e)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
