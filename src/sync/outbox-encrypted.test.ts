// @vitest-environment node
// The db and sync call sites, unchanged, on a user database with encryption at rest: what they write reads back,
// their transactions (read, then write, inside one) still commit, and the sync engine replays the queue.
import type { CachedCoApplicant } from '../db/types';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { draftKey, readDraft, saveDraft } from '../db/drafts';
import { openEncryptedUserDb, rawRows, storedText } from '../db/encryption-test-kit';
import { discardLocalFile, getFile } from '../db/files';
import { countOutbox } from '../db/hooks';
import {
  allOps,
  getOp,
  markOpDone,
  markOpRetry,
  markOpSending,
  markOpsNeedAttention,
  pendingOps,
  pruneDoneOps,
  requeueOps,
} from '../db/outbox';
import {
  cacheServerApplications,
  cacheServerList,
  getMeta,
  patchCachedApplication,
  patchRecord,
  replaceAppRecords,
  setMeta,
} from '../db/records';
import type { UserDb } from '../db/user-db';
import { fileRef } from './dependency';
import { createSyncEngine } from './engine';
import { queueOp, enqueueUpload } from './enqueue';
import type { Transport } from './transport';

const PAN = 'ABCDE1234F';
const MOBILE = '9876543210';
const NAME = 'RAMESH KUMAR';
const APP = 'b'.repeat(32);
const GEO = { latitude: 18.52, longitude: 73.85, source: 'device' as const };

let n = 0;
const opened: UserDb[] = [];
async function fresh() {
  const { db } = await openEncryptedUserDb(`flo-u-test-enc-sync-${++n}`);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

const stepOp = (appId: string, body: unknown, extra: Record<string, unknown> = {}) => ({
  appId,
  kind: 'application.update',
  method: 'PATCH' as const,
  path: `/v1/app/mfi/${appId}/basic-info`,
  body,
  ...extra,
});

describe('outbox call sites on an encrypted user database', () => {
  it('enqueue writes the op and marks the draft sent in one transaction; reads give both back', async () => {
    const db = await fresh();
    const key = draftKey(APP, 'kyc');
    await saveDraft(db, key, { name: NAME, pan: PAN });
    const op = await queueOp(db, stepOp(APP, { pan: PAN }, { label: `Borrower details: ${NAME}` }), { draftKeyToClear: key });
    expect(op.seq).toBe(1);
    expect(await readDraft(db, key)).toEqual({ name: NAME, pan: PAN });
    expect((await db.drafts.get(key))?.sentBy).toBe(op.id);
    expect((await allOps(db)).map((o) => [o.body, o.label])).toEqual([[{ pan: PAN }, `Borrower details: ${NAME}`]]);
    expect((await pendingOps(db)).map((o) => o.id)).toEqual([op.id]);
    expect((await getOp(db, op.id))!.body).toEqual({ pan: PAN });
  });

  it('an upload and the step waiting for its file: dependencies found through the fileId index', async () => {
    const db = await fresh();
    const upload = await enqueueUpload(db, {
      file: {
        id: 'f1',
        blob: new Blob([`photo of ${NAME}`], { type: 'image/jpeg' }),
        name: 'pan.jpg',
        mime: 'image/jpeg',
        size: 20,
        geoTag: GEO,
        appId: APP,
        field: 'pan_photo',
      },
      fields: { file_type: 'PAN', phone: MOBILE },
    });
    const step = await queueOp(db, stepOp(APP, { pan: PAN, pan_photo: fileRef('f1') }));
    expect(step.dependsOn).toEqual([upload.id]);
    expect(await getFile(db, 'f1')).toMatchObject({ name: 'pan.jpg', geoTag: GEO, uploadState: 'local' });
  });

  it('a resubmitted step replaces its queued predecessor in place (filter + modify of its dependants)', async () => {
    const db = await fresh();
    const first = await queueOp(db, stepOp(APP, { pan: 'PQRSX5678K' }));
    const after = await queueOp(db, {
      appId: APP,
      kind: 'later',
      method: 'POST',
      path: '/later',
      body: { mobile: MOBILE },
      dependsOn: [first.id],
    });
    const again = await queueOp(db, stepOp(APP, { pan: PAN }), { resubmit: true });
    const ops = await allOps(db);
    expect(ops.map((o) => [o.seq, o.id, o.body])).toEqual([
      [first.seq, again.id, { pan: PAN }],
      [after.seq, after.id, { mobile: MOBILE }],
    ]);
    expect(ops[1]!.dependsOn).toEqual([again.id]);
  });

  it('state changes, parking, requeue, done with a write-back in the same transaction, and pruning', async () => {
    const db = await fresh();
    const a = await queueOp(db, stepOp(APP, { pan: PAN }));
    const b = await queueOp(db, { appId: APP, kind: 'k', method: 'POST', path: '/b', body: { mobile: MOBILE }, dependsOn: [a.id] });
    await markOpSending(db, a.id, 1, 10);
    await markOpRetry(db, a.id, 99, { status: 503, message: 'Service unavailable' }, 11);
    expect(await getOp(db, a.id)).toMatchObject({ state: 'queued', nextAttemptAt: 99, lastError: { status: 503 }, body: { pan: PAN } });
    await markOpsNeedAttention(db, a.id, { status: 422, message: `PAN ${PAN} does not match` }, [b.id], 12);
    expect(await countOutbox(db)).toMatchObject({ needsAttention: 2, pending: 2 });
    expect((await getOp(db, b.id))!.blockedBy).toBe(a.id);
    await requeueOps(db, [a.id, b.id], 13);
    await markOpDone(db, a.id, { data: { name: NAME } }, 14, () => patchCachedApplication(db, APP, () => ({ name: NAME }), 14));
    expect(await getOp(db, a.id)).toMatchObject({ state: 'done', result: { data: { name: NAME } } });
    expect((await getOp(db, a.id))!.lastError).toBeUndefined();
    expect((await db.applications.get(APP))!.data).toEqual({ id: APP, name: NAME });
    await markOpDone(db, b.id, null, 15);
    await pruneDoneOps(db, 100);
    expect(await allOps(db)).toEqual([]);
  });

  it('discarding a local photo removes its queued upload and the file together', async () => {
    const db = await fresh();
    await enqueueUpload(db, {
      file: {
        id: 'f2',
        blob: new Blob(['x'], { type: 'image/jpeg' }),
        name: `${NAME}.jpg`,
        mime: 'image/jpeg',
        size: 1,
        geoTag: GEO,
        appId: APP,
        field: 'shop',
      },
      fields: { file_type: 'SHOP' },
    });
    expect(await discardLocalFile(db, 'f2')).toBe(true);
    expect(await getFile(db, 'f2')).toBeUndefined();
    expect(await allOps(db)).toEqual([]);
  });

  it('records: server lists, replacements, patches, and the applications kept while work is queued', async () => {
    const db = await fresh();
    await queueOp(db, stepOp(APP, { pan: PAN }));
    await patchCachedApplication(db, APP, () => ({ name: NAME }), 1);
    const kept = await cacheServerApplications(db, [
      { id: APP, appId: APP, data: { name: 'SERVER COPY' } },
      { id: 'c'.repeat(32), appId: 'c'.repeat(32), data: { name: 'SUNITA DEVI' } },
    ]);
    expect(kept).toBe(1);
    expect((await db.applications.get(APP))!.data).toEqual({ id: APP, name: NAME });
    await replaceAppRecords(db, 'coApplicants', APP, [{ id: 'co1', appId: APP, data: { pan: PAN } as CachedCoApplicant }]);
    await cacheServerList(
      db,
      'coApplicants',
      APP,
      [{ id: 'co2', appId: APP, data: { name: 'NEW' } as CachedCoApplicant }],
      (id) => id === 'local-only',
    );
    expect((await db.coApplicants.where('appId').equals(APP).toArray()).map((r) => [r.id, r.data])).toEqual([['co2', { name: 'NEW' }]]);
    await patchRecord(db, 'coApplicants', 'co2', { pan: PAN });
    expect((await db.coApplicants.get('co2'))!.data).toEqual({ name: 'NEW', pan: PAN });
    await setMeta(db, 'lastSyncAt', 42);
    expect(await getMeta(db, 'lastSyncAt')).toBe(42);
  });
});

describe('the sync engine on an encrypted user database', () => {
  it('replays an upload and the step that needs its file id; the API sees clear data, the disk does not', async () => {
    const db = await fresh();
    const seen: Array<{ method: string; path: string; body: unknown }> = [];
    const transport: Transport = {
      async request(_api, method, path, init = {}) {
        const body = init.body instanceof Blob ? await init.body.text() : init.body;
        seen.push({ method, path, body });
        const data = path === '/v1/file/upload' ? { file_id: 'srv-file-1' } : { id: APP, name: NAME };
        return { status: 200, data: { success: true, data }, headers: new Headers() };
      },
    };
    const written: unknown[] = [];
    const upload = await enqueueUpload(db, {
      file: {
        id: 'f3',
        blob: new Blob([`JPEG ${PAN}`], { type: 'image/jpeg' }),
        name: 'pan.jpg',
        mime: 'image/jpeg',
        size: 15,
        geoTag: GEO,
        appId: APP,
        field: 'pan_photo',
      },
      fields: { file_type: 'PAN', phone: MOBILE },
    });
    const step = await queueOp(db, { ...stepOp(APP, { pan: PAN, pan_photo: fileRef('f3') }), kind: 'test.kyc' });
    const engine = createSyncEngine({
      db,
      transport,
      random: () => 0,
      isOnline: () => true,
      lock: { withLock: (work) => work() },
      onResult: {
        'test.kyc': async ({ db: tx, result, now }) => {
          written.push(result);
          await patchCachedApplication(tx, APP, () => ({ name: NAME, pan: PAN }), now);
        },
      },
    });
    const run = await engine.syncNow();
    await engine.stop();
    expect(run).toMatchObject({ ran: true, done: 2, parked: 0 });

    expect(seen.map((s) => [s.method, s.path])).toEqual([
      ['POST', '/v1/file/upload'],
      ['PATCH', `/v1/app/mfi/${APP}/basic-info`],
    ]);
    expect(seen[0]!.body).toContain(`JPEG ${PAN}`);
    expect(seen[0]!.body).toContain(MOBILE);
    expect(seen[1]!.body).toEqual({ pan: PAN, pan_photo: 'srv-file-1' });
    expect(written).toEqual([{ success: true, data: { id: APP, name: NAME } }]);

    expect(await getOp(db, upload.id)).toMatchObject({ state: 'done', result: { data: { file_id: 'srv-file-1' } } });
    expect(await getOp(db, step.id)).toMatchObject({ state: 'done', body: { pan: PAN, pan_photo: fileRef('f3') } });
    expect(await getFile(db, 'f3')).toMatchObject({ uploadState: 'uploaded', serverFileId: 'srv-file-1', name: 'pan.jpg' });
    expect((await db.applications.get(APP))!.data).toMatchObject({ name: NAME, pan: PAN });

    const text = await storedText(await rawRows(db.name));
    for (const secret of [PAN, MOBILE, NAME]) expect(text).not.toContain(secret);
  });
});
