// 'Take offline' against the real server in process: a verification-role user puts an officer's application, its
// co-applicants and every uploaded document on the phone, and reads them back from Dexie.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMeta } from '../../src/db/records';
import { evidenceListKey } from '../../src/photos/local-evidence';
import { serverFileLocalId, type TakenOffline, takenOfflineKey, takeOffline } from '../../src/features/applications/take-offline';
import { createFetchTransport, type Transport } from '../../src/sync/transport';
import { kycSubmittedApplication, uploadFor, verifiedCoApplicantBody } from '../../server/test-borrower';
import { call, pdfBytes, signIn } from '../../server/test-helpers';
import { type Harness, makeHarness } from './sync-harness';

const HOST = 'sahayog.localhost';
let h: Harness;
let verifier: Transport;
let fileFetches: string[];
let failFilesContaining: string | null;

const fetchFile = async (url: string) => {
  fileFetches.push(url);
  if (failFilesContaining && url.includes(failFilesContaining)) throw new TypeError('fetch failed');
  const res = await h.fetch(new Request(`http://${HOST}${url}`));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
};

beforeEach(async () => {
  h = await makeHarness();
  const token = await signIn(h.server.app, '9000000003', HOST);
  verifier = createFetchTransport({
    baseUrl: (api) => `http://${HOST}/api/${api}`,
    getToken: () => token,
    fetch: ((i: RequestInfo, init?: RequestInit) => h.fetch(new Request(i, init))) as typeof fetch,
  });
  fileFetches = [];
  failFilesContaining = null;
});
afterEach(async () => h.close());

async function officerApplication() {
  const { id } = await kycSubmittedApplication(h.server, h.token);
  const pdfId = await uploadFor(h.server, h.token, id, 'BANK_STATEMENT', { pdf: true });
  const co = await verifiedCoApplicantBody(h.server, h.token, id);
  const made = await call(h.server.app, 'POST', `/v1/app/mfi/${id}/co-applicant`, { token: h.token, json: co });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { id, pdfId, coId: made.body.data.id as string };
}

describe('take offline', () => {
  it("puts another officer's application, its co-applicant and every document's bytes on the verifier's phone", async () => {
    const { id, pdfId, coId } = await officerApplication();
    const db = h.newDb();
    const taken = await takeOffline(db, verifier, fetchFile, id, () => 1_700_000_000_000);
    // The five KYC documents, the bank statement and the co-applicant's PAN (PDF), Aadhaar front and back, voter id.
    expect(taken).toEqual({ at: 1_700_000_000_000, files: 10, bytes: expect.any(Number), failed: [] });
    expect((await db.applications.get(id))?.data).toMatchObject({
      id,
      name: 'Ramesh Kumar',
      stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER'],
    });
    expect((await db.coApplicants.where('appId').equals(id).toArray()).map((r) => r.id)).toEqual([coId]);
    const pdf = await db.files.get(serverFileLocalId(pdfId));
    expect(pdf).toMatchObject({
      appId: id,
      serverFileId: pdfId,
      uploadState: 'uploaded',
      mime: 'application/pdf',
      field: 'bank_statement',
    });
    expect(new Uint8Array(await pdf!.blob.arrayBuffer())).toEqual(pdfBytes());
    const files = await db.files.where('appId').equals(id).toArray();
    expect(files).toHaveLength(10);
    expect(taken.bytes).toBe(files.reduce((n, f) => n + f.size, 0));
    expect(await getMeta<TakenOffline>(db, takenOfflineKey(id))).toEqual(taken);
    // The server's integrity flags come too, for the visit's evidence summary with no network.
    const evidence = (await db.lists.get(evidenceListKey(id)))?.value as Array<{ file_id: string; integrity_flags: unknown[] }>;
    expect(evidence).toHaveLength(10);
    expect(evidence.every((f) => Array.isArray(f.integrity_flags))).toBe(true);
  });

  it('a second take fetches only what is new, and a document that fails is named while the others come', async () => {
    const { id } = await officerApplication();
    const db = h.newDb();
    await takeOffline(db, verifier, fetchFile, id);
    expect(fileFetches).toHaveLength(10);
    fileFetches = [];
    const photoId = await uploadFor(h.server, h.token, id, 'SHOP_PHOTO');
    const again = await takeOffline(db, verifier, fetchFile, id);
    expect(fileFetches).toHaveLength(1);
    expect(again).toMatchObject({ files: 11, failed: [] });
    expect(await db.files.get(serverFileLocalId(photoId))).toMatchObject({ mime: 'image/jpeg', uploadState: 'uploaded' });

    const late = await uploadFor(h.server, h.token, id, 'HOUSE_PHOTO');
    failFilesContaining = late;
    const partial = await takeOffline(db, verifier, fetchFile, id);
    expect(partial).toMatchObject({ files: 11, failed: ['HOUSE_PHOTO'] });
    expect(await db.files.get(serverFileLocalId(late))).toBeUndefined();
  });

  it('offline it throws and keeps what the phone had', async () => {
    const { id } = await officerApplication();
    const db = h.newDb();
    await takeOffline(db, verifier, fetchFile, id);
    const offlineTransport = createFetchTransport({
      baseUrl: (api) => `http://${HOST}/api/${api}`,
      getToken: () => 'x',
      fetch: (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch,
    });
    await expect(takeOffline(db, offlineTransport, fetchFile, id)).rejects.toThrow();
    expect(await db.files.where('appId').equals(id).count()).toBe(10);
    expect(await db.applications.get(id)).toBeDefined();
  });
});
