// The server's copy of an application beside the phone's own edits (docs/offline.md "Local edits win until the server
// answers"). The phone's edits are what its shown record holds that the server's last copy does not: taken as the
// top-level fields that differ. A newer server copy is taken in with those fields on top while ops of the application
// are still queued, so nothing typed disappears from a screen; once nothing is queued the record is the server's.
import type { OutboxOp } from './types';
import type { CachedRecord, RecordData } from './types';
import type { UserDb } from './user-db';

type Data = Record<string, unknown>;
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The phone's own edits: fields of `shown` that differ from the server's copy (all of it when there is none). */
export function localEdits(shown: Data, server: Data | undefined): Data {
  const out: Data = {};
  for (const [k, v] of Object.entries(shown)) if (k !== 'partial' && (!server || !same(v, server[k]))) out[k] = v;
  return out;
}

/** Ops still to reach the server (queued, sending, or parked needing attention). */
export const isPending = (op: OutboxOp) => op.state !== 'done';

/**
 * The row to store for a new server copy of an application. `queued`: ops of the application still to go. With none,
 * the record is the server's (and `server` is not kept: a row without it is the server's copy, or a record made on this
 * phone). With some, the phone's edits go on top; a row with no server copy known (a record made on this phone, or
 * written before copies were kept) keeps its record whole (`unknown: 'local'`) or takes the server's (`'server'`, an
 * op's answer, as before).
 */
export function rebasedRow(
  held: CachedRecord<'applications'> | undefined,
  server: RecordData['applications'],
  queued: boolean,
  now: number,
  unknown: 'local' | 'server' = 'local',
  pinned: readonly string[] = [],
): CachedRecord<'applications'> {
  const id = server.id ?? held?.id ?? '';
  // Nothing of the phone's on top: the record is the server's, and no second copy is kept (it is encrypted, and read).
  if (!queued || !held || (!held.server && unknown === 'server')) return { id, appId: id, data: server, syncedAt: now };
  const mine = held.server ? localEdits(held.data, held.server) : held.data;
  // A queued write of a field the server happens to hold already (the same value) is still the phone's: pinned.
  for (const k of pinned) if (k in held.data) mine[k] = (held.data as Data)[k];
  return { id, appId: id, data: { ...server, ...mine } as RecordData['applications'], server, syncedAt: now };
}

/** The fields queued writes of the record itself (PATCH / PUT of the application) set. */
export const pinnedFields = (appId: string, queued: readonly OutboxOp[]): string[] =>
  queued
    .filter(
      (o) => (o.method === 'PATCH' || o.method === 'PUT') && o.path === `/v1/app/mfi/${appId}` && o.body && typeof o.body === 'object',
    )
    .flatMap((o) => Object.keys(o.body as Data));

/** An op's answer that is the application: the server's copy, the edits of the ops still queued on top. */
export async function putAnsweredApplication(db: UserDb, server: RecordData['applications'] & { id: string }, now: number) {
  const queued = (await db.outbox.where('appId').equals(server.id).toArray()).filter(isPending);
  const row = rebasedRow(await db.applications.get(server.id), server, queued.length > 0, now, 'server', pinnedFields(server.id, queued));
  await db.applications.put(row);
}
