// The "needs you" list, live from the phone: applications, the unsent outbox, the drafts and the officer's
// acknowledgements (issue 17). Every screen that shows it reads this one hook.
import { useLiveQuery } from 'dexie-react-hooks';
import { getMeta, setMeta } from '../db/records';
import type { UserDb } from '../db/user-db';
import type { DeviationItem } from './deviation-items';
import { deviationAckKey, NEEDS_YOU_ACKS_META, type NeedsYouItem, needsYou } from './needs-you';

const NONE: NeedsYouItem[] = [];
/** A new read every minute too, so unsent work turns a day old without a write. */
const minute = () => Math.floor(Date.now() / 60_000);

export async function readNeedsYou(db: UserDb, now = Date.now()): Promise<NeedsYouItem[]> {
  const [apps, ops, acks, draftKeys] = await Promise.all([
    db.applications.toArray(),
    db.outbox.where('state').anyOf('queued', 'sending', 'needs-attention').toArray(),
    getMeta<Record<string, number>>(db, NEEDS_YOU_ACKS_META),
    db.drafts.toCollection().primaryKeys(),
  ]);
  const draftAppIds = new Set((draftKeys as string[]).map((k) => k.split('|')[0]!));
  return needsYou({ apps, ops: ops.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)), acks: acks ?? {}, draftAppIds, now });
}

export function useNeedsYou(db: UserDb | null, appId?: string): NeedsYouItem[] {
  const tick = minute();
  const items = useLiveQuery(() => (db ? readNeedsYou(db) : NONE), [db, tick], NONE);
  return appId ? items.filter((i) => i.appId === appId) : items;
}

/** 'Continue with Deviation' after sync: the server holds the request (PENDING); the officer's choice is kept here. */
export async function continueWithDeviation(db: UserDb, appId: string, item: DeviationItem, now = Date.now()) {
  const acks = (await getMeta<Record<string, number>>(db, NEEDS_YOU_ACKS_META)) ?? {};
  await setMeta(db, NEEDS_YOU_ACKS_META, { ...acks, [deviationAckKey(appId, item)]: now });
}
