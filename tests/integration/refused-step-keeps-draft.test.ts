// REQ-API-5, REQ-BANK-3: a step the real server refuses keeps exactly what was sent (the fields and the photographed proof) for the form to
// reopen with, and says why in plain words: the specification's message, never the schema's text. Accepted, the same
// step's draft goes.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes } from '../../server/test-helpers';
import { readDraft, saveDraft } from '../../src/db/drafts';
import { allOps } from '../../src/db/outbox';
import { patchCachedApplication } from '../../src/db/records';
import { bankDraftKey, submitBankAccount } from '../../src/features/bank-account/bank-account-step';
import { preparePhoto } from '../../src/photos/prepare-photo';
import { queuePhoto } from '../../src/photos/queue-photo';
import { startApplication } from '../../src/ops/start-application';
import { createSyncEngine } from '../../src/sync/engine';
import { type Harness, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

const GEO = { latitude: 18.52, longitude: 73.85, accuracy: 10, captured_at: '2026-11-23T08:00:00.000Z', source: 'device' as const };
const proof = () =>
  preparePhoto(new File([new Uint8Array(jpegBytes(200, 150))], 'cheque.jpg', { type: 'image/jpeg' }), 'captured', {
    resize: async (b) => b,
    geoTag: async () => GEO,
  });

async function drain(db: Parameters<typeof allOps>[0]) {
  const engine = createSyncEngine({ db, transport: h.transport, random: () => 0.5, isOnline: () => true });
  for (let i = 0; i < 6 && (await allOps(db)).some((o) => o.state === 'queued' || o.state === 'sending'); i += 1) {
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await engine.syncNow();
  }
}

describe('a refused bank account step', () => {
  it('keeps the sent fields and proof, and says the account type message of the specification', async () => {
    const db = h.newDb();
    const appId = await startApplication(db, { phone: '9876512345', name: 'Refused Bank' });
    const proofId = await queuePhoto(
      db,
      { appId, field: 'bank_proof', fileType: 'BANK_PROOF', uploadType: 'BANK_ACCOUNT', phone: '9876512345', label: 'Bank proof' },
      await proof(),
    );
    // What the form held at Submit: an account type outside the enum (an old draft, a tampered select).
    const sent = {
      account_holder_name: 'Refused Bank',
      account_number: '123456789012',
      confirm_account_number: '123456789012',
      account_type: 'SAVING',
      ifsc_code: 'SBIN0001234',
      bank_name: 'State Bank of India',
      bank_proof: proofId,
    };
    // The borrower form is on the server already (its mobile verified): the bank step does not wait behind it.
    await patchCachedApplication(db, appId, () => ({ borrower_submitted_at: new Date().toISOString() }));
    await saveDraft(db, bankDraftKey(appId), sent);
    const op = await submitBankAccount(db, appId, sent as never, true);
    await drain(db);

    const parked = (await allOps(db)).find((o) => o.id === op.id);
    expect(parked?.state).toBe('needs-attention');
    expect(parked?.lastError?.message).toBe('Invalid account type. Please select a valid account type');
    expect(await readDraft(db, bankDraftKey(appId))).toEqual(sent);
    const file = await db.files.get(proofId);
    expect(file?.blob).toBeInstanceOf(Blob);
  });
});
