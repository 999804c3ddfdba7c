// Pulls the change feed (GET /v1/sync/changes, docs/offline.md "Pull") page by page until the server has nothing
// more, each page applied in one Dexie transaction with its cursor (src/db/feed-apply.ts). The cursor lives in the
// user's own database, so a restart goes on where it stopped and another officer on the phone starts from nothing.
import type { ChangesPage } from '../../contracts/change-feed';
import { applyFeedPage, dropUnseen, FEED_CURSOR_META, FEED_FULL_PULL_SEEN_META } from '../db/feed-apply';
import { LAST_PULLED_AT_META } from '../db/freshness';
import { getMeta, setMeta } from '../db/records';
import type { UserDb } from '../db/user-db';
import type { Transport } from './transport';

/** A pull never loops for ever on a server that keeps saying has_more. */
const MAX_PAGES = 1000;

export type PullResult = { pages: number; updated: number; dropped: number; conflicts: number };
export type PullOptions = { now?: () => number; limit?: number; signal?: AbortSignal };

export class PullError extends Error {
  constructor(readonly status: number) {
    super(`change feed answered ${status}`);
  }
}

export async function pullChanges(db: UserDb, transport: Transport, opts: PullOptions = {}): Promise<PullResult> {
  const now = opts.now ?? Date.now;
  const result: PullResult = { pages: 0, updated: 0, dropped: 0, conflicts: 0 };
  let cursor = await getMeta<string>(db, FEED_CURSOR_META);
  // A first pull, or a reset (the cursor was for another scope), brings the whole readable set: what it does not name
  // is no longer the caller's to hold and is dropped at the end.
  const unfinished = cursor ? await getMeta<string[]>(db, FEED_FULL_PULL_SEEN_META) : undefined;
  let seen: Set<string> | undefined = cursor ? (unfinished ? new Set(unfinished) : undefined) : new Set();
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const q = new URLSearchParams();
    if (cursor) q.set('since', cursor);
    if (opts.limit) q.set('limit', String(opts.limit));
    const query = q.toString();
    const res = await transport.request('main', 'GET', `/v1/sync/changes${query ? `?${query}` : ''}`, { signal: opts.signal });
    if (res.status !== 200) throw new PullError(res.status);
    const body = (res.data as { data?: ChangesPage } | null)?.data;
    if (!body || !Array.isArray(body.changes) || typeof body.cursor !== 'string') throw new PullError(res.status);
    if (page === 0 && body.reset) seen = new Set();
    const applied = await applyFeedPage(db, body.changes, body.cursor, now(), seen);
    result.pages += 1;
    result.updated += applied.updated;
    result.dropped += applied.dropped;
    result.conflicts += applied.conflicts;
    cursor = body.cursor;
    if (!body.has_more) break;
  }
  if (seen) result.dropped += await dropUnseen(db, seen);
  await setMeta(db, LAST_PULLED_AT_META, now());
  return result;
}
