// Sending a local file: one multipart POST up to 1 MB, the resumable chunked protocol above that.
import { setFileUpload } from '../db/files';
import { setOpProgress, setOpUploadSession } from '../db/outbox';
import type { FileRow, OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import type { Transport, TransportResponse } from './transport';
import { withIdempotencyKey } from './transport';

export const SINGLE_UPLOAD_MAX_BYTES = 1024 * 1024;
export const CHUNK_BYTES = 256 * 1024;
export const PROGRESS_EVERY_MS = 250;
/** On a slow link an upload shows its bytes at least this often (seconds), so it is cut into chunks. */
export const PROGRESS_STEP_S = 2;
export const MIN_CHUNK_BYTES = 16 * 1024;

/** Bytes per second the last uploads of this page reached; before any, what the browser says of the link, if anything. */
let linkRate: number | null = null;
const browserRate = () => {
  const mbps = (globalThis.navigator as { connection?: { downlink?: number } } | undefined)?.connection?.downlink;
  return typeof mbps === 'number' && mbps > 0 ? (mbps * 1_000_000) / 8 : null;
};
function measured(bytes: number, ms: number) {
  if (bytes >= MIN_CHUNK_BYTES && ms > 0) linkRate = (bytes * 1000) / ms;
}

/**
 * How a file goes: one POST when it fits one progress step at the link's rate (or the rate is not known yet), else
 * the resumable protocol in chunks of about one step (at least 16 KB, at most CHUNK_BYTES), so its bytes show as they go.
 */
export function uploadPlan(size: number, rate: number | null): 'single' | { chunkSize: number } {
  const step = rate === null ? CHUNK_BYTES : Math.min(CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, Math.floor(rate * PROGRESS_STEP_S)));
  if (size <= SINGLE_UPLOAD_MAX_BYTES && (rate === null || size <= rate * PROGRESS_STEP_S)) return 'single';
  return { chunkSize: step };
}

export type UploadContext = {
  db: UserDb;
  transport: Transport;
  op: OutboxOp;
  file: FileRow;
  signal: AbortSignal;
  now: () => number;
};

const ok = (res: TransportResponse) => res.status >= 200 && res.status < 300;
const dataOf = (res: TransportResponse) => ((res.data as { data?: Record<string, unknown> } | null)?.data ?? {}) as Record<string, unknown>;

/** Form fields from the op body: strings as they are, anything else as JSON text. */
function formFields(op: OutboxOp, file: FileRow): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries((op.body as Record<string, unknown> | undefined) ?? {})) {
    if (v === undefined || v === null) continue;
    fields[k] = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  }
  fields.geo_tag ??= JSON.stringify(file.geoTag);
  if (file.evidence) fields.evidence ??= JSON.stringify(file.evidence);
  return fields;
}

/**
 * multipart/form-data with a boundary derived from the idempotency key, so a retry sends the very
 * same bytes and the server's idempotency check sees the same request.
 */
export function buildMultipart(fields: Record<string, string>, file: Blob, fileName: string, boundarySeed: string) {
  const boundary = `----flo${boundarySeed.replace(/[^A-Za-z0-9]/g, '')}`;
  const quote = (s: string) => s.replace(/["\r\n]/g, '_');
  const parts: BlobPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`);
  }
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quote(fileName)}"\r\nContent-Type: ${file.type || 'application/octet-stream'}\r\n\r\n`,
    file,
    `\r\n--${boundary}--\r\n`,
  );
  return { body: new Blob(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function progressWriter(ctx: UploadContext) {
  let last = 0;
  return async (sent: number, force = false) => {
    const t = ctx.now();
    if (!force && t - last < PROGRESS_EVERY_MS) return;
    last = t;
    await setOpProgress(ctx.db, ctx.op.id, { sent, total: ctx.file.size }, t);
    await setFileUpload(ctx.db, ctx.file.id, { bytesSent: sent });
  };
}

async function singleUpload(ctx: UploadContext): Promise<TransportResponse> {
  const { op, file } = ctx;
  const { body, contentType } = buildMultipart(formFields(op, file), file.blob, file.name, op.idempotencyKey);
  const started = ctx.now();
  const res = await ctx.transport.request(op.api, 'POST', op.path, {
    body,
    headers: withIdempotencyKey(op.idempotencyKey, { 'content-type': contentType }),
    signal: ctx.signal,
  });
  if (ok(res)) {
    measured(file.size, ctx.now() - started);
    await progressWriter(ctx)(file.size, true);
  }
  return res;
}

async function createSession(
  ctx: UploadContext,
  want: number,
): Promise<TransportResponse | { uploadId: string; chunkSize: number; offset: number }> {
  const { op, file } = ctx;
  const fields = (op.body as Record<string, unknown> | undefined) ?? {};
  const res = await ctx.transport.request(op.api, 'POST', '/v1/uploads', {
    body: {
      ...fields,
      file_name: file.name,
      mime_type: file.mime,
      size: file.size,
      geo_tag: fields.geo_tag ?? file.geoTag,
      ...(file.evidence ? { evidence: file.evidence } : {}),
    },
    headers: withIdempotencyKey(`${op.idempotencyKey}.create`),
    signal: ctx.signal,
  });
  if (!ok(res)) return res;
  const data = dataOf(res);
  const uploadId = String(data.upload_id ?? '');
  const chunkSize = Math.min(Number(data.chunk_size) || CHUNK_BYTES, want);
  await setOpUploadSession(ctx.db, op.id, { uploadId, chunkSize }, ctx.now());
  return { uploadId, chunkSize, offset: Number(data.offset) || 0 };
}

/** The resumable protocol: create once (kept on the op), ask the offset, PATCH the rest, finalize. */
async function chunkedUpload(ctx: UploadContext, want: number): Promise<TransportResponse> {
  const { op, file, transport, signal } = ctx;
  let session = op.uploadSession;
  let offset = 0;
  if (session) {
    const res = await transport.request(op.api, 'GET', `/v1/uploads/${session.uploadId}`, { signal });
    if (res.status === 404 || res.status === 410) {
      await setOpUploadSession(ctx.db, op.id, undefined, ctx.now());
      session = undefined;
    } else if (!ok(res)) {
      return res;
    } else {
      offset = Number(dataOf(res).offset) || 0;
    }
  }
  if (!session) {
    const created = await createSession(ctx, want);
    if ('status' in created) return created;
    session = { uploadId: created.uploadId, chunkSize: created.chunkSize };
    offset = created.offset;
  }
  const progress = progressWriter(ctx);
  let conflicts = 0;
  while (offset < file.size) {
    const chunk = file.blob.slice(offset, offset + session.chunkSize);
    const started = ctx.now();
    const res = await transport.request(op.api, 'PATCH', `/v1/uploads/${session.uploadId}`, {
      body: chunk,
      headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      signal,
    });
    if (res.status === 409 && conflicts < 3) {
      conflicts += 1;
      const body = res.data as { data?: { offset?: unknown }; offset?: unknown } | null;
      const serverOffset = Number(body?.data?.offset ?? body?.offset);
      if (Number.isFinite(serverOffset)) {
        offset = serverOffset;
        continue;
      }
    }
    if (!ok(res)) return res;
    conflicts = 0;
    measured(chunk.size, ctx.now() - started);
    offset = Number(dataOf(res).offset) || offset + chunk.size;
    await progress(offset);
  }
  await progress(file.size, true);
  return transport.request(op.api, 'POST', `/v1/uploads/${session.uploadId}/finalize`, {
    body: {},
    headers: withIdempotencyKey(`${op.idempotencyKey}.finalize`),
    signal,
  });
}

export async function runUpload(ctx: UploadContext): Promise<TransportResponse> {
  await setFileUpload(ctx.db, ctx.file.id, { uploadState: 'uploading' });
  const plan = uploadPlan(ctx.file.size, linkRate ?? browserRate());
  // The bytes show from the start: "Sending 0 B of 240 KB" rather than a bare "Sending…".
  await setOpProgress(ctx.db, ctx.op.id, { sent: ctx.op.progress?.sent ?? 0, total: ctx.file.size }, ctx.now());
  return plan === 'single' ? singleUpload(ctx) : chunkedUpload(ctx, plan.chunkSize);
}
