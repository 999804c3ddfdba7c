// What the phone derives from its copy, read against the real server in process: a whole copy the list reports older
// is marked stale and fetched again; the lists carry the sanctioned amount; a finished loan's documents leave the
// visit phone at the next refresh while unsent work stays.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kycSubmittedApplication, uploadFor, verifiedCoApplicantBody } from '../../server/test-borrower';
import { call, signIn } from '../../server/test-helpers';
import { forceApplication } from '../../server/test-workflow';
import { cacheServerApplications } from '../../src/db/records';
import { copyIsBehind, dropFinishedCopies, takenOfflineKey } from '../../src/db/freshness';
import { saveDraft } from '../../src/db/drafts';
import { heldServerFileId } from '../../src/db/files';
import type { UserDb } from '../../src/db/user-db';
import { takeOffline } from '../../src/features/applications/take-offline';
import { fileRef } from '../../src/sync/dependency';
import { queueOp } from '../../src/sync/enqueue';
import { createFetchTransport, type Transport } from '../../src/sync/transport';
import { type Harness, makeHarness } from './sync-harness';

const HOST = 'sahayog.localhost';
let h: Harness;
let verifier: Transport;
const fetchFile = async (url: string) => (await h.fetch(new Request(`http://${HOST}${url}`))).blob();

beforeEach(async () => {
  h = await makeHarness();
  const token = await signIn(h.server.app, '9000000003', HOST);
  verifier = createFetchTransport({
    baseUrl: (api) => `http://${HOST}/api/${api}`,
    getToken: () => token,
    fetch: ((i: RequestInfo, init?: RequestInit) => h.fetch(new Request(i, init))) as typeof fetch,
  });
});
afterEach(async () => h.close());

/** The verification role's list, as the applications screen and the prefetch write it. */
async function refreshList(db: UserDb, now = Date.now()) {
  const res = await verifier.request('main', 'GET', '/v1/app/mfi?page=0&size=100');
  const list = (res.data as { data: { list: Array<{ id: string }> } }).data.list;
  await cacheServerApplications(
    db,
    list.map((a) => ({ id: a.id, appId: a.id, data: a })),
    now,
  );
  return list;
}

async function officerApplication() {
  const { id } = await kycSubmittedApplication(h.server, h.token);
  const co = await verifiedCoApplicantBody(h.server, h.token, id);
  expect((await call(h.server.app, 'POST', `/v1/app/mfi/${id}/co-applicant`, { token: h.token, json: co })).status).toBe(200);
  return id;
}

describe('the copy the phone holds', () => {
  it('a whole copy the list reports older is stale and keeps the time it was read; a whole read makes it fresh', async () => {
    const id = await officerApplication();
    const db = h.newDb();
    await takeOffline(db, verifier, fetchFile, id, () => 1_000);
    await refreshList(db, 2_000);
    expect(copyIsBehind((await db.applications.get(id))?.data)).toBe(false);
    expect((await db.applications.get(id))?.syncedAt).toBe(2_000);

    // At the branch the application changes after the phone took it: the next list says so.
    await forceApplication(h.server, id, 'DRAFT', { remarks: 'Changed at the branch' }, []);
    await h.server.db.query(`UPDATE applications SET updated_at = now() + interval '1 minute' WHERE id=$1`, [id]);
    await refreshList(db, 3_000);
    const stale = await db.applications.get(id);
    expect(stale?.data).toMatchObject({ stale: true, remarks: 'Changed at the branch' });
    expect(stale?.syncedAt).toBe(2_000);
    await refreshList(db, 4_000);
    expect((await db.applications.get(id))?.syncedAt).toBe(2_000);

    await takeOffline(db, verifier, fetchFile, id, () => 5_000);
    expect(copyIsBehind((await db.applications.get(id))?.data)).toBe(false);
  });

  it("the verifier's list carries the sanctioned amount and that it was accepted", async () => {
    const id = await officerApplication();
    await forceApplication(
      h.server,
      id,
      'PD2_COMPLETE',
      {
        amount_requested: 300_000,
        sanctioned: true,
        loan_offer: { final_suggested_loan_amount: 250_000, is_accepted: true, interest_rate: 21 },
      },
      [],
    );
    const db = h.newDb();
    const [row] = (await refreshList(db)).filter((a) => a.id === id);
    expect(row).toMatchObject({ list_summary: true, amount_requested: 300_000, sanctioned: true });
    expect((row as { loan_offer?: unknown }).loan_offer).toEqual({ final_suggested_loan_amount: 250_000, is_accepted: true });
  });

  it("a finished loan's documents leave the visit phone at the next refresh; unsent work keeps what it names", async () => {
    const id = await officerApplication();
    const other = await officerApplication();
    const shop = await uploadFor(h.server, h.token, id, 'SHOP_PHOTO');
    const db = h.newDb();
    const taken = await takeOffline(db, verifier, fetchFile, id);
    await takeOffline(db, verifier, fetchFile, other);
    expect(taken.files).toBeGreaterThan(5);
    // A visit step still queued names one held photo: the phone keeps its own copy of the record and every file.
    const op = await queueOp(db, {
      appId: id,
      kind: 'application.cpv',
      method: 'POST',
      path: `/v1/app/mfi/${id}/business-cpv-info`,
      body: { shop_photo_file: fileRef(heldServerFileId(shop)) },
    });
    await forceApplication(h.server, id, 'PD2_COMPLETE', { sanctioned: true }, []);
    await refreshList(db);
    expect(await dropFinishedCopies(db)).toEqual({ apps: [], files: 0 });

    // The step gone (sent or discarded), a draft of the visit still names the photo: only that one stays.
    await db.outbox.where('id').equals(op.id).delete();
    await saveDraft(db, `${id}|cpv|0`, { shop_photo_file: heldServerFileId(shop), monthly_sales: '90000' });
    await refreshList(db);
    const dropped = await dropFinishedCopies(db);
    expect(dropped).toEqual({ apps: [id], files: taken.files - 1 });
    expect((await db.files.where('appId').equals(id).toArray()).map((f) => f.id)).toEqual([heldServerFileId(shop)]);
    expect(await db.meta.get(takenOfflineKey(id))).toBeUndefined();
    expect(await db.files.where('appId').equals(other).count()).toBeGreaterThan(5);
    expect(await dropFinishedCopies(db)).toEqual({ apps: [], files: 0 });
  });
});
