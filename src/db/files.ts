// Photos and documents kept as Blobs until they are uploaded.
import { guardWrite } from './storage-errors';
import type { FileRow, UploadState } from './types';
import type { UserDb } from './user-db';

export type NewFile = Omit<FileRow, 'uploadState' | 'bytesSent' | 'createdAt'> & Partial<Pick<FileRow, 'createdAt' | 'uploadState'>>;

export const putFile = (db: UserDb, file: NewFile, now = Date.now()) =>
  guardWrite(() => db.files.put({ uploadState: 'local', bytesSent: 0, createdAt: now, ...file }));

export const getFile = (db: UserDb, id: string) => db.files.get(id);

/** A server file held on the phone for reading (take offline) is stored under this id, never colliding with a local photo. */
export const heldServerFileId = (fileId: string) => `srv:${fileId}`;
export const isHeldServerFile = (id: string) => id.startsWith('srv:');

export const setFileUpload = (db: UserDb, id: string, change: { uploadState?: UploadState; bytesSent?: number; serverFileId?: string }) =>
  guardWrite(() => db.files.update(id, change));

export const deleteFile = (db: UserDb, id: string) => guardWrite(() => db.files.delete(id));

/**
 * The officer cleared a photo: its queued upload (not one being sent) and the local copy go in one transaction.
 * Returns false when the upload is being sent right now (the caller asks to try again in a moment).
 */
export const discardLocalFile = (db: UserDb, id: string) =>
  // A held server document is not the officer's photo: replacing it in a form keeps the copy for reading.
  isHeldServerFile(id)
    ? Promise.resolve(true)
    : guardWrite(() =>
        db.transaction('rw', db.files, db.outbox, async () => {
          const own = await db.outbox.where('fileId').equals(id).toArray();
          const others = await db.outbox.filter((o) => o.fileId !== id && !!o.fileIds?.includes(id)).toArray();
          const ops = [...own, ...others];
          if (ops.some((o) => o.state === 'sending')) return false;
          const pending = ops.filter((o) => o.state !== 'done');
          const shared = pending.filter((o) => (o.fileIds?.length ?? 0) > 1);
          await db.outbox.bulkDelete(pending.filter((o) => !shared.includes(o)).map((o) => o.seq!));
          // A bulk upload goes on with the files the officer kept, as a new request: the old one may have reached the server.
          for (const o of shared) {
            const rest = (o.fileIds ?? []).filter((f) => f !== id);
            await db.outbox.update(o.seq!, { fileId: rest[0], fileIds: rest, idempotencyKey: `${o.idempotencyKey}.${rest.length}` });
          }
          await db.files.delete(id);
          return true;
        }),
      );
