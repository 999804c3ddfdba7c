// A co-applicant or family member started and not submitted (say a co-borrower with two photos
// saved) is a draft on the phone; its list shows it as one, with the way back to it, instead of 'No data'.
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../db/user-db-context';
import { t } from '../i18n';
import { formatDateTime } from '../lib/format';
import { useStagePath } from '../session/flow-context';

export type UnfinishedDraft = { recordIndex: number; name: string; updatedAt: number };

/** Drafts `${appId}|${step}|${index}` of records not saved yet (an edit of a saved record is that record's). */
export function useUnfinishedDrafts(appId: string, step: 'co-applicant' | 'family-member', saved: readonly number[]): UnfinishedDraft[] {
  const db = useUserDb();
  const rows = useLiveQuery(
    async () => (db && appId ? db.drafts.where('key').startsWith(`${appId}|${step}|`).toArray() : []),
    [db, appId, step],
    [],
  );
  return rows
    .map((r) => ({
      recordIndex: Number(r.key.split('|')[2]),
      name: String((r.value as { name?: unknown } | null)?.name ?? '').trim(),
      updatedAt: r.updatedAt,
    }))
    .filter((d) => Number.isInteger(d.recordIndex) && !saved.includes(d.recordIndex))
    .sort((a, b) => a.recordIndex - b.recordIndex);
}

export function UnfinishedDraftRows({
  appId,
  drafts,
  form,
  what,
}: {
  appId: string;
  drafts: readonly UnfinishedDraft[];
  form: 'family-detail-form' | 'co-applicant-details' | 'reference-details';
  what: string;
}) {
  const to = useStagePath();
  return drafts.map((d) => (
    <li key={`draft-${d.recordIndex}`} className="co-card is-draft" aria-label={t('Draft {name}', { name: d.name || what })}>
      <Link to={to(form)} search={{ id: appId, record_index: d.recordIndex }}>
        <strong>{d.name || t('{what} (no name yet)', { what })}</strong>
      </Link>
      <p className="small muted">{t('Draft, not submitted · saved {when}. Open it to finish.', { when: formatDateTime(d.updatedAt) })}</p>
    </li>
  ));
}
