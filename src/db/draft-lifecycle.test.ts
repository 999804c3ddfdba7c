// REQ-API-5: a queued step keeps its draft until the server accepts it: a refusal reopens the form with exactly what was sent,
// and typing after the submit survives the acceptance of what was sent before it.
import { afterEach, describe, expect, it } from 'vitest';
import { queueOp } from '../sync/enqueue';
import { draftEditMark, draftKey, readDraft, saveDraft, saveFormDraft } from './drafts';
import { markOpDone, markOpsNeedAttention } from './outbox';
import { deleteUserDb, openUserDb } from './user-db';

const APP = 'd'.repeat(32);
let n = 0;
const fresh = () => openUserDb('sahayog', `draft-life-${++n}`);
afterEach(() => deleteUserDb('sahayog', `draft-life-${n}`));

const SENT = { ifsc_code: 'SBIN0001234', account_number: '123456789', account_type: 'SAVINGS', bank_proof: 'file-1' };
const queue = (db: ReturnType<typeof fresh>, key: string) =>
  queueOp(
    db,
    { appId: APP, kind: 'bank-account', method: 'POST', path: `/v1/app/mfi/${APP}/bank-account`, body: SENT },
    { draftKeyToClear: key },
  );

describe('draft lifecycle (table): what clears a step draft', () => {
  it.each<[string, 'queued' | 'refused' | 'accepted' | 'accepted-after-new-typing', boolean]>([
    ['queued, not answered yet', 'queued', true],
    ['refused by the server', 'refused', true],
    ['accepted by the server', 'accepted', false],
    ['accepted, but typed into after the submit', 'accepted-after-new-typing', true],
  ])('%s → draft kept: %s', async (_, outcome, kept) => {
    const db = fresh();
    const key = draftKey(APP, 'bank-account');
    await saveDraft(db, key, SENT);
    const op = await queue(db, key);
    if (outcome === 'refused')
      await markOpsNeedAttention(
        db,
        op.id,
        { status: 400, message: 'Invalid account type. Please select a valid account type' },
        [],
        Date.now(),
      );
    if (outcome === 'accepted-after-new-typing') await saveFormDraft(db, key, { ...SENT, ifsc_code: 'HDFC0001234' }, draftEditMark());
    if (outcome.startsWith('accepted')) await markOpDone(db, op.id, { success: true }, Date.now());
    const left = await readDraft(db, key);
    expect(left !== undefined).toBe(kept);
    if (outcome === 'queued' || outcome === 'refused') expect(left).toEqual(SENT);
  });

  it('a save pending from before the submit (the autosave throttle) still belongs to the submit', async () => {
    const db = fresh();
    const key = draftKey(APP, 'bank-account', 1);
    const before = draftEditMark();
    const op = await queue(db, key);
    await saveFormDraft(db, key, SENT, before);
    expect((await db.drafts.get(key))?.sentBy).toBe(op.id);
    await markOpDone(db, op.id, { success: true }, Date.now());
    expect(await readDraft(db, key)).toBeUndefined();
    expect(await saveFormDraft(db, key, SENT, before)).toBe(false);
  });
});
