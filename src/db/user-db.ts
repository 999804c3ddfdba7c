// The per-user database `flo-u-{tenantId}-{userId}`: drafts, files, outbox and cached server records.
import Dexie, { type EntityTable } from 'dexie';
import type { CachedRecord, DraftRow, FileRow, ListRow, MetaRow, OutboxOp } from './types';

export class UserDb extends Dexie {
  drafts!: EntityTable<DraftRow, 'key'>;
  files!: EntityTable<FileRow, 'id'>;
  outbox!: EntityTable<OutboxOp, 'seq'>;
  applications!: EntityTable<CachedRecord, 'id'>;
  coApplicants!: EntityTable<CachedRecord, 'id'>;
  familyMembers!: EntityTable<CachedRecord, 'id'>;
  references!: EntityTable<CachedRecord, 'id'>;
  offers!: EntityTable<CachedRecord, 'id'>;
  lists!: EntityTable<ListRow, 'key'>;
  meta!: EntityTable<MetaRow, 'key'>;

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
  }
}

export type RecordTable = 'applications' | 'coApplicants' | 'familyMembers' | 'references' | 'offers';

const safePart = (s: string) => s.replace(/[^A-Za-z0-9_.-]/g, '_');
export const userDbName = (tenantId: string, userId: string) => `flo-u-${safePart(tenantId)}-${safePart(userId)}`;

const open = new Map<string, UserDb>();

/** The signed-in user's database (one Dexie instance per name per page). */
export function openUserDb(tenantId: string, userId: string): UserDb {
  const name = userDbName(tenantId, userId);
  let db = open.get(name);
  if (!db) {
    db = new UserDb(name);
    open.set(name, db);
  }
  return db;
}

/** Completed logout: wipe everything this user stored on the device. */
export async function deleteUserDb(tenantId: string, userId: string): Promise<void> {
  const name = userDbName(tenantId, userId);
  const db = open.get(name);
  open.delete(name);
  if (db) {
    db.close();
    await db.delete();
  } else {
    await Dexie.delete(name);
  }
}
