import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileKey } from '../../server/files/save-file';
import { createDirFileStore, readAll } from '../../server/storage/file-store';
import { pdfBytes } from '../../server/test-helpers';
import { getOp } from '../../src/db/outbox';
import { newApplicationId, newUuid } from '../../src/lib/ids';
import { createSyncEngine } from '../../src/sync/engine';
import { enqueueUpload } from '../../src/sync/enqueue';
import { CHUNK_BYTES } from '../../src/sync/upload';
import { type Harness, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

function bigPdf(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(pdfBytes());
  for (let i = pdfBytes().length; i < size; i += 1) bytes[i] = (i * 31) % 251;
  return bytes;
}

describe('chunked resumable upload', () => {
  it('resumes from the server offset after a lost chunk answer and after an engine restart', async () => {
    const db = h.newDb();
    const appId = newApplicationId();
    const size = Math.floor(1.3 * 1024 * 1024);
    const bytes = bigPdf(size);
    const localId = newUuid();
    const op = await enqueueUpload(db, {
      file: {
        id: localId,
        blob: new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }),
        name: 'statement.pdf',
        mime: 'application/pdf',
        size,
        geoTag: { latitude: 0, longitude: 0, source: 'none' },
        appId,
        field: 'bank_statement',
      },
      fields: { file_type: 'BANK_STATEMENT', application_id: appId, upload_type: 'BANK' },
    });
    const isChunk = (m: string, p: string) => m === 'PATCH' && p.startsWith('/v1/uploads/');
    const callsBefore = h.network.calls.length;
    const chunkNo = () => h.network.calls.slice(callsBefore).filter((c) => isChunk(c.method, c.path)).length + 1;
    // 2nd chunk: the server stores it but the answer is lost. 4th chunk: the tab dies while waiting.
    h.network.inject({ fault: 'lose', times: 1, match: (m, p) => isChunk(m, p) && chunkNo() === 2 });
    h.network.inject({ fault: 'hang', times: 1, match: (m, p) => isChunk(m, p) && chunkNo() === 4 });

    const first = createSyncEngine({ db, transport: h.transport, random: () => 0 });
    const run = first.syncNow();
    await vi.waitFor(() => expect(h.network.calls.slice(callsBefore).map((c) => c.fault)).toContain('hang'), { timeout: 10_000 });
    expect(h.network.calls.slice(callsBefore).map((c) => c.fault)).toContain('lose');
    expect(h.network.calls.slice(callsBefore).map((c) => c.fault)).toContain('hang');
    await first.stop();
    await run;
    const mid = await getOp(db, op.id);
    expect(mid?.state).toBe('sending');
    expect(mid?.uploadSession?.uploadId).toMatch(/^[0-9a-f]{32}$/);
    expect(mid?.progress?.sent).toBeGreaterThan(0);

    await createSyncEngine({ db, transport: h.transport, random: () => 0 }).syncNow();
    const done = await getOp(db, op.id);
    expect(done?.state).toBe('done');
    const file = await db.files.get(localId);
    expect(file).toMatchObject({ uploadState: 'uploaded', bytesSent: size });
    expect(done?.progress).toEqual({ sent: size, total: size });

    const calls = h.network.calls.slice(callsBefore);
    const chunks = calls.filter((c) => isChunk(c.method, c.path));
    const totalChunks = Math.ceil(size / CHUNK_BYTES);
    // Every chunk reached the server exactly once; the resume asked for the offset instead of re-sending.
    expect(chunks.filter((c) => c.status === 200)).toHaveLength(totalChunks);
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/v1/uploads/')).length).toBeGreaterThanOrEqual(2);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/v1/uploads')).toHaveLength(1);

    const stored = await readAll(createDirFileStore(h.server.fileDir), fileKey(file!.serverFileId!));
    expect(stored?.length).toBe(size);
    expect(Buffer.from(stored!).equals(Buffer.from(bytes))).toBe(true);
  });

  it('sends small files in one multipart request', async () => {
    const db = h.newDb();
    const size = 10_000;
    const op = await enqueueUpload(db, {
      file: {
        id: newUuid(),
        blob: new Blob([new Uint8Array(bigPdf(size))], { type: 'application/pdf' }),
        name: 'a.pdf',
        mime: 'application/pdf',
        size,
        geoTag: { latitude: 0, longitude: 0, source: 'none' },
        appId: null,
        field: 'doc',
      },
      fields: { file_type: 'DOC' },
    });
    const before = h.network.calls.length;
    h.network.inject({ fault: 'lose', times: 1, match: (m, p) => m === 'POST' && p === '/v1/file/upload' });
    await createSyncEngine({ db, transport: h.transport, random: () => 0 }).syncNow();
    const calls = h.network.calls.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual(['POST /v1/file/upload 200', 'POST /v1/file/upload 200']);
    const done = await getOp(db, op.id);
    expect(done?.state).toBe('done');
    const [count] = await h.server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM files WHERE original_name='a.pdf'");
    expect(count?.n).toBe(1);
  });
});
