// Photos and documents kept as Blobs until they are uploaded.
import { guardWrite } from './storage-errors';
import type { FileRow, UploadState } from './types';
import type { UserDb } from './user-db';

export type NewFile = Omit<FileRow, 'uploadState' | 'bytesSent' | 'createdAt'> & Partial<Pick<FileRow, 'createdAt'>>;

export const putFile = (db: UserDb, file: NewFile, now = Date.now()) =>
  guardWrite(() => db.files.put({ uploadState: 'local', bytesSent: 0, createdAt: now, ...file }));

export const getFile = (db: UserDb, id: string) => db.files.get(id);

export const setFileUpload = (db: UserDb, id: string, change: { uploadState?: UploadState; bytesSent?: number; serverFileId?: string }) =>
  guardWrite(() => db.files.update(id, change));

export const deleteFile = (db: UserDb, id: string) => guardWrite(() => db.files.delete(id));
