import type { Caller, Deps } from '../app-env';
import type { Db, Queryable } from '../db/db';
import { randomHex } from '../crypto-utils';
import type { DetectedType } from './detect-type';
import type { FileMeta } from './file-meta';
import { integrityFlagsFor, hashToBigint, markReused, visitOf } from './photo-integrity';
import { serverPhotoHash } from './server-photo-hash';
import { safeFileName } from './safe-name';
import { unlessCommitted } from '../storage/file-store';

const isDb = (q: Queryable): q is Db => typeof (q as Partial<Db>).tx === 'function';

export const fileKey = (id: string) => `files/${id.slice(0, 2)}/${id}`;

/** Writes checked bytes under a random id, then the row (with the geotag) that points at them. */
/** Who the file belongs to: the tenant, and the owner string kept with it (a caller's subject, or a fixed owner). */
export type FileOwner = Pick<Caller, 'tenantId' | 'subject'>;

export async function saveFile(
  deps: Deps,
  caller: FileOwner,
  bytes: Uint8Array,
  type: DetectedType,
  originalName: string,
  meta: FileMeta,
  storeBytes = true,
): Promise<string> {
  const id = randomHex(16);
  const hash = visitPhotoHash(caller, meta, bytes, type);
  if (!storeBytes) {
    await insertFileRow(deps, caller, id, bytes.length, type, originalName, meta, hash);
    return id;
  }
  await deps.files.put(fileKey(id), bytes);
  await unlessCommitted(deps.files, [fileKey(id)], () => insertFileRow(deps, caller, id, bytes.length, type, originalName, meta, hash));
  return id;
}

/**
 * A photo the server checks (server/files/photo-integrity.ts): one sent with evidence, and any staff visit photo
 * (SHOP_* / HOUSE_*) whether or not evidence came with it, so leaving the field out skips no check. A visitor's
 * photos are never a visit's: their hash must never flag a staff photo.
 */
export const checkedPhoto = (owner: FileOwner, meta: FileMeta) =>
  meta.evidence !== null || (owner.subject.startsWith('user:') && visitOf(meta.file_type) !== null);

/** Only a checked photo is decoded for the server's own hash; done before any transaction. */
export const visitPhotoHash = (owner: FileOwner, meta: FileMeta, bytes: Uint8Array, type: DetectedType) =>
  checkedPhoto(owner, meta) ? serverPhotoHash(bytes, type.mime) : null;

export async function insertFileRow(
  deps: Pick<Deps, 'config'> & { db: Queryable },
  caller: FileOwner,
  id: string,
  size: number,
  type: DetectedType,
  originalName: string,
  meta: FileMeta,
  serverHash: string | null = null,
): Promise<void> {
  const db = deps.db;
  // A visit photo is checked against the lender's other photos and inserted under one per-tenant lock, in one
  // transaction: two uploads of the same shop at once (two phones, or one phone's parallel uploads) on PostgreSQL would
  // otherwise each miss the other's row and neither would be flagged. Called inside a transaction, it joins that one.
  const checked = checkedPhoto(caller, meta);
  if (checked && isDb(db)) return db.tx((q) => insertFileRow({ ...deps, db: q }, caller, id, size, type, originalName, meta, serverHash));
  if (checked) await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`photo-hash:${caller.tenantId}`]);
  const { flags, reused, hash } = await integrityFlagsFor(db, caller.tenantId, meta, serverHash, checked);
  await db.query(
    `INSERT INTO files (id, tenant_id, owner, mime, size, path, original_name, geo_tag, file_type, upload_type,
       application_id, record_index, name_prefix, created_at, evidence, photo_hash, integrity_flags)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8::jsonb,$9,$10,$11,$12,$13,$14::timestamptz,$15::jsonb,$16::bigint,$17::jsonb)`,
    [
      id,
      caller.tenantId,
      caller.subject,
      type.mime,
      size,
      fileKey(id),
      safeFileName(originalName),
      meta.geo_tag ? JSON.stringify(meta.geo_tag) : null,
      meta.file_type,
      meta.upload_type,
      meta.application_id,
      meta.record_index,
      meta.name_prefix,
      deps.config.now().toISOString(),
      meta.evidence ? JSON.stringify(meta.evidence) : null,
      hash ? hashToBigint(hash) : null,
      JSON.stringify(flags),
    ],
  );
  await markReused(db, caller.tenantId, meta.application_id, reused);
}
