// Sending several local files in one multipart request (the bulk upload), and writing each file's server id back.
import * as v from 'valibot';
import { setFileUpload } from '../db/files';
import { setOpProgress } from '../db/outbox';
import type { FileRow, OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { MissingDependencyError } from './errors';
import { type Transport, type TransportResponse, withIdempotencyKey } from './transport';
import { msg } from '../../contracts/msg';

/** Form fields from the op body: strings as they are, anything else as JSON text (as a single upload sends them). */
function formFields(op: OutboxOp, first: FileRow): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries((op.body as Record<string, unknown> | undefined) ?? {})) {
    if (v === undefined || v === null) continue;
    fields[k] = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  }
  // One set of fields describes every file of the request: the first file's geotag stands for the batch.
  fields.geo_tag ??= JSON.stringify(first.geoTag);
  if (first.evidence) fields.evidence ??= JSON.stringify(first.evidence);
  return fields;
}

/**
 * multipart/form-data with one `files` part per file, its boundary derived from the idempotency key, so a retry sends
 * the very same bytes and the server's idempotency check sees the same request.
 */
export function buildBulkMultipart(fields: Record<string, string>, files: { blob: Blob; name: string }[], boundarySeed: string) {
  const boundary = `----flo${boundarySeed.replace(/[^A-Za-z0-9]/g, '')}`;
  const quote = (s: string) => s.replace(/["\r\n]/g, '_');
  const parts: BlobPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`);
  }
  for (const f of files) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${quote(f.name)}"\r\nContent-Type: ${f.blob.type || 'application/octet-stream'}\r\n\r\n`,
      f.blob,
      '\r\n',
    );
  }
  parts.push(`--${boundary}--\r\n`);
  return { body: new Blob(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type BulkContext = { db: UserDb; transport: Transport; op: OutboxOp; signal: AbortSignal; now: () => number };

/** Sends a bulk upload op; answers at once when every file already has its server id (a write-back that landed). */
export async function runBulkUpload(ctx: BulkContext): Promise<TransportResponse> {
  const { db, op } = ctx;
  const ids = op.fileIds ?? [];
  const rows = await db.files.bulkGet(ids);
  const files = rows.filter((f): f is FileRow => !!f);
  const [first] = files;
  if (!first || files.length !== ids.length) {
    throw new MissingDependencyError(msg('A file for this upload is no longer on this device.'));
  }
  if (files.every((f) => f.serverFileId && f.uploadState === 'uploaded')) {
    const data = { files: files.map((f) => ({ file_id: f.serverFileId, name: f.name })) };
    return { status: 200, data: { success: true, data }, headers: new Headers() };
  }
  const total = files.reduce((n, f) => n + f.size, 0);
  for (const f of files) await setFileUpload(db, f.id, { uploadState: 'uploading' });
  await setOpProgress(db, op.id, { sent: 0, total }, ctx.now());
  const { body, contentType } = buildBulkMultipart(formFields(op, first), files, op.idempotencyKey);
  const res = await ctx.transport.request(op.api, 'POST', op.path, {
    body,
    headers: withIdempotencyKey(op.idempotencyKey, { 'content-type': contentType }),
    signal: ctx.signal,
  });
  if (res.status >= 200 && res.status < 300) {
    await setOpProgress(db, op.id, { sent: total, total }, ctx.now());
    for (const f of files) await setFileUpload(db, f.id, { bytesSent: f.size });
  }
  return res;
}

const BulkAnswer = v.object({ data: v.object({ files: v.array(v.object({ file_id: v.string() })) }) });

/** Each file of a done bulk upload takes its server id from the answer, in the order the files were sent. */
export async function writeBackBulk(db: UserDb, op: OutboxOp, result: unknown) {
  const parsed = v.safeParse(BulkAnswer, result);
  const answered = parsed.success ? parsed.output.data.files : [];
  for (const [i, id] of (op.fileIds ?? []).entries()) {
    const serverFileId = answered[i]?.file_id;
    await db.files.update(id, { uploadState: 'uploaded', ...(serverFileId ? { serverFileId } : {}) });
  }
}

/** The local files an upload op carries: a bulk upload's, or the single upload's one. */
export const filesOfOp = (op: Pick<OutboxOp, 'fileId' | 'fileIds'>): string[] =>
  op.fileIds?.length ? op.fileIds : op.fileId ? [op.fileId] : [];
