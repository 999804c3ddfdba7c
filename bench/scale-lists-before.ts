// The list route's query shapes before the scale work, kept as SQL so one bench run measures before and after on the
// same data: the count of the whole scope on every call, the page by OFFSET, and the search as ILIKE '%…%' over four
// columns. During the "before" phase the indexes the new shapes brought are hidden from the planner (pg_index
// indisvalid, a bench-cluster-only trick: the index stays built and maintained) and the two indexes they replaced are
// back, so the old shapes run against the old schema's indexes.
import type { Queryable } from '../server/db/db';
import type { ListScope } from '../server/services/application-list';
import { CO_PARTIES, CO_PENDING, SUMMARY_COLUMNS } from '../server/services/application-list-columns';
import { APP_COLUMNS } from '../server/services/application-store';

export const NEW_INDEXES = [
  'applications_owner_list',
  'applications_branch_list',
  'applications_tenant_list',
  'applications_phone_prefix',
  'applications_id_prefix',
  'applications_tracker_prefix',
  'applications_name_trgm',
  'applications_name_scope_trgm',
];
const OLD_INDEXES = [
  'CREATE INDEX IF NOT EXISTS applications_owner ON applications (tenant_id, owner_user_id, updated_at DESC)',
  'CREATE INDEX IF NOT EXISTS applications_branch ON applications (tenant_id, branch_id, updated_at DESC)',
];

/** Runs `fn` with the old indexes only (as far as the planner knows), then puts the new ones back. */
export async function withOldIndexes<T>(q: Queryable, fn: () => Promise<T>): Promise<T> {
  for (const sql of OLD_INDEXES) await q.exec(sql);
  const hide = (valid: boolean) =>
    q.query(`UPDATE pg_index SET indisvalid = $1 WHERE indexrelid IN (SELECT oid FROM pg_class WHERE relname = ANY($2))`, [
      valid,
      NEW_INDEXES,
    ]);
  await hide(false);
  try {
    return await fn();
  } finally {
    await hide(true);
    await q.exec('DROP INDEX IF EXISTS applications_owner; DROP INDEX IF EXISTS applications_branch');
  }
}

function oldWhere(ls: ListScope, search: string): { where: string; params: unknown[] } {
  const params = [...ls.params];
  let where = ls.where;
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    const n = params.length;
    where += ` AND (phone ILIKE $${n} OR id ILIKE $${n} OR tracker_id ILIKE $${n} OR data->>'name' ILIKE $${n})`;
  }
  return { where, params };
}

/** The old GET /v1/app/mfi: count, then the page by OFFSET. */
export async function oldList(q: Queryable, ls: ListScope, o: { page: number; size: number; search: string }): Promise<number> {
  const { where, params } = oldWhere(ls, o.search);
  await q.query(`SELECT count(*)::int AS n FROM applications WHERE ${where}`, params);
  const rows = await q.query(
    `SELECT ${ls.wide ? SUMMARY_COLUMNS : APP_COLUMNS}, ${CO_PENDING}, ${CO_PARTIES} FROM applications WHERE ${where}
     ORDER BY updated_at DESC, id LIMIT ${o.size} OFFSET ${o.page * o.size}`,
    params,
  );
  return rows.length;
}

/** The old GET /v1/app/mfi/count. */
export async function oldCount(q: Queryable, ls: ListScope): Promise<number> {
  const [r] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM applications WHERE ${ls.where}`, ls.params);
  return r?.n ?? 0;
}

/** The plan of a query as text, to check which indexes a phase really used. */
export async function planOf(q: Queryable, sql: string, params: unknown[]): Promise<string> {
  const rows = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}
