import type { GateParty } from '../../contracts/sanction-gate';
import type { Caller } from '../app-env';
import type { Queryable } from '../db/db';
import { CO_PARTIES, CO_PENDING, SUMMARY_COLUMNS } from './application-list-columns';
import { APP_COLUMNS, type AppRow } from './application-store';
import { likeEscape, type NameWords, nameSearchKeysSql, nameWords } from './name-search';
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

/**
 * The search: the start of a mobile, an application id (lower-case hex) or a tracker id (upper case), or any part of
 * the applicant's name, case-insensitive. Each arm has its index (prefix btrees, the name's trigrams).
 */
export function searchCondition(search: string, params: unknown[]): string {
  return ` AND (${prefixArms(search, params)} OR data->>'name' ILIKE $${params.push(namePattern(search))})`;
}

const namePattern = (search: string) => `%${likeEscape(search)}%`;

function prefixArms(search: string, params: unknown[]): string {
  const s = likeEscape(search);
  const n = params.push(`${s}%`, `${s.toLowerCase()}%`, `${s.toUpperCase()}%`);
  return `phone LIKE $${n - 2} OR id LIKE $${n - 1} OR tracker_id LIKE $${n}`;
}

/** A page cursor: the last row's updated_at (UTC, microseconds) and id. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6})Z_([0-9a-f]{32})$/;
export const isCursor = (s: string) => CURSOR.test(s);
export const CURSOR_SQL = `to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || 'Z_' || id`;

/** A search whose count is capped (many matches) walks this many rows of its scope in list order for its page first. */
export const SEARCH_WALK_ROWS = 2_000;

/** How a searched page is found: `few` matches (its count under the cap) or `many` (capped); unknown without a count. */
export type Matches = 'few' | 'many' | 'unknown';

/** The keyset condition of the rows after a cursor, given the id column's name; none without a cursor. */
function afterCursor(params: unknown[], after: string | null): (id: string) => string {
  const m = after ? CURSOR.exec(after) : null;
  if (!m) return () => '';
  const n = params.push(`${m[1]}Z`, m[2]);
  return (id) => ` AND updated_at <= $${n - 1}::timestamptz AND (updated_at < $${n - 1}::timestamptz OR ${id} > $${n})`;
}

/** LIMIT and OFFSET of one page: a cursor already stands where the page starts. */
const pageTail = (o: { size: number; page: number; after: string | null }) => `LIMIT ${o.size} OFFSET ${o.after ? 0 : o.page * o.size}`;

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
  const after = afterCursor(params, o.after);
  const w = scope + after('id');
  const order = `ORDER BY updated_at DESC, id ${pageTail(o)}`;
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

/** How many applications the scope holds (searched: up to SEARCH_COUNT_CAP + 1 are counted); `known`: its words. */
export async function countApplications(
  q: Queryable,
  ls: ListScope,
  search: string,
  known?: NameWords | null,
): Promise<{ n: number; capped: boolean }> {
  if (!ls.scope) return { n: 0, capped: false };
  if (search) {
    const params = [...ls.params];
    const words = known === undefined ? await nameWords(q, ls.params[0] as string, search) : known;
    const rows = words
      ? wordKeysSql(ls, search, params, words, null, `LIMIT ${SEARCH_COUNT_CAP + 1}`)
      : `SELECT 1 FROM applications WHERE ${ls.where}${searchCondition(search, params)} LIMIT ${SEARCH_COUNT_CAP + 1}`;
    const [r] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${rows}) s`, params);
    const n = r?.n ?? 0;
    return n > SEARCH_COUNT_CAP ? { n: SEARCH_COUNT_CAP, capped: true } : { n, capped: false };
  }
  // The same scope condition on the counters: their columns are named as the applications' are.
  const [r] = await q.query<{ n: number }>(`SELECT COALESCE(sum(n), 0)::int AS n FROM application_counts WHERE ${ls.where}`, ls.params);
  return { n: r?.n ?? 0, capped: false };
}

/** A search answered through the name's words (nameWords): its matches' keys in list order, then `tail`. */
function wordKeysSql(ls: ListScope, search: string, params: unknown[], words: NameWords, after: string | null, tail: string) {
  const prefix = ` AND (${prefixArms(search, params)})`;
  return nameSearchKeysSql(ls.where, params, words, { prefix, like: namePattern(search), cursor: afterCursor(params, after), tail });
}

/** The page's rows whole, in list order, from its keys (page_id, page_at); `extra` adds columns. */
const rowsSql = (ls: ListScope, keys: string, extra = '') =>
  `SELECT ${ls.wide ? SUMMARY_COLUMNS : APP_COLUMNS}, ${CO_PENDING}, ${CO_PARTIES}, ${CURSOR_SQL} AS cursor${extra}
   FROM applications JOIN (${keys}) p ON applications.tenant_id=$1 AND applications.id=p.page_id
   ORDER BY p.page_at DESC, p.page_id`;

export type ListRow = AppRow & { co_deviations_pending: number; co_parties: GateParty[]; cursor: string };

/**
 * One page of the scope's applications, searched or not: the keys come off the index, only its rows are read whole. A
 * search with many matches walks the first SEARCH_WALK_ROWS of its scope; a page not found there is found by the index.
 */
export async function listPage(
  q: Queryable,
  ls: ListScope,
  o: { page: number; size: number; search: string; after: string | null; matches?: Matches; words?: NameWords | null },
): Promise<ListRow[]> {
  const read = (matches: Matches) => {
    const params = [...ls.params];
    const keys =
      o.search && o.words
        ? wordKeysSql(ls, o.search, params, o.words, o.after, pageTail(o))
        : pageKeysSql(ls.where, o.search ? searchCondition(o.search, params) : '', params, { ...o, matches });
    return q.query<ListRow>(rowsSql(ls, keys), params);
  };
  // A page past the walk's rows could never fill from it.
  if (o.search && !o.words && o.matches === 'many' && (o.after || (o.page + 1) * o.size <= SEARCH_WALK_ROWS)) {
    const walked = await read('many');
    if (walked.length === o.size) return walked;
  }
  return read(o.matches === 'few' ? 'few' : 'unknown');
}

/** One list call as GET /v1/app/mfi makes it: the count (capped when searched), then the page it leads to. */
export async function listWithCount(q: Queryable, ls: ListScope, o: { page: number; size: number; search: string; after: string | null }) {
  const words = o.search && ls.scope ? await nameWords(q, ls.params[0] as string, o.search) : null;
  // A first page of a search by words is a slice of the capped count's keys: one statement for both.
  if (words && !o.after && (o.page + 1) * o.size <= SEARCH_COUNT_CAP) {
    const params = [...ls.params];
    const found = wordKeysSql(ls, o.search, params, words, null, `LIMIT ${SEARCH_COUNT_CAP + 1}`);
    const page = `SELECT * FROM found ORDER BY page_at DESC, page_id ${pageTail(o)}`;
    const rows = await q.query<ListRow & { found: number }>(
      `WITH found AS MATERIALIZED (${found}) ${rowsSql(ls, page, ', (SELECT count(*) FROM found)::int AS found')}`,
      params,
    );
    // No first page means no match; a later page past the matches still needs the count.
    const n = rows[0]?.found ?? (o.page === 0 ? 0 : undefined);
    if (n !== undefined) {
      const total = n > SEARCH_COUNT_CAP ? { n: SEARCH_COUNT_CAP, capped: true } : { n, capped: false };
      return { total, rows: rows.map(({ found: _, ...r }) => r) };
    }
  }
  const total = await countApplications(q, ls, o.search, words);
  const rows = await listPage(q, ls, { ...o, matches: total.capped ? 'many' : 'few', words });
  return { total, rows };
}
