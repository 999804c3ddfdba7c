import type { Deps } from '../app-env';
import type { Queryable } from '../db/db';

// What is not kept (docs/regulatory.md "Retention"): a draft nobody touched for `draftDays` is deleted whole (it never
// became a loan: no decision to keep), and a rejected application's documents are deleted `rejectedDocsDays` after the
// rejection was last touched (the application row, its decision and history stay, without the pictures). An application
// whose borrower withdrew consent (`data.consent_withdrawn`) is a rejection here, counted from the withdrawal: its
// documents go, its row and the withdrawal's record stay, even as an untouched draft. The access log is never purged here: it has its own floor (server/services/access-log.ts). A dry run reports and changes nothing.

export const RETENTION_DEFAULTS = { draftDays: 90, rejectedDocsDays: 180 } as const;

export type RetentionReport = {
  dry_run: boolean;
  drafts: { tenant_id: string; id: string; updated_at: string; files: number }[];
  rejected_documents: { tenant_id: string; application_id: string; file_ids: string[] }[];
};

const cutoff = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

async function abandonedDrafts(q: Queryable, now: Date, days: number) {
  return q.query<{ tenant_id: string; id: string; updated_at: Date | string; files: number }>(
    `SELECT a.tenant_id, a.id, a.updated_at, (SELECT count(*)::int FROM files f WHERE f.tenant_id = a.tenant_id AND f.application_id = a.id) AS files
     FROM applications a WHERE a.status = 'DRAFT' AND cardinality(a.stages) = 0 AND NOT (a.data ? 'consent_withdrawn') AND a.updated_at < $1::timestamptz
     ORDER BY a.updated_at`,
    [cutoff(now, days)],
  );
}

async function rejectedFiles(q: Queryable, now: Date, days: number) {
  return q.query<{ tenant_id: string; application_id: string; id: string; path: string }>(
    `SELECT f.tenant_id, f.application_id, f.id, f.path FROM files f JOIN applications a ON a.tenant_id = f.tenant_id AND a.id = f.application_id
     WHERE (a.data->'approval_checks'->>'decision' = 'REJECTED' OR a.data ? 'consent_withdrawn') AND a.updated_at < $1::timestamptz ORDER BY f.application_id, f.id`,
    [cutoff(now, days)],
  );
}

/** Purges what the retention periods allow (or, with `dryRun`, only reports it). */
export async function runRetention(
  deps: Pick<Deps, 'db' | 'files'>,
  now: Date,
  opts: { draftDays?: number; rejectedDocsDays?: number; dryRun?: boolean } = {},
): Promise<RetentionReport> {
  const draftDays = opts.draftDays ?? RETENTION_DEFAULTS.draftDays;
  const rejectedDocsDays = opts.rejectedDocsDays ?? RETENTION_DEFAULTS.rejectedDocsDays;
  const dryRun = opts.dryRun ?? false;
  const drafts = await abandonedDrafts(deps.db, now, draftDays);
  const rejected = await rejectedFiles(deps.db, now, rejectedDocsDays);
  const byApp = new Map<string, RetentionReport['rejected_documents'][number]>();
  for (const f of rejected) {
    const key = `${f.tenant_id}/${f.application_id}`;
    const entry = byApp.get(key) ?? { tenant_id: f.tenant_id, application_id: f.application_id, file_ids: [] };
    entry.file_ids.push(f.id);
    byApp.set(key, entry);
  }
  const report: RetentionReport = {
    dry_run: dryRun,
    drafts: drafts.map((d) => ({ tenant_id: d.tenant_id, id: d.id, updated_at: new Date(d.updated_at).toISOString(), files: d.files })),
    rejected_documents: [...byApp.values()],
  };
  if (dryRun) return report;
  const paths: string[] = rejected.map((f) => f.path);
  await deps.db.tx(async (q) => {
    for (const f of rejected) await q.query('DELETE FROM files WHERE tenant_id=$1 AND id=$2', [f.tenant_id, f.id]);
    for (const d of drafts) {
      const files = await q.query<{ path: string }>('DELETE FROM files WHERE tenant_id=$1 AND application_id=$2 RETURNING path', [
        d.tenant_id,
        d.id,
      ]);
      paths.push(...files.map((f) => f.path));
      for (const t of ['application_events', 'co_applicants', 'family_members']) {
        await q.query(`DELETE FROM ${t} WHERE tenant_id=$1 AND application_id=$2`, [d.tenant_id, d.id]);
      }
      await q.query('DELETE FROM applications WHERE tenant_id=$1 AND id=$2', [d.tenant_id, d.id]);
    }
    // A name's words leave the search's vocabulary (server/services/name-search.ts) with the last application that had
    // them, deleted or renamed. The lock waits for every writer that may be adding one of them, so none is missed.
    await q.query('LOCK TABLE name_words IN EXCLUSIVE MODE');
    await q.query(
      'DELETE FROM name_words v WHERE NOT EXISTS (SELECT 1 FROM application_name_words x WHERE x.tenant_id=v.tenant_id AND x.word=v.word)',
    );
  });
  // The bytes go after the rows: a failure here leaves unreferenced bytes (swept as any), never a row without bytes.
  await deps.files.delete(paths);
  return report;
}
