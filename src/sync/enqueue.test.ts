import { afterEach, describe, expect, it } from 'vitest';
import { draftKey, readDraft, saveDraft } from '../db/drafts';
import { putFile } from '../db/files';
import { allOps } from '../db/outbox';
import { deleteUserDb, openUserDb } from '../db/user-db';
import { NO_GEOTAG } from '../lib/geotag';
import { fileRef } from './dependency';
import { queueOp, enqueueUpload } from './enqueue';

let n = 0;
const fresh = () => openUserDb('sahayog', `outbox-${++n}`);
afterEach(async () => {
  await deleteUserDb('sahayog', `outbox-${n}`);
});

describe('enqueue', () => {
  it('writes the op and marks the draft as sent in one transaction (the server acceptance clears it)', async () => {
    const db = fresh();
    const key = draftKey('a'.repeat(32), 'basic-info');
    await saveDraft(db, key, { name: 'Ramesh' });
    const op = await queueOp(
      db,
      { appId: 'a'.repeat(32), kind: 'application.update', method: 'PATCH', path: '/v1/app/mfi/x', body: { name: 'Ramesh' } },
      { draftKeyToClear: key },
    );
    expect(op.seq).toBeTypeOf('number');
    expect(op.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readDraft(db, key)).toEqual({ name: 'Ramesh' });
    expect((await db.drafts.get(key))?.sentBy).toBe(op.id);
    expect((await allOps(db))[0]?.draftKey).toBe(key);
  });

  it('an abort inside the transaction leaves both the draft and the outbox as they were', async () => {
    const db = fresh();
    const key = draftKey('b'.repeat(32), 'kyc');
    await saveDraft(db, key, { pan: 'ABCDE1234F' });
    await expect(
      queueOp(
        db,
        { appId: 'b'.repeat(32), kind: 'k', method: 'PATCH', path: '/p', body: {} },
        {
          draftKeyToClear: key,
          alsoWrite: async () => {
            throw new Error('boom');
          },
        },
      ),
    ).rejects.toThrow('boom');
    expect(await readDraft(db, key)).toEqual({ pan: 'ABCDE1234F' });
    expect(await allOps(db)).toHaveLength(0);
  });

  it('assigns a global seq and derives dependencies from placeholders', async () => {
    const db = fresh();
    const file = {
      id: 'f1',
      blob: new Blob(['x'], { type: 'image/jpeg' }),
      name: 'p.jpg',
      mime: 'image/jpeg',
      size: 1,
      geoTag: NO_GEOTAG,
      appId: 'A',
      field: 'photo',
    };
    const upload = await enqueueUpload(db, { file, fields: { file_type: 'PHOTO' } });
    const step = await queueOp(db, { appId: 'A', kind: 'k', method: 'PATCH', path: '/p', body: { photo: fileRef('f1') } });
    expect(step.seq).toBeGreaterThan(upload.seq!);
    expect(step.dependsOn).toEqual([upload.id]);
    expect((await db.files.get('f1'))?.uploadState).toBe('local');
  });

  it('does not wait for a file that is already uploaded', async () => {
    const db = fresh();
    await putFile(db, {
      id: 'f2',
      blob: new Blob(['x']),
      name: 'x',
      mime: 'image/jpeg',
      size: 1,
      geoTag: NO_GEOTAG,
      appId: 'A',
      field: 'f',
      serverFileId: 's',
    });
    const step = await queueOp(db, { appId: 'A', kind: 'k', method: 'PATCH', path: '/p', body: { photo: fileRef('f2') } });
    expect(step.dependsOn).toEqual([]);
  });
});

describe('an op that replaces an earlier one (a step submitted again)', () => {
  const appId = 'c'.repeat(32);
  const step = (body: unknown) => ({ appId, kind: 'application.borrower', method: 'PUT' as const, path: `/v1/app/mfi/${appId}`, body });

  it("takes the refused op's place, frees what was parked behind it and re-points what waited for it", async () => {
    const db = fresh();
    const first = await queueOp(db, step({ v: 1 }));
    const later = await queueOp(db, { appId, kind: 'application.update', method: 'PATCH', path: '/x', body: {} });
    const waiting = await queueOp(db, { appId: null, kind: 'other', method: 'POST', path: '/y', dependsOn: [first.id] });
    await db.outbox
      .where('id')
      .equals(first.id)
      .modify({ state: 'needs-attention', lastError: { status: 409, message: 'no' } });
    await db.outbox.where('id').equals(later.id).modify({ state: 'needs-attention', blockedBy: first.id });

    const second = await queueOp(db, step({ v: 2 }), { replaces: first.id });
    const ops = await allOps(db);
    expect(ops.map((o) => o.id)).toEqual([second.id, later.id, waiting.id]);
    expect(ops[0]).toMatchObject({ seq: first.seq, state: 'queued', body: { v: 2 } });
    expect(ops[1]).toMatchObject({ state: 'queued', blockedBy: undefined, lastError: undefined });
    expect(ops[2]?.dependsOn).toEqual([second.id]);
  });

  it('leaves an op that is being sent alone and queues the new one after it', async () => {
    const db = fresh();
    const first = await queueOp(db, step({ v: 1 }));
    await db.outbox.where('id').equals(first.id).modify({ state: 'sending' });
    const second = await queueOp(db, step({ v: 2 }), { replaces: first.id });
    expect((await allOps(db)).map((o) => o.id)).toEqual([first.id, second.id]);
  });

  it('resubmit replaces the unsent op of the same step only: same kind and same path', async () => {
    const db = fresh();
    const visit = (variant: string, v: number) => ({
      appId,
      kind: 'application.cpv',
      method: 'POST' as const,
      path: `/v1/app/mfi/${appId}/${variant}-cpv-info`,
      body: { v },
    });
    const business = await queueOp(db, visit('business', 1), { resubmit: true });
    const residence = await queueOp(db, visit('residence', 1), { resubmit: true });
    expect((await allOps(db)).map((o) => o.id)).toEqual([business.id, residence.id]);
    const businessAgain = await queueOp(db, visit('business', 2), { resubmit: true });
    const ops = await allOps(db);
    expect(ops.map((o) => o.id)).toEqual([businessAgain.id, residence.id]);
    expect(ops[0]).toMatchObject({ seq: business.seq, body: { v: 2 } });
  });
});
