// REQ-BIZ-4: business details captured offline get their statement analysis (CAM) too: it is queued behind the business step,
// runs once that lands, and its outcome (the download URL, or the failure, which never blocks) is on the phone.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycSubmittedApplication, uploadFor } from '../../server/test-borrower';
import { putFile } from '../../src/db/files';
import { allOps } from '../../src/db/outbox';
import type { UserDb } from '../../src/db/user-db';
import { CAM_KIND, camUrlOf, queueStatementAnalysis, submitBusiness } from '../../src/features/business/business-step';
import { NO_GEOTAG } from '../../src/lib/geotag';
import { createSyncEngine } from '../../src/sync/engine';
import { type Harness, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

/** A file the phone already uploaded: the row a photo or PDF keeps after its upload, with the server's id. */
async function uploaded(db: UserDb, appId: string, type: string, serverFileId: string) {
  const id = `local-${type}-${serverFileId}`;
  await putFile(db, {
    id,
    blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
    name: `${type}.pdf`,
    mime: 'application/pdf',
    size: 8,
    geoTag: NO_GEOTAG,
    appId,
    field: type,
    uploadState: 'uploaded',
    serverFileId,
  });
  return id;
}

async function businessInfo(db: UserDb, appId: string) {
  const pdf = async (type: string) => uploaded(db, appId, type, await uploadFor(h.server, h.token, appId, type, { pdf: true }));
  return {
    business_name: 'Offline Kirana Store',
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
    business_proof: await pdf('BUSINESS_PROOF'),
    ownership_proof_type: 'BUSINESS',
    business_ownership_proof: 'PROPERTY_TAX_RECEIPT',
    business_ownership_proof_file: await pdf('OWNERSHIP_PROOF'),
    residence_ownership_proof: '',
    residence_ownership_proof_file: '',
    business_rent_agreement: '',
    remarks: '',
    bank_name: 'State Bank of India',
    statement_bank_id: 1,
    bank_statement: [await pdf('BANK_STATEMENT')],
    bank_statement_pwd: '',
    bank_account_type: 'SAVINGS',
    credit_limit: '',
  };
}

describe('statement analysis (CAM) queued with the business step', () => {
  it.each([
    ['the statement opens', '', true],
    ['the statement password is wrong', 'wrong', false],
  ])('captured offline, %s: the outcome is on the phone once it lands', async (_n, password, ready) => {
    const db = h.newDb();
    const { id: appId } = await kycSubmittedApplication(h.server, h.token);
    const info = await businessInfo(db, appId);
    let online = false;
    const engine = createSyncEngine({ db, transport: h.transport, random: () => 0.5, isOnline: () => online });
    const op = await submitBusiness(db, appId, info as never, true);
    await queueStatementAnalysis(db, appId, op, 'SBIN', info.bank_statement[0]!, password);
    await engine.syncNow();
    expect((await allOps(db)).map((o) => [o.kind, o.state])).toEqual([
      ['application.business', 'queued'],
      [CAM_KIND, 'queued'],
    ]);

    online = true;
    for (let i = 0; i < 5 && (await allOps(db)).some((o) => o.state !== 'done'); i += 1) {
      await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
      await engine.syncNow();
    }
    const cam = (await allOps(db)).find((o) => o.kind === CAM_KIND);
    // A failed analysis is its answer (done), never a parked step in front of the application's next ones.
    expect(cam?.state).toBe('done');
    expect(camUrlOf(cam?.result) !== null).toBe(ready);
  });
});
