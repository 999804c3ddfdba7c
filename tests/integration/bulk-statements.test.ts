// Bank statements picked together go up in one bulk upload (POST /v1/file/bulk-upload), queued on the phone like any
// write: each statement's row gets its server id from the answer, so the business step's file placeholders resolve.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycSubmittedApplication, uploadFor } from '../../server/test-borrower';
import { pdfBytes } from '../../server/test-helpers';
import { discardLocalFile, putFile } from '../../src/db/files';
import { allOps } from '../../src/db/outbox';
import type { UserDb } from '../../src/db/user-db';
import { submitBusiness } from '../../src/features/business/business-step';
import { NO_GEOTAG } from '../../src/lib/geotag';
import { queuePhotos } from '../../src/photos/queue-photo';
import { createSyncEngine } from '../../src/sync/engine';
import { type Harness, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

const statement = (name: string) => {
  const blob = new Blob([pdfBytes(), name], { type: 'application/pdf' });
  return { blob, name, mime: 'application/pdf', size: blob.size, geoTag: NO_GEOTAG };
};

/** The business proof, uploaded earlier on its own: the row a single upload leaves, with its server id. */
async function uploadedProof(db: UserDb, appId: string) {
  const serverFileId = await uploadFor(h.server, h.token, appId, 'BUSINESS_PROOF', { pdf: true });
  const id = `local-proof-${serverFileId}`;
  await putFile(db, { ...statement('proof.pdf'), id, appId, field: 'business_proof', uploadState: 'uploaded', serverFileId });
  return id;
}

async function businessBody(db: UserDb, appId: string, statements: string[]) {
  const proof = await uploadedProof(db, appId);
  return {
    business_name: 'Bulk Kirana Store',
    business_type: 'SOLE_PROPRIETORSHIP',
    category_of_business: 'Kirana Store',
    sector_of_business: 'Trading',
    business_pincode: '411001',
    business_district: 'Pune',
    business_city: 'Pune',
    business_state: 'Maharashtra',
    business_address: 'Shop 4, Laxmi Road, Pune',
    businesss_landmark: '',
    business_address_ownership_type: 'SELF_OWNED',
    owned_by: '',
    years_in_business: 6,
    udyam_regd_no: '',
    gst_no: '',
    gst_upload: '',
    business_proof_type: 'SHOPS_AND_ESTABLISHMENT_CERTIFICATE',
    business_proof: proof,
    ownership_proof_type: 'BUSINESS',
    business_ownership_proof: 'PROPERTY_TAX_RECEIPT',
    business_ownership_proof_file: proof,
    residence_ownership_proof: '',
    residence_ownership_proof_file: '',
    business_rent_agreement: '',
    remarks: '',
    bank_name: 'State Bank of India',
    statement_bank_id: 1,
    bank_statement: statements,
    bank_statement_pwd: '',
    bank_account_type: 'SAVINGS',
    credit_limit: '',
  };
}

async function syncUntilDone(db: UserDb, engine: ReturnType<typeof createSyncEngine>) {
  for (let i = 0; i < 6 && (await allOps(db)).some((o) => o.state !== 'done'); i += 1) {
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await engine.syncNow();
  }
}

describe('two bank statements picked together', () => {
  it('queued offline in one bulk op, sent once (the lost answer replayed), their ids reach the business step', async () => {
    const db = h.newDb();
    const { id: appId } = await kycSubmittedApplication(h.server, h.token);
    const target = { appId, field: 'bank_statement', fileType: 'BANK_STATEMENT', uploadType: 'APPLY_LOAN', label: 'Statements' };
    const ids = await queuePhotos(db, target, [statement('april.pdf'), statement('may.pdf')]);
    expect(ids).toHaveLength(2);
    const business = await submitBusiness(db, appId, (await businessBody(db, appId, ids)) as never, true);

    const queued = await allOps(db);
    expect(queued.map((o) => [o.kind, o.path, o.fileIds ?? null])).toEqual([
      ['file.bulk-upload', '/v1/file/bulk-upload', ids],
      ['application.business', `/v1/app/mfi/${appId}/business-detail`, null],
    ]);
    // The business step waits for the bulk upload, found through either of its files.
    expect(queued[1]?.dependsOn).toContain(queued[0]?.id);

    let online = false;
    const engine = createSyncEngine({ db, transport: h.transport, random: () => 0.5, isOnline: () => online });
    await engine.syncNow();
    expect((await allOps(db)).map((o) => o.state)).toEqual(['queued', 'queued']);

    online = true;
    const before = h.network.calls.length;
    h.network.inject({ fault: 'lose', times: 1, match: (m, p) => m === 'POST' && p === '/v1/file/bulk-upload' });
    await syncUntilDone(db, engine);
    const calls = h.network.calls.slice(before).map((c) => `${c.method} ${c.path}`);
    // One op, sent twice with its Idempotency-Key after the lost answer; no single uploads.
    expect(calls.filter((c) => c.endsWith('/v1/file/bulk-upload'))).toEqual(['POST /v1/file/bulk-upload', 'POST /v1/file/bulk-upload']);
    expect(calls.some((c) => c.endsWith('/v1/file/upload'))).toBe(false);
    expect((await allOps(db)).map((o) => o.state)).toEqual(['done', 'done']);

    const rows = await Promise.all(ids.map((id) => db.files.get(id)));
    const serverIds = rows.map((r) => r?.serverFileId);
    expect(rows.map((r) => r?.uploadState)).toEqual(['uploaded', 'uploaded']);
    expect(serverIds.every((s) => typeof s === 'string' && /^[0-9a-f]{32}$/.test(s))).toBe(true);
    expect(new Set(serverIds).size).toBe(2);
    const stored = await h.server.db.query<{ id: string; original_name: string; file_type: string }>(
      'SELECT id, original_name, file_type FROM files WHERE application_id=$1 AND file_type=$2 ORDER BY original_name',
      [appId, 'BANK_STATEMENT'],
    );
    // Exactly once: the replayed request stored nothing more; each local row holds the id of its own file.
    expect(stored.map((f) => [f.original_name, f.id])).toEqual([
      ['april.pdf', serverIds[0]],
      ['may.pdf', serverIds[1]],
    ]);

    const sent = (await allOps(db)).find((o) => o.id === business.id);
    const saved = JSON.stringify(sent?.result);
    for (const s of serverIds) expect(saved).toContain(s);
  });

  it('two removed before sending: the one kept goes by the same op, the removed ones never reach the server', async () => {
    const db = h.newDb();
    const { id: appId } = await kycSubmittedApplication(h.server, h.token);
    const target = { appId, field: 'bank_statement', fileType: 'BANK_STATEMENT', uploadType: 'APPLY_LOAN', label: 'Statements' };
    const [first, removed, last] = await queuePhotos(db, target, [statement('jan.pdf'), statement('feb.pdf'), statement('mar.pdf')]);
    expect(await discardLocalFile(db, removed!)).toBe(true);
    expect(await discardLocalFile(db, first!)).toBe(true);
    const [op] = await allOps(db);
    expect(op?.fileIds).toEqual([last]);
    expect(op?.fileId).toBe(last);

    await syncUntilDone(db, createSyncEngine({ db, transport: h.transport, random: () => 0.5 }));
    expect((await allOps(db)).map((o) => o.state)).toEqual(['done']);
    const kept = await db.files.get(last!);
    const stored = await h.server.db.query<{ id: string; original_name: string }>(
      'SELECT id, original_name FROM files WHERE application_id=$1 AND file_type=$2',
      [appId, 'BANK_STATEMENT'],
    );
    expect(stored).toEqual([{ id: kept?.serverFileId, original_name: 'mar.pdf' }]);
  });
});
