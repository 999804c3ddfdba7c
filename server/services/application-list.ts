import type { GateParty } from '../../contracts/sanction-gate';
import type { Caller } from '../app-env';
import type { Queryable } from '../db/db';
import { CO_PARTIES, CO_PENDING, SUMMARY_COLUMNS } from './application-list-columns';
import { APP_COLUMNS, type AppRow } from './application-store';
import { type StaffScope, scopeCondition, staffScopeOf } from './staff-scope';

// The application lists and their counts at a lender's scale. Each scope reads its own index in list order
// (server/db/migrations/018-list-indexes.ts): a page is the next `size` rows of an index range. A client that passes
// the cursor of the previous page (`after`, answered as `next_after`) gets the rows after that one by their sort key
// (keyset: the cost of a page does not grow with its depth); page/size alone still work, skipping rows on the index
// only and reading the page's rows after. A count reads the per-scope counters; a searched count stops at SEARCH_COUNT_CAP.

/** A search that matches more than this many applications answers this many (and `total_capped`): narrow it. */
export const SEARCH_COUNT_CAP = 200;

export type ListScope = { where: string; params: unknown[]; wide: boolean; scope: StaffScope | null };

/**
 * Whose applications the list and the count show (server/services/staff-scope.ts): the initiating officer's own; the
 * verification and review roles their branch's, since they take over what its officers started; the head office all.
 */
export async function listScope(q: Queryable, caller: Caller): Promise<ListScope> {
  const scope = await staffScopeOf(q, caller);
  return scopeWhere(caller.tenantId, scope);
}

export function scopeWhere(tenantId: string, scope: StaffScope | null): ListScope {
  if (!scope) return { where: 'tenant_id=$1 AND false', params: [tenantId], wide: false, scope };
  const cond = scopeCondition(scope, 2);
  return {
    where: `tenant_id=$1${cond.sql}`,
    params: [tenantId, ...cond.params],
    wide: scope.role !== 'INITIATING_OFFICER' && scope.role !== null,
    scope,
  };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * The search: the start of a mobile, an application id (lower-case hex) or a tracker id (upper case), or any part of
 * the applicant's name, case-insensitive. Each arm has its index (prefix btrees, the name's trigrams).
 */
export function searchCondition(search: string, params: unknown[]): string {
  const n = params.length;
  const s = likeEscape(search);
  params.push(`${s}%`, `${s.toLowerCase()}%`, `${s.toUpperCase()}%`, `%${s}%`);
  return ` AND (phone LIKE $${n + 1} OR id LIKE $${n + 2} OR tracker_id LIKE $${n + 3} OR data->>'name' ILIKE $${n + 4})`;
}

/** A page cursor: the last row's updated_at (UTC, microseconds) and id. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6})Z_([0-9a-f]{32})$/;
export const isCursor = (s: string) => CURSOR.test(s);
export const CURSOR_SQL = `to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || 'Z_' || id`;

/** A search whose count is capped (many matches) walks this many rows of its scope in list order for its page first. */
export const SEARCH_WALK_ROWS = 2_000;

/** How a searched page is found: `few` matches (its count under the cap) or `many` (capped); unknown without a count. */
export type Matches = 'few' | 'many' | 'unknown';

/**
 * The ids and sort keys of one page, in list order: after a cursor by the index range, else skipping page × size
 * rows of the index (an index-only walk when there is no search). `scope` is the list's condition, `search` the
 * search's (searchCondition), their parameters in `params`.
 */
export function pageKeysSql(
  scope: string,
  search: string,
  params: unknown[],
  o: { size: number; page: number; after: string | null; matches?: Matches },
): string {
  let w = scope;
  let offset = o.page * o.size;
  const m = o.after ? CURSOR.exec(o.after) : null;
  if (m) {
    params.push(`${m[1]}Z`, m[2]);
    const t = `$${params.length - 1}::timestamptz`;
    w += ` AND updated_at <= ${t} AND (updated_at < ${t} OR id > $${params.length})`;
    offset = 0;
  }
  const order = `ORDER BY updated_at DESC, id LIMIT ${o.size} OFFSET ${offset}`;
  // Many matches: a page is a few hundred rows down the scope's list index. Left to itself the planner may believe the
  // trigram index's estimate of a few dozen, take every match (25,000 for a common surname at 1,000,000) and sort them.
  if (search && o.matches === 'many')
    return `SELECT id AS page_id, updated_at AS page_at FROM (SELECT id, updated_at, phone, tracker_id, data FROM applications
      WHERE ${w} ORDER BY updated_at DESC, id LIMIT ${SEARCH_WALK_ROWS}) walk WHERE true${search} ${order}`;
  // Few matches: take them all by the search's indexes, then sort them. Left to itself the planner may walk the whole
  // scope in list order looking for a name part common elsewhere but absent here.
  if (search && o.matches === 'few')
    return `WITH m AS MATERIALIZED (SELECT id, updated_at FROM applications WHERE ${w}${search}) SELECT id AS page_id, updated_at AS page_at FROM m ${order}`;
  return `SELECT id AS page_id, updated_at AS page_at FROM applications WHERE ${w}${search} ${order}`;
}

/** How many applications the scope holds (searched: up to SEARCH_COUNT_CAP + 1 are counted). */
export async function countApplications(q: Queryable, ls: ListScope, search: string): Promise<{ n: number; capped: boolean }> {
  if (!ls.scope) return { n: 0, capped: false };
  if (search) {
    const params = [...ls.params];
    const where = ls.where + searchCondition(search, params);
    const [r] = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM applications WHERE ${where} LIMIT ${SEARCH_COUNT_CAP + 1}) s`,
      params,
    );
    const n = r?.n ?? 0;
    return n > SEARCH_COUNT_CAP ? { n: SEARCH_COUNT_CAP, capped: true } : { n, capped: false };
  }
  // The same scope condition on the counters: their columns are named as the applications' are.
  const [r] = await q.query<{ n: number }>(`SELECT COALESCE(sum(n), 0)::int AS n FROM application_counts WHERE ${ls.where}`, ls.params);
  return { n: r?.n ?? 0, capped: false };
}

export type ListRow = AppRow & { co_deviations_pending: number; co_parties: GateParty[]; cursor: string };

/**
 * One page of the scope's applications, searched or not: the keys come off the index, only its rows are read whole. A
 * search with many matches walks the first SEARCH_WALK_ROWS of its scope; a page not found there is found by the index.
 */
export async function listPage(
  q: Queryable,
  ls: ListScope,
  o: { page: number; size: number; search: string; after: string | null; matches?: Matches },
): Promise<ListRow[]> {
  const read = (matches: Matches) => {
    const params = [...ls.params];
    const search = o.search ? searchCondition(o.search, params) : '';
    return q.query<ListRow>(
      `SELECT ${ls.wide ? SUMMARY_COLUMNS : APP_COLUMNS}, ${CO_PENDING}, ${CO_PARTIES}, ${CURSOR_SQL} AS cursor
       FROM applications JOIN (${pageKeysSql(ls.where, search, params, { ...o, matches })}) p ON applications.tenant_id=$1 AND applications.id=p.page_id
       ORDER BY p.page_at DESC, p.page_id`,
      params,
    );
  };
  // A page past the walk's rows could never fill from it.
  if (o.search && o.matches === 'many' && (o.after || (o.page + 1) * o.size <= SEARCH_WALK_ROWS)) {
    const walked = await read('many');
    if (walked.length === o.size) return walked;
  }
  return read(o.matches === 'few' ? 'few' : 'unknown');
}
