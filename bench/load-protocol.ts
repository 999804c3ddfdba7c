// What a device sends for each queued operation: one request, or the resumable upload protocol as the app's
// sync engine runs it (src/sync/upload.ts). `send` (bench/load-run.ts) retries until an answer settles it.
import { type FileOp, LOAD_CHUNK_BYTES, type Op, type Persisted, patchBody, photo } from './load-queue';

export type Req = { method: string; path: string; key?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> };
export type Answer = { status: number; json: { data?: Record<string, unknown> }; headers: Headers | null };
/** Sends until an answer settles it: 2xx, a final 4xx, or a status `settles` accepts. */
export type Send = (req: Req, settles?: (status: number) => boolean) => Promise<Answer>;

/** The resumable protocol as the app's sync engine runs it (src/sync/upload.ts): create once, ask the offset, PATCH, finalize. */
export async function chunkedUpload(send: Send, mem: Persisted, persist: () => void, i: number, op: FileOp): Promise<Answer> {
  const bytes = photo(op.marker, 'chunked');
  let offset = 0;
  if (mem.uploadIds[i]) {
    const st = await send({ method: 'GET', path: `/v1/uploads/${mem.uploadIds[i]}` });
    if (st.status !== 200) return st;
    offset = Number(st.json.data?.offset);
  } else {
    const created = await send({
      method: 'POST',
      path: '/v1/uploads',
      key: `${op.key}.create`,
      json: {
        file_name: `${op.marker}.jpg`,
        mime_type: 'image/jpeg',
        size: bytes.length,
        file_type: 'HOUSE_PHOTO',
        application_id: op.app,
        name_prefix: op.marker,
      },
    });
    if (created.status !== 200) return created;
    mem.uploadIds[i] = String(created.json.data?.upload_id);
    persist();
  }
  const id = mem.uploadIds[i]!;
  while (offset < bytes.length) {
    const chunk = bytes.slice(offset, offset + LOAD_CHUNK_BYTES);
    const a = await send(
      {
        method: 'PATCH',
        path: `/v1/uploads/${id}`,
        body: chunk,
        headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      },
      (s) => s === 409,
    );
    const told = Number(a.json.data?.offset);
    if ((a.status !== 200 && a.status !== 409) || !Number.isFinite(told)) return a;
    offset = told;
  }
  return send({ method: 'POST', path: `/v1/uploads/${id}/finalize`, key: `${op.key}.finalize`, json: {} });
}

export function request(op: Exclude<Op, { kind: 'chunked' }>, mem: Persisted): Req {
  if (op.kind === 'create')
    return { method: 'PUT', path: `/v1/app/mfi/${op.app}`, key: op.key, json: { phone: op.phone, name: `Load ${op.phone}` } };
  if (op.kind === 'patch') return { method: 'PATCH', path: `/v1/app/mfi/${op.app}`, key: op.key, json: patchBody(op, mem.fileIds) };
  const fd = new FormData();
  fd.append('file', new Blob([photo(op.marker)], { type: 'image/jpeg' }), `${op.marker}.jpg`);
  for (const [k, v] of Object.entries({
    file_type: 'SHOP_PHOTO',
    application_id: op.app,
    name_prefix: op.marker,
    geo_tag: '{"latitude":18.52,"longitude":73.85}',
  }))
    fd.append(k, v);
  return { method: 'POST', path: '/v1/file/upload', key: op.key, body: fd };
}
