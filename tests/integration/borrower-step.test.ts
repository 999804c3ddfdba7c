import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BorrowerInfo } from '../../contracts/borrower';
import { VERIFY_MSG, VERIFY_SERVER_MSG } from '../../contracts/verification';
import { APP_RESULT_HANDLERS } from '../../src/app/result-handlers';
import { allOps, getOp } from '../../src/db/outbox';
import type { UserDb } from '../../src/db/user-db';
import { startApplication } from '../../src/ops/start-application';
import { submitBorrower } from '../../src/features/borrower/submit-borrower';
import { type AppVerificationData, checkState, enqueueCheck } from '../../src/ops/verification-ops';
import { createSyncEngine } from '../../src/sync/engine';
import { queueOp } from '../../src/sync/enqueue';
import { type Harness, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

let n = 0;
const newPhone = () => `97${String(11_000_000 + ++n).padStart(8, '0')}`;
// The app's engine: with the features' write-backs (the verification checks' answers) that src/app passes in.
const engine = (db: UserDb) => createSyncEngine({ db, transport: h.transport, random: () => 0, onResult: APP_RESULT_HANDLERS });
const cached = async (db: UserDb, id: string) => (await db.applications.get(id))?.data as AppVerificationData & Record<string, unknown>;

/** The borrower confirms the OTP on the officer's phone: the interactive check, straight to the server. */
async function verifyMobile(appId: string, mobile: string) {
  const post = async (path: string, body: unknown) => {
    const res = await h.transport.request('main', 'POST', path, { body });
    expect(res.status).toBe(200);
    return res.data as { data: { session_id?: string; application_id?: string } };
  };
  const sent = await post('/v1/validation/mobile/otp/send', { mobile, hostname: 'sahayog.localhost', application_id: appId });
  const ok = await post('/v1/validation/mobile/otp/verify', {
    session_id: sent.data.session_id,
    purpose: 'APPLY_LOAN_MFI',
    otp: h.server.config.sandboxOtp,
  });
  expect(ok.data.application_id).toBe(appId);
}

const borrower = (phone: string, change: Partial<BorrowerInfo> = {}): BorrowerInfo => ({
  phone,
  aadhaar_last4: '7777',
  title: 'Mr.',
  name: 'Ramesh Kumar',
  alternate_phone: '',
  gender: 'MALE',
  marital_status: 'MARRIED',
  dob: '15-08-1985',
  age: 41,
  pan: 'ABCDE1234F',
  voter_id: 'ABC1234567',
  pincode: '411001',
  city: 'Pune',
  district: 'Pune',
  state: 'Maharashtra',
  address: '12 MG Road, Camp',
  address_type: 'RESIDENCE',
  address_ownership_type: 'SELF_OWNED',
  address_owned_by: '',
  years_of_residence: 5,
  house_type: 'PAKKA',
  email: '',
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: 100_000,
  tenure_requested: 12,
  job_type: 'SELF_EMPLOYED',
  emi_requested: 9_500,
  purpose: 'EXPANSION_OF_EXISTING_BUSINESS',
  borrower_photo_from_aadhaar: '',
  terms_accepted: true,
  ...change,
});

describe('borrower step: checks queued on the phone, submit behind them, server gate', () => {
  it('offline: create, PAN and voter id checks and the submit queue in order; online they land once and the stage router moves on', async () => {
    const db = h.newDb();
    const phone = newPhone();
    const appId = await startApplication(db, { phone, name: 'Ramesh Kumar' });
    await engine(db).syncNow();
    await verifyMobile(appId, phone);

    // Out of coverage: the checks and the submit wait in the outbox, and the fields say "pending".
    h.network.offline = true;
    await enqueueCheck(db, appId, 'pan', 'abcde1234f');
    await enqueueCheck(db, appId, 'voter_id', 'ABC1234567');
    const submit = await submitBorrower(db, appId, borrower(phone));
    expect(submit.dependsOn).toHaveLength(2);
    const ops = await allOps(db);
    expect(checkState('pan', 'ABCDE1234F', await cached(db, appId), ops).state).toBe('pending');
    await engine(db).syncNow();
    expect((await getOp(db, submit.id))?.state).toBe('queued');

    h.network.offline = false;
    await engine(db).syncNow();
    expect((await allOps(db)).every((o) => o.state === 'done')).toBe(true);
    const data = await cached(db, appId);
    expect(checkState('pan', 'ABCDE1234F', data, await allOps(db))).toEqual({ state: 'verified', name: 'RAMESH KUMAR' });
    expect(data.verifications?.voter_id).toEqual({ value: 'ABC1234567', name: 'RAMESH KUMAR' });
    expect(data.stages).toEqual(['BORROWER_INFO']);

    const [row] = await h.server.db.query<{ stages: string[]; data: Record<string, unknown> }>(
      'SELECT stages, data FROM applications WHERE id=$1',
      [appId],
    );
    expect(row?.stages).toEqual(['BORROWER_INFO']);
    expect(row?.data).toMatchObject({ pan: 'ABCDE1234F', amount_requested: 100_000, aadhaar_last4: '7777' });
  });

  it('a refused PAN is an answer, not a stuck queue: the submit behind it is refused by the server and parked with its message', async () => {
    const db = h.newDb();
    const phone = newPhone();
    const appId = await startApplication(db, { phone, name: 'Suresh' });
    await engine(db).syncNow();
    await verifyMobile(appId, phone);
    const check = await enqueueCheck(db, appId, 'pan', 'ZZZZZ9999Z');
    await enqueueCheck(db, appId, 'voter_id', 'ABC1234567');
    const submit = await submitBorrower(db, appId, borrower(phone, { pan: 'ZZZZZ9999Z' }));
    await engine(db).syncNow();

    expect((await getOp(db, check.id))?.state).toBe('done');
    expect(checkState('pan', 'ZZZZZ9999Z', await cached(db, appId), await allOps(db))).toEqual({
      state: 'failed',
      message: VERIFY_MSG.panFailedInvalid,
    });
    const parked = await getOp(db, submit.id);
    expect(parked?.state).toBe('needs-attention');
    expect(parked?.lastError).toEqual({ status: 409, message: VERIFY_SERVER_MSG.notVerified });
    const [row] = await h.server.db.query<{ stages: string[] }>('SELECT stages FROM applications WHERE id=$1', [appId]);
    expect(row?.stages).toEqual([]);

    // A corrected PAN, checked again, is not held behind the parked submit; submitted again, the new borrower
    // takes the parked one's place in the queue, and what was parked behind it goes on after it.
    const kyc = await queueOp(db, {
      appId,
      kind: 'application.update',
      method: 'PATCH',
      path: `/v1/app/mfi/${appId}`,
      body: { mother_name: 'Kamla Devi' },
    });
    await engine(db).syncNow();
    expect((await getOp(db, kyc.id))?.state).toBe('queued'); // held behind the parked submit in its lane
    expect((await h.events(appId)).some((e) => 'mother_name' in e.body)).toBe(false);
    const again = await enqueueCheck(db, appId, 'pan', 'ABCDE1234F');
    await engine(db).syncNow();
    expect((await getOp(db, again.id))?.state).toBe('done');
    expect(checkState('pan', 'ABCDE1234F', await cached(db, appId), await allOps(db)).state).toBe('verified');

    const resubmit = await submitBorrower(db, appId, borrower(phone));
    expect(await getOp(db, submit.id)).toBeUndefined();
    expect(resubmit.seq).toBe(submit.seq);
    expect((await getOp(db, kyc.id))?.state).toBe('queued');
    await engine(db).syncNow();
    expect((await allOps(db)).every((o) => o.state === 'done')).toBe(true);
    const events = await h.events(appId);
    expect(events.map((e) => Object.keys(e.body).includes('mother_name'))).toEqual([...events.map(() => false).slice(1), true]);
    const [after] = await h.server.db.query<{ stages: string[]; data: { mother_name?: string } }>(
      'SELECT stages, data FROM applications WHERE id=$1',
      [appId],
    );
    expect(after?.stages).toEqual(['BORROWER_INFO']);
    expect(after?.data.mother_name).toBe('Kamla Devi');
  });

  it('a check queued before the application reached the server waits for its create, not for anything else', async () => {
    const db = h.newDb();
    h.network.offline = true;
    const appId = await startApplication(db, { phone: newPhone(), name: 'Mohan Lal' });
    const check = await enqueueCheck(db, appId, 'pan', 'BADCR1234D');
    const create = (await allOps(db)).find((o) => o.kind === 'application.create' && o.appId === appId)!;
    expect(check.dependsOn).toEqual([create.id]);
    h.network.offline = false;
    await engine(db).syncNow();
    expect((await cached(db, appId)).verifications?.pan).toEqual({ value: 'BADCR1234D', name: 'MOHAN LAL' });
  });
});
