// After an online sign-in (and on each app start with a network), fill Dexie with what a day in the field needs:
// the officer's work list with each application, and the reference lists. Screens read only Dexie.
import { cacheList, cacheServerApplications, setMeta } from '../db/records';
import type { UserDb } from '../db/user-db';
import type { Transport } from './transport';

export const LIST_KEYS = { banks: 'banks', businessCategories: 'business-categories', appCount: 'application-count' } as const;
export const LAST_PREFETCH_META = 'last-prefetch-at';
/** How many of the officer's most recent applications are kept for offline reading. */
export const WORK_LIST_SIZE = 100;

export type PrefetchResult = { ok: string[]; failed: string[] };

type Envelope = { data?: unknown };
const dataOf = (body: unknown) => (body as Envelope | null)?.data;

/**
 * Fetches each piece on its own: one failing list never blocks the others. Nothing is deleted on failure. A visitor
 * (`scope: 'lists'`) gets the reference lists only: the work list and the count are staff calls.
 */
export async function prefetchForOffline(
  db: UserDb,
  transport: Transport,
  now = Date.now,
  scope: 'officer' | 'lists' = 'officer',
): Promise<PrefetchResult> {
  const result: PrefetchResult = { ok: [], failed: [] };
  const get = async (name: string, path: string, store: (data: unknown) => Promise<unknown>) => {
    try {
      const res = await transport.request('main', 'GET', path);
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      await store(dataOf(res.data));
      result.ok.push(name);
    } catch (err) {
      result.failed.push(name);
      console.warn(`prefetch of ${name} failed`, err instanceof Error ? err.message : err);
    }
  };
  const lists = [
    get('banks', '/v1/bank/list', (d) => cacheList(db, LIST_KEYS.banks, d, now())),
    get('business-categories', '/v1/mfi/business-category', (d) => cacheList(db, LIST_KEYS.businessCategories, d, now())),
  ];
  if (scope === 'lists') {
    await Promise.all(lists);
    return result;
  }
  await Promise.all([
    ...lists,
    get('count', '/v1/app/mfi/count', (d) => cacheList(db, LIST_KEYS.appCount, d, now())),
    get('applications', `/v1/app/mfi?page=0&size=${WORK_LIST_SIZE}`, async (d) => {
      const list = ((d as { list?: Array<{ id?: unknown }> } | undefined)?.list ?? []).filter(
        (a): a is { id: string } => typeof a.id === 'string',
      );
      await cacheServerApplications(
        db,
        list.map((a) => ({ id: a.id, appId: a.id, data: a })),
        now(),
      );
    }),
  ]);
  if (result.ok.length > 0) await setMeta(db, LAST_PREFETCH_META, now());
  return result;
}
