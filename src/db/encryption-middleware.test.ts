// @vitest-environment node
// Node's Blob round-trips through fake-indexeddb like a browser's does (happy-dom's Blob is not cloneable).
import type { ApplicationRecord } from '../../contracts/application-record';
import type { CachedCoApplicant } from './types';
import Dexie, { liveQuery } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLOB_CHUNK_BYTES, type SealedBlob } from '../lib/crypto/blob-cipher';
import { exactBytes } from '../lib/crypto/bytes';
import { LockedError, TamperedDataError } from '../lib/crypto/errors';
import { createKeyLock } from '../lib/crypto/key-lock';
import { createKeyVault } from '../lib/crypto/key-vault';
import type { SealedValue } from '../lib/crypto/value-cipher';
import { queueOp, enqueueUpload } from '../sync/enqueue';
import { draftKey, readDraft, saveDraft } from './drafts';
import { encryptionMiddleware, installEncryption } from './encryption-middleware';
import { openEncryptedUserDb, putRaw, rawRows, storedText } from './encryption-test-kit';
import { putFile, setFileUpload } from './files';
import { countOutbox } from './hooks';
import { getOp } from './outbox';
import { cacheList, cacheRecords, setMeta } from './records';
import { clearWrongPins, countWrongPin, readVault, saveVault } from './vault';
import type { FileRow } from './types';
import { UserDb } from './user-db';

const PAN = 'ABCDE1234F';
const MOBILE = '9876543210';
const AADHAAR = '999988887777';
const NAME = 'RAMESH KUMAR';
const SECRETS = [PAN, MOBILE, AADHAAR, NAME];
const APP = 'a'.repeat(32);

let n = 0;
const opened: Dexie[] = [];
const freshName = () => `flo-u-test-enc-${++n}`;
async function encrypted() {
  const name = freshName();
  const { db, lock } = await openEncryptedUserDb(name);
  opened.push(db);
  return { name, db, lock };
}
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

const bytesOf = async (blob: Blob) => Buffer.from(await blob.arrayBuffer());
const photo = (id: string, content: string | Uint8Array, extra: Partial<FileRow> = {}) => {
  const blob = new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'image/jpeg' });
  return {
    id,
    blob,
    name: `${NAME} PAN card.jpg`,
    mime: 'image/jpeg',
    size: blob.size,
    geoTag: { latitude: 18.5204, longitude: 73.8567, source: 'device' as const },
    appId: APP,
    field: 'pan_photo',
    ...extra,
  };
};

/** The writes an officer's day makes, through the app's own db functions. */
async function writePersonalData(db: UserDb) {
  await saveDraft(db, draftKey(APP, 'kyc'), {
    name: NAME,
    pan: PAN,
    mobile: MOBILE,
    aadhaar_last4: AADHAAR.slice(-4),
    note: `aadhaar ${AADHAAR}`,
  });
  await queueOp(db, {
    appId: APP,
    kind: 'application.create',
    method: 'PUT',
    path: `/v1/app/mfi/${APP}`,
    body: { phone: MOBILE, name: NAME },
    label: `New application: ${NAME}`,
  });
  await queueOp(db, {
    appId: APP,
    kind: 'verify.pan',
    method: 'POST',
    path: '/v1/verify_pan_lite',
    body: { pan: PAN, application_id: APP },
    label: 'PAN verification',
  });
  await enqueueUpload(db, {
    file: photo('f-1', `%PDF-1.4 statement of ${NAME} PAN ${PAN} mobile ${MOBILE} aadhaar ${AADHAAR}`),
    fields: { file_type: 'PAN', phone: MOBILE },
  });
  await cacheRecords(db, 'applications', [
    { id: APP, appId: APP, data: { id: APP, name: NAME, phone: MOBILE, pan: PAN, aadhaar: AADHAAR } },
  ]);
  await cacheRecords(db, 'coApplicants', [{ id: 'co-1', appId: APP, data: { name: NAME, pan: PAN } as CachedCoApplicant }]);
  await cacheList(db, 'recent-borrowers', [{ name: NAME, mobile: MOBILE }]);
  await setMeta(db, `lastViewed:${APP}`, { name: NAME, pan: PAN });
}

describe('encryption at rest: what IndexedDB holds', () => {
  it('keeps PAN, mobile, Aadhaar and name out of every stored value and blob byte', async () => {
    const { name, db } = await encrypted();
    await writePersonalData(db);
    const text = await storedText(await rawRows(name));
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('(control) the same writes without the middleware do show them, blob bytes included', async () => {
    const db = new UserDb(freshName());
    opened.push(db);
    await writePersonalData(db);
    const rows = await rawRows(db.name);
    const text = await storedText(rows);
    for (const secret of SECRETS) expect(text).toContain(secret);
    expect(await storedText(rows.files)).toContain(AADHAAR);
  });

  it('reads decrypt transparently through the same call sites', async () => {
    const { db } = await encrypted();
    await writePersonalData(db);
    expect(await readDraft(db, draftKey(APP, 'kyc'))).toMatchObject({ name: NAME, pan: PAN });
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((o) => o.label)).toEqual([`New application: ${NAME}`, 'PAN verification', `${NAME} PAN card.jpg`]);
    expect(ops[1]!.body).toEqual({ pan: PAN, application_id: APP });
    const file = await db.files.get('f-1');
    expect(file).toMatchObject({
      name: `${NAME} PAN card.jpg`,
      geoTag: { latitude: 18.5204, longitude: 73.8567, source: 'device' },
      uploadState: 'local',
    });
    expect((await bytesOf(file!.blob)).toString()).toContain(`PAN ${PAN}`);
    expect(file!.blob.type).toBe('image/jpeg');
  });

  it('leaves what indexes need in clear, and the indexes answer', async () => {
    const { name, db } = await encrypted();
    await writePersonalData(db);
    const raw = await rawRows(name);
    expect(raw.outbox!.map((o) => [o.seq, o.appId, o.state, o.kind])).toEqual([
      [1, APP, 'queued', 'application.create'],
      [2, APP, 'queued', 'verify.pan'],
      [3, APP, 'queued', 'file.upload'],
    ]);
    expect(raw.files![0]).toMatchObject({ id: 'f-1', appId: APP, uploadState: 'local', mime: 'image/jpeg' });
    expect(raw.drafts![0]).toMatchObject({ key: draftKey(APP, 'kyc') });
    expect((raw.drafts![0]!.value as SealedValue).v).toBe(1);

    expect((await db.outbox.where('appId').equals(APP).toArray()).map((o) => o.kind)).toEqual([
      'application.create',
      'verify.pan',
      'file.upload',
    ]);
    expect((await db.files.where('appId').equals(APP).toArray())[0]!.name).toBe(`${NAME} PAN card.jpg`);
    expect((await db.applications.where('appId').equals(APP).first())!.data).toMatchObject({ pan: PAN });
    expect(await db.outbox.where('state').equals('queued').count()).toBe(3);
    expect(await countOutbox(db)).toMatchObject({ queued: 3, pending: 3 });
    expect(await db.outbox.where('fileId').equals('f-1').primaryKeys()).toEqual([3]);
  });
});

describe('encryption at rest: Dexie operations', () => {
  it('get, bulkGet, toArray, where().equals(), first/last, sortBy, each and reverse', async () => {
    const { db } = await encrypted();
    await cacheRecords(db, 'applications', [
      { id: 'x1', appId: 'A', data: { name: 'one' } },
      { id: 'x2', appId: 'B', data: { name: 'two' } },
      { id: 'x3', appId: 'A', data: { name: 'three' } },
    ]);
    expect((await db.applications.get('x2'))!.data).toEqual({ name: 'two' });
    expect(await db.applications.get('nope')).toBeUndefined();
    expect((await db.applications.bulkGet(['x3', 'nope', 'x1'])).map((r) => r?.data)).toEqual([
      { name: 'three' },
      undefined,
      { name: 'one' },
    ]);
    expect((await db.applications.toArray()).map((r) => r.data)).toEqual([{ name: 'one' }, { name: 'two' }, { name: 'three' }]);
    expect((await db.applications.where('appId').equals('A').toArray()).map((r) => r.id)).toEqual(['x1', 'x3']);
    expect((await db.applications.where('appId').equals('A').last())!.data).toEqual({ name: 'three' });
    expect((await db.applications.orderBy('id').reverse().first())!.data).toEqual({ name: 'three' });
    expect((await db.applications.where('appId').equals('A').sortBy('id')).map((r) => r.data)).toEqual([
      { name: 'one' },
      { name: 'three' },
    ]);
    const seen: unknown[] = [];
    await db.applications.each((r) => {
      seen.push(r.data);
    });
    expect(seen).toHaveLength(3);
  });

  it('filter (a cursor over decrypted rows), with early stop through limit', async () => {
    const { db } = await encrypted();
    await cacheRecords(db, 'references', [
      { id: 'r1', appId: 'A', data: { name: 'SUNITA DEVI' } },
      { id: 'r2', appId: 'A', data: { name: NAME } },
      { id: 'r3', appId: 'A', data: { name: NAME } },
    ]);
    const named = db.references.filter((r) => (r.data as { name: string }).name === NAME);
    expect((await named.toArray()).map((r) => r.id)).toEqual(['r2', 'r3']);
    expect((await named.clone().limit(1).toArray()).map((r) => r.id)).toEqual(['r2']);
    expect(await named.clone().primaryKeys()).toEqual(['r2', 'r3']);
    expect(await named.clone().count()).toBe(2);
  });

  it('put, bulkPut, update, upsert, bulkUpdate and modify (read through the middleware, written back encrypted)', async () => {
    const { name, db } = await encrypted();
    await db.drafts.put({ key: 'd1', value: { pan: PAN }, updatedAt: 1 });
    await db.drafts.bulkPut([
      { key: 'd2', value: { mobile: MOBILE }, updatedAt: 2 },
      { key: 'd3', value: { name: NAME }, updatedAt: 3 },
    ]);
    expect(await db.drafts.update('d1', { updatedAt: 10 })).toBe(1);
    expect(await db.drafts.upsert('d4', { value: { aadhaar: AADHAAR }, updatedAt: 0 })).toBe(false);
    expect(await db.drafts.bulkUpdate([{ key: 'd4', changes: { updatedAt: 4 } }])).toBe(1);
    await db.drafts
      .where('updatedAt')
      .above(1)
      .modify((d) => {
        d.value = { ...(d.value as object), seen: true };
      });
    expect(await db.drafts.toArray()).toEqual([
      { key: 'd1', value: { pan: PAN, seen: true }, updatedAt: 10 },
      { key: 'd2', value: { mobile: MOBILE, seen: true }, updatedAt: 2 },
      { key: 'd3', value: { name: NAME, seen: true }, updatedAt: 3 },
      { key: 'd4', value: { aadhaar: AADHAAR, seen: true }, updatedAt: 4 },
    ]);
    const text = await storedText(await rawRows(name));
    for (const secret of [PAN, MOBILE, NAME, AADHAAR, 'seen']) expect(text).not.toContain(secret);
  });

  it('a transaction that reads, then writes and reads again across tables commits; a throw rolls all of it back', async () => {
    const { db } = await encrypted();
    await saveDraft(db, 'k', { pan: PAN });
    await db.transaction('rw', db.drafts, db.outbox, db.applications, async () => {
      const draft = await db.drafts.get('k');
      await db.applications.put({ id: APP, appId: APP, data: draft!.value as ApplicationRecord, syncedAt: 1 });
      const again = await db.applications.get(APP);
      await db.outbox.add({
        id: 'op',
        appId: APP,
        kind: 'k',
        api: 'main',
        method: 'PATCH',
        path: '/p',
        body: again!.data,
        idempotencyKey: 'i',
        dependsOn: [],
        state: 'queued',
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: 0,
        updatedAt: 0,
      });
      await db.drafts.delete('k');
    });
    expect((await getOp(db, 'op'))!.body).toEqual({ pan: PAN });
    expect(await readDraft(db, 'k')).toBeUndefined();

    await saveDraft(db, 'k2', { pan: PAN });
    await expect(
      db.transaction('rw', db.drafts, db.applications, async () => {
        await db.applications.put({ id: 'other', appId: APP, data: (await db.drafts.get('k2'))!.value as ApplicationRecord, syncedAt: 1 });
        await db.drafts.delete('k2');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await readDraft(db, 'k2')).toEqual({ pan: PAN });
    expect(await db.applications.get('other')).toBeUndefined();
  });

  it('live queries (what the screens use) see clear rows and follow writes', async () => {
    const { db } = await encrypted();
    await saveDraft(db, 'k1', { pan: PAN });
    const seen: unknown[][] = [];
    const sub = liveQuery(() => db.drafts.toArray()).subscribe((rows) => seen.push(rows.map((r) => r.value)));
    try {
      await vi.waitFor(() => expect(seen.at(-1)).toEqual([{ pan: PAN }]));
      await saveDraft(db, 'k2', { mobile: MOBILE });
      await vi.waitFor(() => expect(seen.at(-1)).toEqual([{ pan: PAN }, { mobile: MOBILE }]));
    } finally {
      sub.unsubscribe();
    }
  });

  it('round-trips a multi-chunk photo and stores it as encrypted chunks', async () => {
    const { name, db } = await encrypted();
    const bytes = new Uint8Array(2 * BLOB_CHUNK_BYTES + 12_345).map((_, i) => (i * 7) % 256);
    await putFile(db, photo('big', bytes));
    const stored = (await rawRows(name)).files![0]!.blob as SealedBlob;
    expect(stored).toMatchObject({ v: 1, chunks: 3, size: bytes.length, type: 'image/jpeg' });
    const back = await db.files.get('big');
    expect((await bytesOf(back!.blob)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('an upload state change does not encrypt the unchanged photo again; a new photo is', async () => {
    const { name, db } = await encrypted();
    await putFile(db, photo('p', 'jpeg bytes'));
    const before = await bytesOf(((await rawRows(name)).files![0]!.blob as SealedBlob).data);
    await setFileUpload(db, 'p', { uploadState: 'uploading', bytesSent: 5 });
    const middle = (await rawRows(name)).files![0]!;
    expect(middle).toMatchObject({ uploadState: 'uploading', bytesSent: 5 });
    expect((await bytesOf((middle.blob as SealedBlob).data)).equals(before)).toBe(true);
    await db.files.update('p', { blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }) });
    expect((await bytesOf(((await rawRows(name)).files![0]!.blob as SealedBlob).data)).equals(before)).toBe(false);
    expect((await bytesOf((await db.files.get('p'))!.blob)).toString()).toBe('jpeg bytes');
  });
});

describe('encryption at rest: tampering', () => {
  const tamperedWith = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TamperedDataError);
    return err as TamperedDataError;
  };

  it('one flipped byte of a stored draft is a TamperedDataError naming table and key', async () => {
    const { name, db } = await encrypted();
    const key = draftKey(APP, 'kyc');
    await saveDraft(db, key, { pan: PAN });
    const row = (await rawRows(name)).drafts![0]!;
    const sealed = row.value as SealedValue;
    const ct = exactBytes(sealed.ct);
    ct[2]! ^= 0x04;
    await putRaw(name, 'drafts', { ...row, value: { ...sealed, ct } });
    const err = await tamperedWith(readDraft(db, key));
    expect(err).toMatchObject({ table: 'drafts', field: 'value', key });
    expect(err.message).toContain(key);
    await tamperedWith(db.drafts.toArray());
    expect(await tamperedWith(db.drafts.filter(() => true).toArray())).toMatchObject({ table: 'drafts', key });
  });

  it('one flipped byte of a stored photo is a TamperedDataError naming files, blob and the id', async () => {
    const { name, db } = await encrypted();
    await putFile(db, photo('p1', new Uint8Array(BLOB_CHUNK_BYTES + 10)));
    const row = (await rawRows(name)).files![0]!;
    const sealed = row.blob as SealedBlob;
    const bytes = new Uint8Array(await sealed.data.arrayBuffer());
    bytes[BLOB_CHUNK_BYTES + 28 + 20]! ^= 0x01;
    await putRaw(name, 'files', { ...row, blob: { ...sealed, data: new Blob([bytes]) } });
    const err = await tamperedWith(db.files.get('p1'));
    expect(err).toMatchObject({ table: 'files', field: 'blob', key: 'p1' });
    expect(err.message).toMatch(/chunk 2 of 2/);
  });

  it('a ciphertext moved to another row fails: draft to draft, op body to op body', async () => {
    const { name, db } = await encrypted();
    await saveDraft(db, 'k1', { pan: PAN });
    await saveDraft(db, 'k2', { pan: 'PQRSX5678K' });
    await queueOp(db, { id: 'op-1', appId: APP, kind: 'k', method: 'POST', path: '/p', body: { pan: PAN } });
    await queueOp(db, { id: 'op-2', appId: APP, kind: 'k', method: 'POST', path: '/p', body: { pan: 'PQRSX5678K' } });
    const raw = await rawRows(name);
    await putRaw(name, 'drafts', { ...raw.drafts![1], value: raw.drafts![0]!.value });
    await putRaw(name, 'outbox', { ...raw.outbox![1], body: raw.outbox![0]!.body });
    expect(await tamperedWith(readDraft(db, 'k2'))).toMatchObject({ table: 'drafts', key: 'k2' });
    expect(await tamperedWith(getOp(db, 'op-2'))).toMatchObject({ table: 'outbox', field: 'body', key: 'op-2' });
    expect(await readDraft(db, 'k1')).toEqual({ pan: PAN });
  });

  it('a value moved to another field of the same row fails', async () => {
    const { name, db } = await encrypted();
    await queueOp(db, { id: 'op-1', appId: APP, kind: 'k', method: 'POST', path: '/p', body: { pan: PAN }, label: 'x' });
    const op = (await rawRows(name)).outbox![0]!;
    await putRaw(name, 'outbox', { ...op, result: op.body });
    expect(await tamperedWith(getOp(db, 'op-1'))).toMatchObject({ field: 'result', key: 'op-1' });
  });

  it('a row written in clear behind the app is refused, not passed through', async () => {
    const { name, db } = await encrypted();
    await db.open();
    await putRaw(name, 'outbox', {
      seq: 9,
      id: 'evil',
      appId: APP,
      kind: 'k',
      api: 'main',
      method: 'POST',
      path: '/p',
      body: { pan: PAN },
      idempotencyKey: 'i',
      dependsOn: [],
      state: 'queued',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 0,
      updatedAt: 0,
    });
    expect(await tamperedWith(db.outbox.toArray())).toMatchObject({ table: 'outbox', key: 'evil' });
  });
});

describe('encryption at rest: locked', () => {
  it('while locked, reads and writes of values throw LockedError; counts, keys and deletes still work', async () => {
    const { db, lock } = await encrypted();
    await saveDraft(db, 'k', { pan: PAN });
    await queueOp(db, { id: 'op', appId: APP, kind: 'k', method: 'POST', path: '/p', body: {} });
    const key = lock.key()!;
    lock.lock();
    await expect(readDraft(db, 'k')).rejects.toBeInstanceOf(LockedError);
    await expect(db.drafts.toArray()).rejects.toBeInstanceOf(LockedError);
    await expect(db.outbox.where('appId').equals(APP).toArray()).rejects.toBeInstanceOf(LockedError);
    await expect(db.drafts.bulkGet(['k'])).rejects.toBeInstanceOf(LockedError);
    await expect(saveDraft(db, 'k2', { pan: PAN })).rejects.toMatchObject({ name: 'LockedError', table: 'drafts' });
    await expect(db.outbox.filter(() => true).toArray()).rejects.toBeInstanceOf(LockedError);
    expect(await db.drafts.count()).toBe(1);
    expect(await countOutbox(db)).toMatchObject({ queued: 1 });
    expect(await db.outbox.where('appId').equals(APP).primaryKeys()).toEqual([1]);
    lock.unlock(key);
    expect(await readDraft(db, 'k')).toEqual({ pan: PAN });
    expect(await readDraft(db, 'k2')).toBeUndefined();
  });

  it('the key vault stays readable and writable while locked (it is what unlocks); the wrong-PIN count too', async () => {
    const { db, lock } = await encrypted();
    lock.lock();
    const { vault } = await createKeyVault('482913', { iterations: 1_000 });
    await saveVault(db, vault, 1);
    expect(await countWrongPin(db)).toBe(1);
    expect(await countWrongPin(db)).toBe(2);
    expect(await readVault(db)).toMatchObject({ id: 'data-key', failedAttempts: 2, createdAt: 1 });
    expect((await readVault(db))!.vault.wrappedKey).toEqual(vault.wrappedKey);
    await clearWrongPins(db);
    expect((await readVault(db))!.failedAttempts).toBe(0);
    await expect(readDraft(db, 'k')).rejects.toBeInstanceOf(LockedError);
  });

  it('refuses an extractable key', async () => {
    const lock = createKeyLock();
    const extractable = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
    expect(() => lock.unlock(extractable)).toThrow(/non-extractable/);
    expect(lock.key()).toBeNull();
  });

  it('tells subscribers about lock and unlock', async () => {
    const { lock } = await encrypted();
    const seen: boolean[] = [];
    const off = lock.subscribe((unlocked) => seen.push(unlocked));
    const key = lock.key()!;
    lock.lock();
    lock.unlock(key);
    off();
    lock.lock();
    expect(seen).toEqual([false, true]);
  });
});

describe('encryption at rest: installation', () => {
  it('must be installed before the database opens', async () => {
    const db = new UserDb(freshName());
    opened.push(db);
    await db.open();
    expect(() => installEncryption(db, createKeyLock())).toThrow(/before the user database is opened/);
  });

  it('refuses a schema that indexes an encrypted field', async () => {
    const db = new Dexie(freshName());
    opened.push(db);
    db.version(1).stores({ notes: 'id, text' });
    db.use(encryptionMiddleware(createKeyLock(), { notes: { rowKey: 'id', fields: { id: 'clear', text: 'encrypt' } } }));
    await expect(db.open()).rejects.toThrow(/index on text, which is encrypted/);
  });
});
