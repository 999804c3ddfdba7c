// The per-user database `flo-u-{tenantId}-{userId}`: drafts, files, outbox and cached server records.
import Dexie, { type EntityTable } from 'dexie';
import { encryptedUserDbName, userDbName } from './db-names';
import { listOrderMiddleware } from './list-order';
import type { CachedRecord, DraftRow, FileRow, ListRow, MetaRow, OutboxOp, VaultRow } from './types';

export class UserDb extends Dexie {
  drafts!: EntityTable<DraftRow, 'key'>;
  files!: EntityTable<FileRow, 'id'>;
  outbox!: EntityTable<OutboxOp, 'seq'>;
  applications!: EntityTable<CachedRecord<'applications'>, 'id'>;
  coApplicants!: EntityTable<CachedRecord<'coApplicants'>, 'id'>;
  familyMembers!: EntityTable<CachedRecord<'familyMembers'>, 'id'>;
  references!: EntityTable<CachedRecord<'references'>, 'id'>;
  offers!: EntityTable<CachedRecord<'offers'>, 'id'>;
  lists!: EntityTable<ListRow, 'key'>;
  meta!: EntityTable<MetaRow, 'key'>;
  vault!: EntityTable<VaultRow, 'id'>;

  constructor(name: string) {
    super(name);
    // Add a new version() for every schema change; never edit a published one.
    this.version(1).stores({
      drafts: 'key, updatedAt',
      files: 'id, appId, uploadState, createdAt',
      outbox: '++seq, &id, appId, state, fileId, createdAt',
      applications: 'id, appId, syncedAt',
      coApplicants: 'id, appId, syncedAt',
      familyMembers: 'id, appId, syncedAt',
      references: 'id, appId, syncedAt',
      offers: 'id, appId, syncedAt',
      lists: 'key',
      meta: 'key',
    });
    // The wrapped data key of the officer, in clear (it is useless without the PIN or the server's secret).
    this.version(2).stores({ vault: 'id' });
    // The list's order, in clear (list-order.ts). Rows stored before it have none until they are cached again; while
    // any lacks it, the list reads them all as before.
    this.version(3).stores({ applications: 'id, appId, syncedAt, listAt' });
    this.use(listOrderMiddleware);
  }
}

export { encryptedUserDbName, userDbName } from './db-names';

const open = new Map<string, UserDb>();

/**
 * The signed-in user's database (one Dexie instance per name per page). With `encrypt` (the app: installs the
 * encryption middleware, see encrypted-user-db.ts) personal fields are encrypted at rest under its own name; tests of
 * other layers open it plain.
 */
export function openUserDb(tenantId: string, userId: string, opts: { encrypt?: (db: UserDb) => void } = {}): UserDb {
  const name = opts.encrypt ? encryptedUserDbName(tenantId, userId) : userDbName(tenantId, userId);
  let db = open.get(name);
  if (!db) {
    db = new UserDb(name);
    opts.encrypt?.(db);
    open.set(name, db);
  }
  return db;
}

/** Completed logout (or too many wrong PINs): wipe everything this user stored on the device, clear or encrypted. */
export async function deleteUserDb(tenantId: string, userId: string): Promise<void> {
  for (const name of [userDbName(tenantId, userId), encryptedUserDbName(tenantId, userId)]) {
    const db = open.get(name);
    open.delete(name);
    if (db) {
      db.close();
      await db.delete();
    } else {
      await Dexie.delete(name);
    }
  }
}

/**
 * A phone that kept this officer's work in clear before encryption: copy every row into the encrypted database
 * (now unlocked), then delete the clear one. A crash in between leaves the clear copy, and the next unlock copies again
 * (puts are idempotent). Returns how many rows moved.
 */
export async function moveClearRows(tenantId: string, userId: string, encrypted: UserDb): Promise<number> {
  const name = userDbName(tenantId, userId);
  if (!(await Dexie.exists(name))) return 0;
  const clear = new UserDb(name);
  let moved = 0;
  try {
    for (const table of clear.tables) {
      if (table.name === 'vault') continue;
      const rows = await table.toArray();
      if (rows.length) await encrypted.table(table.name).bulkPut(rows);
      moved += rows.length;
    }
  } finally {
    clear.close();
  }
  await Dexie.delete(name);
  return moved;
}
