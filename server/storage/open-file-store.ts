import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Db } from '../db/db';
import { createDirFileStore, type FileStore } from './file-store';
import { createPostgresFileStore } from './postgres-file-store';
import type { S3Settings } from './s3-file-store';

export type FileStoreSettings = { kind: 'dir'; dir: string } | { kind: 'postgres' } | ({ kind: 's3' } & S3Settings);

/**
 * FILE_STORE_URL chooses: `s3://bucket/prefix` an S3-compatible store, `file:///path` a directory; unset, the
 * database when DATABASE_URL is set (instances share it), else FILE_STORE_DIR (one instance on PGlite).
 */
export function fileStoreSettings(env: NodeJS.ProcessEnv, defaultDir: string): FileStoreSettings {
  const url = env.FILE_STORE_URL?.trim();
  if (!url) return env.DATABASE_URL ? { kind: 'postgres' } : { kind: 'dir', dir: defaultDir };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('FILE_STORE_URL must look like s3://bucket/prefix or file:///path');
  }
  if (parsed.protocol === 'file:' && parsed.pathname.length > 1) return { kind: 'dir', dir: resolve(decodeURIComponent(parsed.pathname)) };
  if (parsed.protocol !== 's3:' || !parsed.hostname) throw new Error('FILE_STORE_URL must look like s3://bucket/prefix or file:///path');
  const prefix = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '');
  const keyId = env.AWS_ACCESS_KEY_ID;
  const secret = env.AWS_SECRET_ACCESS_KEY;
  return {
    kind: 's3',
    bucket: parsed.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined,
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
  };
}

/** The store the settings name; the S3 client is loaded only when it is used. */
export async function openFileStore(s: FileStoreSettings, db: Db): Promise<FileStore> {
  if (s.kind === 'postgres') return createPostgresFileStore(db);
  if (s.kind === 'dir') {
    await mkdir(s.dir, { recursive: true });
    return createDirFileStore(s.dir);
  }
  const { createS3FileStore } = await import('./s3-file-store');
  return createS3FileStore(s);
}

export function describeFileStore(s: FileStoreSettings): string {
  if (s.kind === 'dir') return `files in ${s.dir}`;
  if (s.kind === 'postgres') return 'files in PostgreSQL (tables stored_files, stored_file_chunks)';
  // The host only: an endpoint URL could carry credentials.
  const at = s.endpoint ? ` at ${URL.canParse(s.endpoint) ? new URL(s.endpoint).host : 'a custom endpoint'}` : '';
  return `files in s3://${s.bucket}/${s.prefix}${at}`;
}
