import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jpegBytes } from '../../server/test-helpers';
import { draftKey, readDraft, saveDraft } from '../../src/db/drafts';
import { allOps, getOp } from '../../src/db/outbox';
import type { UserDb } from '../../src/db/user-db';
import { newApplicationId, newUuid } from '../../src/lib/ids';
import { NO_GEOTAG } from '../../src/lib/geotag';
import { fileRef, resultRef } from '../../src/sync/dependency';
import { createSyncEngine, TRIES_PER_PASS } from '../../src/sync/engine';
import { queueOp, enqueueUpload } from '../../src/sync/enqueue';
import { type Harness, jpeg, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

let phoneN = 0;
const phone = () => `98${String(76_000_000 + ++phoneN).padStart(8, '0')}`;
const create = (db: UserDb, appId: string) =>
  queueOp(db, {
    appId,
    kind: 'application.create',
    method: 'PUT',
    path: `/v1/app/mfi/${appId}`,
    body: { phone: phone(), loan_type: 'MFI_BUSINESS_LOAN' },
  });
const patch = (db: UserDb, appId: string, body: unknown, extra: { dependsOn?: string[] } = {}) =>
  queueOp(db, { appId, kind: 'application.update', method: 'PATCH', path: `/v1/app/mfi/${appId}`, body, ...extra });
const engineFor = (db: UserDb, extra: Partial<Parameters<typeof createSyncEngine>[0]> = {}) =>
  createSyncEngine({ db, transport: h.transport, random: () => 0, ...extra });
const states = async (db: UserDb) => Object.fromEntries((await allOps(db)).map((o) => [o.id, o.state]));
const appRows = async (appId: string) => h.server.db.query('SELECT id, data FROM applications WHERE id=$1', [appId]);

describe('sync engine against the in-process server', () => {
  it('replays the ops of one application strictly in seq order, applications side by side', async () => {
    const db = h.newDb();
    const apps = [newApplicationId(), newApplicationId(), newApplicationId()];
    for (const a of apps) await create(db, a);
    const expected: Record<string, string[]> = {};
    for (let i = 0; i < 6; i += 1) {
      for (const a of apps) {
        await patch(db, a, { purpose: `step ${i}` });
        expected[a] = [...(expected[a] ?? []), `step ${i}`];
      }
    }
    // Slow, out-of-order-prone network: the next five requests fail before reaching the server.
    h.network.inject({ fault: 'drop', times: 5 });
    let peak = 0;
    let live = 0;
    const base = h.transport;
    const transport = {
      request: async (...args: Parameters<typeof base.request>) => {
        // Latency, so requests of different applications can overlap (in process they would finish at once): the
        // network this test stands for, not a wait for something to happen.
        live += 1;
        peak = Math.max(peak, live);
        await new Promise((r) => setTimeout(r, 3));
        try {
          return await base.request(...args);
        } finally {
          live -= 1;
        }
      },
    };
    // A pass tries an op a bounded number of times, so the drops may take more than one pass: sync as the wake-ups
    // would, until nothing is left to send, and count the retries of all the passes.
    const engine = createSyncEngine({ db, transport, random: () => 0 });
    let retrying = 0;
    for (let pass = 0; pass < 6 && !Object.values(await states(db)).every((s) => s === 'done'); pass += 1) {
      retrying += (await engine.syncNow()).retrying;
    }
    expect(retrying).toBe(5);
    for (const a of apps) expect((await h.events(a)).map((e) => e.body.purpose)).toEqual(expected[a]);
    expect(Object.values(await states(db)).every((s) => s === 'done')).toBe(true);
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(3);
    // The create answer was written back into the cache by the result handler.
    expect((await db.applications.get(apps[0]!))?.data).toMatchObject({ id: apps[0], status: 'DRAFT' });
  });

  it('substitutes the uploaded file id into the step that depends on the upload', async () => {
    const db = h.newDb();
    const appId = newApplicationId();
    await create(db, appId);
    const localId = newUuid();
    const upload = await enqueueUpload(db, {
      file: {
        id: localId,
        blob: jpeg(jpegBytes(64, 48)),
        name: 'shop.jpg',
        mime: 'image/jpeg',
        size: jpegBytes(64, 48).length,
        geoTag: { latitude: 18.52, longitude: 73.85, accuracy: 9, source: 'device' },
        appId,
        field: 'shop_photo',
      },
      fields: { file_type: 'SHOP_PHOTO', application_id: appId, upload_type: 'BUSINESS', name_prefix: 'shop' },
    });
    const step = await patch(db, appId, { photo_file: fileRef(localId), pan_file: resultRef(upload.id, 'data.file_id') });
    expect(step.dependsOn).toContain(upload.id);
    await engineFor(db).syncNow();
    const file = await db.files.get(localId);
    expect(file?.uploadState).toBe('uploaded');
    expect(file?.serverFileId).toMatch(/^[0-9a-f]{32}$/);
    const [event] = await h.events(appId);
    expect(event?.body).toEqual({ photo_file: file!.serverFileId, pan_file: file!.serverFileId });
    const [stored] = await h.server.db.query<{ geo_tag: unknown }>('SELECT geo_tag FROM files WHERE id=$1', [file!.serverFileId]);
    expect(stored?.geo_tag).toMatchObject({ latitude: 18.52, longitude: 73.85 });
  });

  it('retries network errors and 5xx with backoff, then succeeds once', async () => {
    const db = h.newDb();
    const appId = newApplicationId();
    const op = await create(db, appId);
    let clock = Date.now() + 1;
    const engine = engineFor(db, { now: () => clock, random: () => 0.5 });
    h.network.inject({ fault: 'drop', times: 1 });
    await engine.syncNow();
    let row = await getOp(db, op.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, nextAttemptAt: clock + 500, lastError: { status: 0 } });
    clock += 499;
    await engine.syncNow(); // not due yet: nothing is sent
    expect((await getOp(db, op.id))?.attempts).toBe(1);

    clock += 1;
    h.network.inject({ fault: 503, times: 1 });
    await engine.syncNow();
    row = await getOp(db, op.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2, nextAttemptAt: clock + 1000, lastError: { status: 503 } });

    clock += 1000;
    h.network.inject({ fault: 429, times: 1 }); // Retry-After: 0 is honoured
    await engine.syncNow();
    expect((await getOp(db, op.id))?.nextAttemptAt).toBe(clock);
    await engine.syncNow();
    expect(await getOp(db, op.id)).toMatchObject({ state: 'done', attempts: 4 });
    expect(await appRows(appId)).toHaveLength(1);
  });

  it('pauses the whole queue on 401 without dropping anything, resumes after a new sign-in', async () => {
    const db = h.newDb();
    const a = newApplicationId();
    const b = newApplicationId();
    await create(db, a);
    await patch(db, a, { purpose: 'step 1' });
    await create(db, b);
    // The session ends (logged out elsewhere / expired).
    const out = await h.fetch(
      new Request('http://sahayog.localhost/api/main/v1/user/logout', { method: 'PUT', headers: { token: h.token } }),
    );
    expect(out.status).toBe(200);
    let asked = 0;
    const engine = engineFor(db, { onAuthRequired: () => (asked += 1) });
    await engine.syncNow();
    expect(engine.status$.get().paused).toBe('auth');
    expect(asked).toBeGreaterThan(0);
    expect(Object.values(await states(db)).filter((s) => s === 'done')).toHaveLength(0);
    expect(await allOps(db)).toHaveLength(3);
    const sentWhilePaused = h.network.calls.length;
    await engine.syncNow();
    expect(h.network.calls.length).toBe(sentWhilePaused);

    await h.signInAgain();
    await engine.resumeAfterSignIn();
    expect(Object.values(await states(db))).toEqual(['done', 'done', 'done']);
    expect(await h.events(a)).toHaveLength(1);
    expect(await db.meta.get('syncPaused')).toEqual({ key: 'syncPaused', value: null });
  });

  it('parks a rejected op and its dependants with the server message; the rest finishes', async () => {
    const db = h.newDb();
    const bad = newApplicationId();
    const good = newApplicationId();
    const badCreate = await queueOp(db, {
      appId: bad,
      kind: 'application.create',
      method: 'PUT',
      path: `/v1/app/mfi/${bad}`,
      body: { phone: '12345' },
    });
    const badNext = await patch(db, bad, { purpose: 'step 1' });
    await create(db, good);
    const crossDep = await patch(db, good, { link: 1 }, { dependsOn: [badCreate.id] });
    const other = newApplicationId();
    await create(db, other);
    await patch(db, other, { purpose: 'x' });

    await engineFor(db).syncNow();
    expect(await getOp(db, badCreate.id)).toMatchObject({
      state: 'needs-attention',
      lastError: { status: 400, message: 'Invalid mobile number' },
    });
    for (const id of [badNext.id, crossDep.id]) {
      expect(await getOp(db, id)).toMatchObject({
        state: 'needs-attention',
        blockedBy: badCreate.id,
        lastError: { message: 'Waiting for a step that needs attention' },
      });
    }
    expect(await appRows(good)).toHaveLength(1);
    expect((await h.events(other)).map((e) => e.body.purpose)).toEqual(['x']);

    // Discard takes the op and its explicit dependants only; the app's later op waits for a retry.
    const engine = engineFor(db);
    const gone = await engine.discard(badCreate.id);
    expect(gone.sort()).toEqual([badCreate.id, crossDep.id].sort());
    expect(await getOp(db, badNext.id)).toMatchObject({ state: 'queued' });
    await engine.syncNow();
    // Without its create the patch fails with 404 and is parked in turn: nothing else is touched.
    expect(await getOp(db, badNext.id)).toMatchObject({ state: 'needs-attention', lastError: { status: 404 } });
    expect((await allOps(db)).filter((o) => o.state === 'done')).toHaveLength(3);
  });

  it('lost response: the retry with the same Idempotency-Key is replayed, one row and one event', async () => {
    const db = h.newDb();
    const appId = newApplicationId();
    await create(db, appId);
    const p = await patch(db, appId, { amount_requested: 90000 });
    h.network.inject({ fault: 'lose', times: 2, match: (method) => method === 'PATCH' });
    await engineFor(db).syncNow();
    expect(await appRows(appId)).toHaveLength(1);
    expect(await h.events(appId)).toHaveLength(1);
    expect(await getOp(db, p.id)).toMatchObject({ state: 'done', attempts: 3 });
    expect(h.network.calls.filter((c) => c.method === 'PATCH' && c.path === `/v1/app/mfi/${appId}`).map((c) => c.status)).toEqual([
      200, 200, 200,
    ]);
    expect((await getOp(db, p.id))?.result).toMatchObject({ data: { amount_requested: 90000 } });
  });

  it('crash between send and ack: a new engine re-sends the "sending" op with its key, no duplicate', async () => {
    const db = h.newDb();
    const appId = newApplicationId();
    await create(db, appId);
    const p = await patch(db, appId, { purpose: 'only-once' });
    await engineFor(db).syncNow(); // both done? no: make the patch hang below
    expect(await h.events(appId)).toHaveLength(1);

    const p2 = await patch(db, appId, { purpose: 'second' });
    h.network.inject({ fault: 'hang', times: 1 });
    const first = engineFor(db);
    const run = first.syncNow();
    await vi.waitFor(async () => expect(await h.events(appId)).toHaveLength(2), { timeout: 10_000 });
    await first.stop(); // the tab dies: no ack was written
    await run;
    expect(await getOp(db, p2.id)).toMatchObject({ state: 'sending' });

    const second = engineFor(db);
    await second.syncNow();
    expect(await getOp(db, p2.id)).toMatchObject({ state: 'done' });
    expect((await h.events(appId)).map((e) => e.body.purpose)).toEqual(['only-once', 'second']);
    expect(p.state).toBe('queued');
  });

  it('keeps the draft (what was sent) until the server accepts, and writes back nothing until it answers', async () => {
    const db = h.newDb();
    const appId = newApplicationId();
    const key = draftKey(appId, 'basic-info');
    await saveDraft(db, key, { phone: '9876500000' });
    await queueOp(
      db,
      { appId, kind: 'application.create', method: 'PUT', path: `/v1/app/mfi/${appId}`, body: { phone: '9876500000' } },
      { draftKeyToClear: key },
    );
    expect(await readDraft(db, key)).toEqual({ phone: '9876500000' });
    expect(await db.applications.get(appId)).toBeUndefined();
    h.network.offline = true;
    await engineFor(db, { random: () => 1 }).syncNow();
    h.network.offline = false;
    expect(await db.applications.get(appId)).toBeUndefined();
    expect(await readDraft(db, key)).toEqual({ phone: '9876500000' });
    await engineFor(db, { now: () => Date.now() + 10_000 }).syncNow();
    expect((await db.applications.get(appId))?.data).toMatchObject({ phone: '9876500000' });
    expect(await readDraft(db, key)).toBeUndefined();
  });

  it('uses no geotag placeholder when none was found', () => {
    expect(NO_GEOTAG).toEqual({ latitude: 0, longitude: 0, source: 'none' });
  });

  it('a link that drops every request costs a bounded number of tries a pass, whatever the backoff draws', async () => {
    const db = h.newDb();
    const appId = newApplicationId();
    await create(db, appId);
    await patch(db, appId, { purpose: 'one' });
    const other = newApplicationId();
    await create(db, other);
    let sent = 0;
    const transport = {
      request: (...args: Parameters<typeof h.transport.request>) => {
        sent += 1;
        return h.transport.request(...args);
      },
    };
    h.network.offline = true;
    try {
      const result = await createSyncEngine({ db, transport, random: () => 0 }).syncNow();
      // Two lane heads are runnable; each is tried at most TRIES_PER_PASS times, the op behind a head not at all.
      expect(sent).toBeLessThanOrEqual(2 * TRIES_PER_PASS);
      expect(sent).toBeGreaterThanOrEqual(2);
      expect(result.done).toBe(0);
    } finally {
      h.network.offline = false;
    }
    await createSyncEngine({ db, transport, random: () => 0 }).syncNow();
    expect(Object.values(await states(db)).every((s) => s === 'done')).toBe(true);
  });
});
