// Capture goes on without the mobile OTP: KYC captured on the phone before the borrower's mobile is verified waits in
// the outbox behind the borrower submit (a gate, src/db/outbox-gates.ts), is never sent early to be refused, and lands
// once the OTP is done and the borrower form is submitted. Real engine, real server in process, real Dexie.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BorrowerInfo } from '../../contracts/borrower';
import type { KycInfo } from '../../contracts/kyc';
import { borrowerBody, kycBody } from '../../server/test-borrower';
import { jpegBytes } from '../../server/test-helpers';
import { APP_RESULT_HANDLERS } from '../../src/app/result-handlers';
import { allOps, getOp } from '../../src/db/outbox';
import { borrowerGate } from '../../src/db/outbox-gates';
import type { UserDb } from '../../src/db/user-db';
import { submitBorrower } from '../../src/features/borrower/submit-borrower';
import { KYC_FILES, submitKyc } from '../../src/features/kyc/kyc-step';
import { preparePhoto } from '../../src/photos/prepare-photo';
import { queuePhoto } from '../../src/photos/queue-photo';
import { startApplication } from '../../src/ops/start-application';
import { enqueueCheck } from '../../src/ops/verification-ops';
import { createSyncEngine } from '../../src/sync/engine';
import { type Harness, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

const engine = (db: UserDb) => createSyncEngine({ db, transport: h.transport, random: () => 0, onResult: APP_RESULT_HANDLERS });
const GEO = { latitude: 18.5204, longitude: 73.8567, accuracy: 12, captured_at: '2026-11-27T08:00:00.000Z', source: 'device' as const };
const photo = () =>
  preparePhoto(new File([new Uint8Array(jpegBytes(320, 240))], 'doc.jpg', { type: 'image/jpeg' }), 'captured', {
    resize: async (b) => b,
    geoTag: async () => GEO,
  });

async function verifyMobile(appId: string, mobile: string) {
  const post = async (path: string, body: unknown) => {
    const res = await h.transport.request('main', 'POST', path, { body });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    return res.data as { data: { session_id?: string } };
  };
  const sent = await post('/v1/validation/mobile/otp/send', { mobile, hostname: 'sahayog.localhost', application_id: appId });
  await post('/v1/validation/mobile/otp/verify', {
    session_id: sent.data.session_id,
    purpose: 'APPLY_LOAN_MFI',
    otp: h.server.config.sandboxOtp,
  });
}

const serverStages = async (appId: string) =>
  (await h.server.db.query<{ stages: string[] }>('SELECT stages FROM applications WHERE id=$1', [appId]))[0]?.stages;

describe('KYC captured before the mobile OTP', () => {
  it('waits behind the borrower submit, is never refused, and lands after the OTP', async () => {
    const db = h.newDb();
    const phone = '9712340001';
    const appId = await startApplication(db, { phone, name: 'Ramesh Kumar' });
    await engine(db).syncNow();

    // With the borrower, no network: the checks, the five KYC documents and the KYC form are captured.
    h.network.offline = true;
    await enqueueCheck(db, appId, 'pan', 'ABCDE1234F');
    await enqueueCheck(db, appId, 'voter_id', 'ABC1234567');
    const files: Record<string, string> = {};
    for (const f of KYC_FILES)
      files[f] = await queuePhoto(db, { appId, field: f, fileType: f.toUpperCase(), uploadType: 'KYC', phone, label: f }, await photo());
    const kyc = await submitKyc(db, appId, kycBody(files as never) as unknown as KycInfo);
    expect(kyc.dependsOn).toContain(borrowerGate(appId));

    // Back in coverage, the mobile still unverified: everything else goes; the KYC waits, unsent and not refused.
    h.network.offline = false;
    await engine(db).syncNow();
    const waiting = await getOp(db, kyc.id);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 0 });
    expect((await allOps(db)).filter((o) => o.id !== kyc.id).every((o) => o.state === 'done')).toBe(true);
    expect(h.network.calls.some((c) => c.path.endsWith('/basic-info'))).toBe(false);
    expect(await serverStages(appId)).toEqual([]);

    // The OTP with the borrower, then the borrower form: the KYC moves behind it and both land, in order.
    await verifyMobile(appId, phone);
    const borrower = await submitBorrower(db, appId, borrowerBody(phone) as unknown as BorrowerInfo);
    const moved = await getOp(db, kyc.id);
    expect(moved?.dependsOn).toContain(borrower.id);
    expect(moved?.dependsOn).not.toContain(borrowerGate(appId));
    expect(moved!.seq!).toBeGreaterThan(borrower.seq!);
    await engine(db).syncNow();
    expect((await allOps(db)).map((o) => o.state).every((s) => s === 'done')).toBe(true);
    expect(await serverStages(appId)).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO']);
    expect(h.network.calls.filter((c) => c.path.endsWith('/basic-info')).map((c) => c.status)).toEqual([200]);
  });

  it('a step of an application the borrower form already reached waits for nothing', async () => {
    const db = h.newDb();
    const phone = '9712340002';
    const appId = await startApplication(db, { phone, name: 'Sunita Patil' });
    await engine(db).syncNow();
    await verifyMobile(appId, phone);
    await submitBorrower(db, appId, borrowerBody(phone, { name: 'Sunita Patil' }) as unknown as BorrowerInfo);
    const kyc = await submitKyc(db, appId, kycBody({ photo_file: 'p' } as never) as unknown as KycInfo);
    expect(kyc.dependsOn.some((d) => d.startsWith('gate:'))).toBe(false);
  });
});
