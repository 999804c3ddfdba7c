// The "needs you" list, live from the phone: applications, the unsent outbox, the drafts and the officer's
// acknowledgements. Every screen that shows it reads this one hook.
import { useLiveQuery } from 'dexie-react-hooks';
import { type ProductRole, productRoleOf } from '../../contracts/roles';
import { FEED_CONFLICTS_META, type FeedConflicts } from '../db/feed-conflicts';
import { useProfile } from '../session/profile-store';
import { getMeta, setMeta } from '../db/records';
import type { UserDb } from '../db/user-db';
import type { DeviationItem } from '../workflow/deviation-items';
import { NEEDS_YOU_ACKS_META, type NeedsYouItem, needsYou } from '../workflow/needs-you';
import { deviationAckKey } from '../workflow/needs-you-deviations';

const NONE: NeedsYouItem[] = [];
/** A new read every minute too, so unsent work turns a day old without a write. */
const minute = () => Math.floor(Date.now() / 60_000);

export async function readNeedsYou(db: UserDb, now = Date.now(), role: ProductRole | null = null): Promise<NeedsYouItem[]> {
  const [rows, cos, ops, acks, draftKeys, conflicts] = await Promise.all([
    db.applications.toArray(),
    db.coApplicants.toArray(),
    db.outbox.where('state').anyOf('queued', 'sending', 'needs-attention').toArray(),
    getMeta<Record<string, number>>(db, NEEDS_YOU_ACKS_META),
    // Unfinished work only: a draft its submit sent waits for the server's answer in the outbox, not for the officer.
    db.drafts.toArray().then((rows) => rows.filter((r) => !r.sentBy).map((r) => r.key)),
    getMeta<FeedConflicts>(db, FEED_CONFLICTS_META),
  ]);
  // A guarantor's deviation lives on the guarantor's record: each application is read with its co-applicants.
  const byApp = new Map<string, Array<(typeof cos)[number]['data'] & { id: string }>>();
  for (const c of cos) byApp.set(c.appId, [...(byApp.get(c.appId) ?? []), { ...c.data, id: c.id }]);
  const apps = rows.map((r) => ({ id: r.id, data: r.data, coApplicants: byApp.get(r.id) ?? [] }));
  const draftAppIds = new Set(draftKeys.map((k) => k.split('|')[0]!));
  const sorted = ops.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  return needsYou({ apps, ops: sorted, acks: acks ?? {}, draftAppIds, now, role, conflicts: conflicts ?? undefined });
}

/**
 * The list, or undefined until the phone has first read it: a count shown before then would be a '0' that is not true
 * (the home said '0 need attention' for a moment, then the real number). A new minute keeps the last list.
 */
export function useNeedsYouRead(db: UserDb | null): NeedsYouItem[] | undefined {
  const tick = minute();
  const profile = useProfile();
  const role = productRoleOf(profile.role, profile.mfi_employee?.designation);
  return useLiveQuery(() => (db ? readNeedsYou(db, Date.now(), role) : NONE), [db, tick, role]);
}

export function useNeedsYou(db: UserDb | null, appId?: string): NeedsYouItem[] {
  const items = useNeedsYouRead(db) ?? NONE;
  return appId ? items.filter((i) => i.appId === appId) : items;
}

/** 'Continue with Deviation' after sync: the server holds the request (PENDING); the officer's choice is kept here. */
export async function continueWithDeviation(db: UserDb, appId: string, item: DeviationItem, now = Date.now()) {
  const acks = (await getMeta<Record<string, number>>(db, NEEDS_YOU_ACKS_META)) ?? {};
  await setMeta(db, NEEDS_YOU_ACKS_META, { ...acks, [deviationAckKey(appId, item)]: now });
}
