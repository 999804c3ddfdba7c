// The client's sync engine against the real server over a real socket, with faults injected inside the
// server (server/middleware/fault-injection.ts): answers dropped after the work was committed, 5xx
// bursts, 429 with Retry-After, a gateway 502 after the backend finished, answers slower than the
// client's timeout, a request still running when its retry arrives. Every op must end on the server
// exactly once and in order.
import 'fake-indexeddb/auto';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultInjector, type Fault, type FaultInjector } from '../../server/middleware/fault-injection';
import { jpegBytes, makeTestServer, signIn, type TestServer } from '../../server/test-helpers';
import { allOps } from '../../src/db/outbox';
import { openUserDb } from '../../src/db/user-db';
import { newApplicationId, newUuid } from '../../src/lib/ids';
import { fileRef } from '../../src/sync/dependency';
import { createSyncEngine } from '../../src/sync/engine';
import { queueOp, enqueueUpload } from '../../src/sync/enqueue';
import { createFetchTransport } from '../../src/sync/transport';

let s: TestServer;
let faults: FaultInjector;
let http: ServerType;
let base: string;
let token: string;
let inFlight = 0;
const onSettle: Array<() => void> = [];
/** Resolves when one request the server is working on settles (at once when none is). */
const oneSettles = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => onSettle.push(r)));

beforeAll(async () => {
  faults = createFaultInjector();
  s = await makeTestServer({}, { faults });
  token = await signIn(s.app);
  // Requests the server is still working on (a slow handler goes on after the client gave up on its answer).
  http = serve({
    fetch: async (req) => {
      inFlight += 1;
      try {
        return await s.app.fetch(req);
      } finally {
        inFlight -= 1;
        for (const wake of onSettle.splice(0)) wake();
      }
    },
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((r) => http.once('listening', () => r()));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => http.close(() => r()));
  await s.close();
});

/** A JPEG of `size` bytes: headers of a 1600×1200 image, then filler (the server reads headers only). */
function jpegOfSize(size: number): Uint8Array {
  const head = jpegBytes(1600, 1200, false);
  const out = new Uint8Array(size);
  out.set(head.subarray(0, head.length - 2));
  for (let i = head.length; i < size - 2; i += 1) out[i] = (i * 7) % 250;
  out.set([0xff, 0xd9], size - 2);
  return out;
}

const isChunk = (m: string, p: string) => m === 'PATCH' && p.includes('/v1/uploads/');
const isAppPatch = (m: string, p: string) => m === 'PATCH' && p.includes('/v1/app/mfi/');

describe('sync engine against a faulty server', () => {
  it('ends with every op applied exactly once, in order, whatever the server does to the answers', async () => {
    const db = openUserDb('sahayog', `faults-${process.pid}-${newUuid()}`);
    let clock = Date.now();
    const transport = createFetchTransport({ baseUrl: (api) => `${base}/api/${api}`, getToken: () => token, timeoutMs: 400 });
    const engine = createSyncEngine({ db, transport, now: () => clock, random: () => 0.5 });

    // Three applications, each: create, five patches (one points at a photo uploaded before it).
    const apps = [newApplicationId(), newApplicationId(), newApplicationId()];
    const expected = new Map<string, string[]>();
    const photos = new Map<string, string>();
    for (const [n, appId] of apps.entries()) {
      await queueOp(
        db,
        { appId, kind: 'application.create', method: 'PUT', path: `/v1/app/mfi/${appId}`, body: { phone: `98765000${n}0` } },
        {},
        clock,
      );
      const localId = newUuid();
      // One small photo (single multipart POST) and, for the first application, one over 1 MB (chunked).
      const bytes = n === 0 ? jpegOfSize(1_300_000) : jpegBytes(64, 48);
      await enqueueUpload(
        db,
        {
          file: {
            id: localId,
            blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
            name: `shop-${n}.jpg`,
            mime: 'image/jpeg',
            size: bytes.length,
            geoTag: { latitude: 18.52, longitude: 73.85, accuracy: 8, source: 'device' },
            appId,
            field: 'shop_photo',
          },
          fields: { file_type: 'SHOP_PHOTO', application_id: appId, upload_type: 'BUSINESS', name_prefix: `faults${n}` },
        },
        clock,
      );
      photos.set(appId, localId);
      const markers: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const marker = `${n}-${i}`;
        markers.push(marker);
        const body = i === 2 ? { purpose: marker, photo_file: fileRef(localId) } : { purpose: marker };
        await queueOp(db, { appId, kind: 'application.update', method: 'PATCH', path: `/v1/app/mfi/${appId}`, body }, {}, clock);
      }
      expected.set(appId, markers);
    }

    // The fault schedule: consumed in this order by the requests each rule matches.
    const plan: Array<[Fault, number, ((m: string, p: string) => boolean)?]> = [
      [{ kind: 'drop' }, 2, isAppPatch],
      [{ kind: 'status', status: 503 }, 3],
      [{ kind: 'drop' }, 1, (m) => m === 'PUT'],
      [{ kind: 'status', status: 429, retryAfterS: 7 }, 2],
      [{ kind: 'drop' }, 1, (m, p) => m === 'POST' && p.endsWith('/v1/file/upload')],
      [{ kind: 'drop' }, 1, isChunk],
      [{ kind: 'status', status: 502, afterCommit: true }, 2, isAppPatch],
      [{ kind: 'delay', stage: 'after', ms: 700 }, 2, isAppPatch],
      [{ kind: 'delay', stage: 'handler', ms: 900 }, 1, isAppPatch],
      [{ kind: 'status', status: 500 }, 2],
      [{ kind: 'drop' }, 1, (m, p) => m === 'POST' && p.endsWith('/finalize')],
      [{ kind: 'delay', stage: 'before', ms: 50 }, 3],
    ];
    for (const [fault, times, match] of plan) faults.add({ fault, times, match });

    let passes = 0;
    for (; passes < 200; passes += 1) {
      await engine.syncNow();
      const ops = await allOps(db);
      if (ops.every((o) => o.state === 'done')) break;
      expect(ops.filter((o) => o.state === 'needs-attention').map((o) => o.lastError)).toEqual([]);
      clock += 8_000; // past any backoff or Retry-After of the last pass
      // Slow answers are still being worked on by the server: the next pass starts once one of them is done.
      await oneSettles();
    }
    // Every slow handler has finished before the rows are counted.
    while (inFlight > 0) await oneSettles();

    expect((await allOps(db)).filter((o) => o.state !== 'done')).toEqual([]);
    // Every injected fault really happened.
    const got = faults.seen.filter((x) => x.fault).length;
    expect(got).toBe(plan.reduce((n, [, times]) => n + times, 0));

    for (const appId of apps) {
      const rows = await s.db.query('SELECT id FROM applications WHERE id=$1', [appId]);
      expect(rows).toHaveLength(1);
      const events = await s.db.query<{ body: { purpose: string; photo_file?: string } }>(
        'SELECT body FROM application_events WHERE application_id=$1 ORDER BY seq',
        [appId],
      );
      expect(events.map((e) => e.body.purpose)).toEqual(expected.get(appId));
      const files = await s.db.query<{ id: string; size: number }>('SELECT id, size FROM files WHERE application_id=$1', [appId]);
      expect(files).toHaveLength(1);
      const local = await db.files.get(photos.get(appId)!);
      expect(local?.serverFileId).toBe(files[0]?.id);
      expect(events[2]?.body.photo_file).toBe(files[0]?.id);
    }
    await db.delete();
  });
});
