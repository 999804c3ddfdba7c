// Bank account (REQ-BANK-1; docs/workflow.md "Bank account"): the verification API's bank check (fixture,
// synthetic, not found), POST by the initiating officer and PATCH by another role, BUSINESS_INFO first, the account type
// enum message, bank proof of this application, the bank name match deviation, tenant / owner checks, idempotent replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORITY_MSG } from '../../contracts/authority';
import { BANK_MSG, BANK_SERVER_MSG } from '../../contracts/bank-account';
import { draftKeyMessage } from '../../contracts/borrower';
import { MSG, SERVER_MSG } from '../../contracts/messages';
import { KYC_SERVER_MSG } from '../services/kyc-submit';
import { REJECTED_MSG } from '../services/rejection';
import { kycSubmittedApplication, requiredPartiesAdded, uploadFor, workflowServer } from '../test-borrower';
import { call, signIn, type TestServer } from '../test-helpers';
import { RAMESH_ACCOUNT } from '../test-workflow';

const _SAHAYOG = 'sahayog.localhost';
const UDAAN = 'udaan.localhost';
const ENUM_MSG = 'account_type: Invalid enum value. Expected SAVINGS | CURRENT | OVERDRAFT | CASHCREDIT | CURRENT ACCOUNT WITH OD';

let s: TestServer;
let staff: string; // RELATIONSHIP_OFFICER: the initiating officer, owner of the applications below
let reviewer: string; // BRANCH_CREDIT_MANAGER: the review role
let colleague: string; // AGENT: another initiating officer
let udaanStaff: string;

type Opts = { token?: string; host?: string; headers?: Record<string, string> };
const post = (appId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'POST', `/v1/app/mfi/${appId}/bank-account`, { token: o.token ?? staff, host: o.host, json: body, headers: o.headers });
const patch = (appId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'PATCH', `/v1/app/mfi/${appId}/bank-account`, { token: o.token ?? staff, host: o.host, json: body, headers: o.headers });
const verifyBank = (json: Record<string, unknown>, o: Opts = {}) =>
  call(s.app, 'POST', '/v1/perfios/kyc/verify-bank-acc-v3', { base: '/api/verification', token: o.token ?? staff, host: o.host, json });
const verifyBody = (appId: string, account_number: string, ifsc: string) => ({
  account_number,
  phone: '9876543210',
  ifsc,
  reference: `${appId}-${Date.now()}`,
  application_id: appId,
});

const application = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data;
const events = async (appId: string, kind: string) =>
  (
    await s.db.query<{ body: Record<string, unknown> }>(
      `SELECT body FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind=$2 ORDER BY seq`,
      [appId, kind],
    )
  ).map((r) => r.body);

/** The business details step is another helper's: its marker is set directly. */
const markBusinessInfo = (appId: string) =>
  s.db.query(`UPDATE applications SET stages = array_append(stages, 'BUSINESS_INFO') WHERE tenant_id='sahayog' AND id=$1`, [appId]);

/** The fixture Aadhaar (999988887777 → 'Ramesh Kumar') verified for the application. */
async function verifyAadhaar(appId: string) {
  const v = (path: string, json: unknown) => call(s.app, 'POST', path, { base: '/api/verification', token: staff, json });
  const req = await v('/v1/request_aadhaar_otp', { aadhaar: '999988887777', application_id: appId });
  expect(req.status, JSON.stringify(req.body)).toBe(200);
  const sub = await v('/v1/submit_aadhaar_otp', {
    ref_id: req.body.data.ref_id,
    origin: req.body.data.origin,
    application_id: appId,
    otp: s.config.sandboxOtp,
  });
  expect(sub.status, JSON.stringify(sub.body)).toBe(200);
}

/** An application through KYC, business details marked, Aadhaar verified (unless told otherwise), with a bank proof upload. */
async function businessDone(opts: { aadhaar?: boolean; pan?: string; bankCheck?: boolean } = {}) {
  const { id, application } = await kycSubmittedApplication(s, staff, opts.pan ? { pan: opts.pan } : {});
  // The hand-over (this step) passes the sanction gate: the loan's required co-borrower is in.
  if ((application.approval_checks as { decision?: string }).decision === 'APPROVED') await requiredPartiesAdded(s, staff, id);
  await markBusinessInfo(id);
  if (opts.aadhaar !== false) await verifyAadhaar(id);
  // The payout account must be one the bank check answered for on this application.
  if (opts.bankCheck !== false) expect((await verifyBank(verifyBody(id, '123456789012', 'SBIN0001234'))).status).toBe(200);
  const proof = await uploadFor(s, staff, id, 'BANK_PROOF', { pdf: true });
  return { id, proof };
}

const bankBody = (proof: string, over: Record<string, unknown> = {}) => ({ ...RAMESH_ACCOUNT, bank_proof: proof, ...over });

beforeAll(async () => {
  ({ s, staff, reviewer, colleague, udaanStaff } = await workflowServer());
});
afterAll(async () => {
  await s.close();
});

describe('bank verification (verification API verify-bank-acc-v3)', () => {
  it('the fixture 123456789012 + SBIN0001234 → RAMESH KUMAR at State Bank of India, kept in verified_bank_accounts', async () => {
    const { id } = await businessDone({ aadhaar: false, bankCheck: false });
    const r = await verifyBank(verifyBody(id, '123456789012', 'SBIN0001234'));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      statusCode: 200,
      status_code: 200,
      status: 'SUCCESS',
      data: {
        account_holder_name: 'RAMESH KUMAR',
        bank_name: 'State Bank of India',
        account_number: '123456789012',
        ifsc: 'SBIN0001234',
        verified: true,
      },
    });
    expect((await application(id)).verified_bank_accounts).toEqual({
      '123456789012': { ifsc: 'SBIN0001234', holder: 'RAMESH KUMAR', bank_name: 'State Bank of India' },
    });
    expect(await events(id, 'verification')).toContainEqual({
      check: 'bank_account',
      account_last4: '9012',
      ifsc: 'SBIN0001234',
      bank_name: 'State Bank of India',
    });
  });

  it.each([
    ['HDFC0000123', 'HDFC Bank'],
    ['icic0000039', 'ICICI Bank'],
    ['SBIN0000454', 'State Bank of India'],
    ['PUNB0123456', 'Bank of PUNB'],
  ])('another well-formed pair at %s → a synthetic holder (the same each time) at %s', async (ifsc, bank) => {
    const { id } = await businessDone({ aadhaar: false });
    const first = await verifyBank(verifyBody(id, '501002345678', ifsc));
    const again = await verifyBank(verifyBody(id, '501002345678', ifsc));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      bank_name: bank,
      ifsc: ifsc.toUpperCase(),
      verified: true,
      account_holder_name: expect.stringMatching(/^[A-Z]+ [A-Z]+$/),
    });
    expect(again.body.data).toEqual(first.body.data);
  });

  it("an account number ending in 000 → 422 FAILED 'Account not found'; nothing recorded", async () => {
    const { id } = await businessDone({ aadhaar: false, bankCheck: false });
    const r = await verifyBank(verifyBody(id, '123456789000', 'SBIN0001234'));
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      success: false,
      statusCode: 422,
      status_code: 422,
      status: 'FAILED',
      message: BANK_SERVER_MSG.accountNotFound,
    });
    expect((await application(id)).verified_bank_accounts).toBeUndefined();
  });

  it("malformed input → 400 with its message; another tenant's application → 404; no token → 401", async () => {
    const { id } = await businessDone({ aadhaar: false });
    expect((await verifyBank({ ...verifyBody(id, '123456789012', 'SBIN1001234') })).body).toMatchObject({
      status_code: 400,
      message: MSG.invalidIfsc,
    });
    expect((await verifyBank({ ...verifyBody(id, '1234', 'SBIN0001234') })).body).toMatchObject({
      status_code: 400,
      message: MSG.invalidAccountNumber,
    });
    const other = await verifyBank(verifyBody(id, '123456789012', 'SBIN0001234'), { token: udaanStaff, host: UDAAN });
    expect(other.status).toBe(404);
    const anon = await call(s.app, 'POST', '/v1/perfios/kyc/verify-bank-acc-v3', {
      base: '/api/verification',
      json: verifyBody(id, '123456789012', 'SBIN0001234'),
    });
    expect(anon.status).toBe(401);
  });
});

describe('POST /v1/app/mfi/{id}/bank-account (the initiating officer)', () => {
  it('verified fixture account, Aadhaar name matches: 200 with the message, data.bank_account (verified), BANK_ACCOUNT added', async () => {
    const { id, proof } = await businessDone();
    expect((await verifyBank(verifyBody(id, '123456789012', 'SBIN0001234'))).status).toBe(200);
    const r = await post(id, bankBody(proof));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, status_code: 200, message: BANK_MSG.submitted, data: { id } });
    expect(r.body.data.bank_account).toEqual({ ...bankBody(proof), verified: true });
    expect(r.body.data.stages).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'BUSINESS_INFO', 'BANK_ACCOUNT']);
    expect((await application(id)).bank_account).toEqual(r.body.data.bank_account);
    expect(await events(id, 'bank_account')).toEqual([
      {
        action: 'submit',
        by_user_id: expect.any(Number),
        account_last4: '9012',
        ifsc_code: 'SBIN0001234',
        account_type: 'SAVINGS',
        verified: true,
        deviations: [],
      },
    ]);
  });

  it('once the first stage is in the owner can no longer change it (409); the review role changes it, a new account after a new bank check', async () => {
    const { id, proof } = await businessDone();
    expect((await post(id, bankBody(proof))).status).toBe(200);
    expect((await post(id, bankBody(proof))).body).toMatchObject({ status_code: 409, message: AUTHORITY_MSG.notNow });
    const other = {
      account_number: '501002345678',
      confirm_account_number: '501002345678',
      ifsc_code: 'hdfc0000123',
      bank_name: 'HDFC Bank',
    };
    expect((await patch(id, other, { token: reviewer })).body).toMatchObject({ status_code: 409, message: BANK_SERVER_MSG.checkFirst });
    expect((await application(id)).bank_account.account_number).toBe('123456789012');
    expect((await verifyBank(verifyBody(id, '501002345678', 'HDFC0000123'), { token: reviewer })).status).toBe(200);
    const changed = await patch(id, other, { token: reviewer });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.bank_account).toMatchObject({ account_number: '501002345678', ifsc_code: 'HDFC0000123', verified: true });
    expect(changed.body.data.stages.filter((x: string) => x === 'BANK_ACCOUNT')).toHaveLength(1);
    expect(await events(id, 'bank_account')).toHaveLength(2);
  });

  it('an account the bank check never answered for on this application → 409, nothing stored', async () => {
    const { id, proof } = await businessDone({ bankCheck: false });
    expect((await post(id, bankBody(proof))).body).toMatchObject({ status_code: 409, message: BANK_SERVER_MSG.checkFirst });
    expect((await application(id)).bank_account).toBeUndefined();
  });

  it('confirm_account_number is required and must equal the account number (REQ-BANK-1 asks only that it is given)', async () => {
    const { id, proof } = await businessDone();
    expect((await post(id, bankBody(proof, { confirm_account_number: undefined }))).body).toMatchObject({
      status_code: 400,
      message: BANK_MSG.confirmRequired,
    });
    const r = await post(id, bankBody(proof, { confirm_account_number: '999999999' }));
    expect(r.body).toMatchObject({ status_code: 400, message: BANK_MSG.confirmMismatch });
    expect((await application(id)).bank_account).toBeUndefined();
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['holder name', { account_holder_name: 'Ra' }, BANK_MSG.holderName],
    ['account number missing', { account_number: undefined }, BANK_MSG.accountNumberRequired],
    ['account number pattern', { account_number: '12345' }, BANK_MSG.accountNumber],
    ['account type missing', { account_type: '' }, BANK_MSG.accountType],
    ['IFSC missing', { ifsc_code: undefined }, BANK_MSG.ifscRequired],
    ['IFSC pattern', { ifsc_code: 'SBIN' }, MSG.invalidIfsc],
    ['bank name', { bank_name: '' }, BANK_MSG.bankName],
    ['bank proof', { bank_proof: undefined }, BANK_MSG.bankProof],
  ])('%s → 400 with its REQ-BANK-1 message, nothing stored', async (_n, over, message) => {
    const { id, proof } = await businessDone();
    const r = await post(id, bankBody(proof, over));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, status_code: 400, message });
    expect((await application(id)).bank_account).toBeUndefined();
  });

  it("an account type outside the enum → 400 naming account_type and the codes (the client shows 'Invalid account type…')", async () => {
    const { id, proof } = await businessDone();
    const r = await post(id, bankBody(proof, { account_type: 'Savings' }));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, status_code: 400, message: ENUM_MSG });
    expect(r.body.message).toContain('account_type');
  });

  it('a bank proof that is not an upload of this application → 400, nothing stored', async () => {
    const { id } = await businessDone();
    const other = await businessDone({ aadhaar: false });
    const r = await post(id, bankBody(other.proof));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(KYC_SERVER_MSG.fileNotFound);
    expect((await application(id)).bank_account).toBeUndefined();
  });

  it('business details not submitted (no BUSINESS_INFO) → 409 with the order to follow', async () => {
    const { id } = await kycSubmittedApplication(s, staff);
    const proof = await uploadFor(s, staff, id, 'BANK_PROOF', { pdf: true });
    const r = await post(id, bankBody(proof));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ success: false, status_code: 409, message: BANK_SERVER_MSG.businessFirst });
  });

  it('a salaried borrower (job_type SALARIED) goes on from the employment step instead', async () => {
    const { id } = await kycSubmittedApplication(s, staff);
    await requiredPartiesAdded(s, staff, id);
    await verifyAadhaar(id);
    expect((await verifyBank(verifyBody(id, '123456789012', 'SBIN0001234'))).status).toBe(200);
    const proof = await uploadFor(s, staff, id, 'BANK_PROOF', { pdf: true });
    await s.db.query(`UPDATE applications SET data = data || '{"job_type":"SALARIED"}'::jsonb WHERE id=$1`, [id]);
    expect((await post(id, bankBody(proof))).body).toMatchObject({ status_code: 409, message: BANK_SERVER_MSG.businessFirst });
    await s.db.query(`UPDATE applications SET data = data || '{"employment_info":{"company_name":"Acme"}}'::jsonb WHERE id=$1`, [id]);
    const r = await post(id, bankBody(proof));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.stages).toContain('BANK_ACCOUNT');
  });

  it("a rejected application → 409 'Application Rejected!' with the stored decision", async () => {
    const { id, proof } = await businessDone({ pan: 'BADCR1234D', aadhaar: false, bankCheck: false });
    const r = await post(id, bankBody(proof));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      message: REJECTED_MSG,
      data: { approval_checks: { decision: 'REJECTED' }, rejection_reason: 'OVERDUE_AMOUNT_PRESENT' },
    });
  });

  it('another officer of the tenant (403), another tenant (404), a PATCH of the stored account by another tenant (404)', async () => {
    const { id, proof } = await businessDone();
    const byColleague = await post(id, bankBody(proof), { token: colleague });
    expect(byColleague.status).toBe(403);
    expect(byColleague.body.message).toBe(SERVER_MSG.forbidden);
    expect((await post(id, bankBody(proof), { token: udaanStaff, host: UDAAN })).body).toMatchObject({
      status_code: 404,
      message: 'Application not found',
    });
    expect((await patch(id, bankBody(proof), { token: udaanStaff, host: UDAAN })).status).toBe(404);
    expect((await application(id)).bank_account).toBeUndefined();
  });

  it('a replay with the same Idempotency-Key answers the first response again; one event', async () => {
    const { id, proof } = await businessDone();
    const headers = { 'Idempotency-Key': `bank-${id}` };
    const first = await post(id, bankBody(proof), { headers });
    const replay = await post(id, bankBody(proof), { headers });
    expect(first.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await events(id, 'bank_account')).toHaveLength(1);
  });

  it('a client body cannot set bank_account or verified_bank_accounts through PATCH /v1/app/mfi/{id}', async () => {
    const { id } = await businessDone({ aadhaar: false, bankCheck: false });
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, {
      token: staff,
      json: { bank_account: { verified: true }, verified_bank_accounts: { '1': {} }, employment_info: {} },
    });
    expect(r.body).toMatchObject({ status_code: 400, message: draftKeyMessage('bank_account') });
    const app = await application(id);
    expect(app.bank_account).toBeUndefined();
    expect(app.verified_bank_accounts).toBeUndefined();
    expect(app.employment_info).toBeUndefined();
  });
});

describe('bank name match (REQ-VER-6: bank account vs Aadhaar, two sources)', () => {
  it("a checked holder that does not match the borrower's verified names gets a PENDING BANK_NAME_MISMATCH_DEVIATION", async () => {
    const { id, proof } = await businessDone();
    const v = await verifyBank(verifyBody(id, '501002345678', 'HDFC0000123'));
    const holder = v.body.data.account_holder_name;
    const r = await post(
      id,
      bankBody(proof, {
        account_holder_name: 'Suresh Sharma',
        account_number: '501002345678',
        confirm_account_number: '501002345678',
        ifsc_code: 'HDFC0000123',
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.bank_account.deviations).toEqual([
      {
        type: 'BANK_NAME_MISMATCH_DEVIATION',
        status: 'PENDING',
        info: {
          is_match: false,
          score: expect.any(Number),
          values: [
            { value: holder, source: 'BANK_ACCOUNT' },
            { value: 'RAMESH KUMAR', source: 'PAN' },
            { value: 'Ramesh Kumar', source: 'AADHAAR' },
            // The typed name that differs from the bank's is shown beside it; who raised the deviation is the server's.
            { value: 'Suresh Sharma', source: 'INPUT' },
          ],
        },
        raised_by: { user_id: expect.any(Number), role: 'INITIATING_OFFICER', at: expect.any(String) },
      },
    ]);
    expect(r.body.data.stages).toContain('BANK_ACCOUNT');
    expect((await events(id, 'bank_account'))[0]?.deviations).toEqual([{ type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'PENDING' }]);
  });

  it('the verified holder is matched, not the typed one', async () => {
    const { id, proof } = await businessDone();
    const v = await verifyBank(verifyBody(id, '501002345678', 'HDFC0000123'));
    const holder = v.body.data.account_holder_name;
    const r = await post(
      id,
      bankBody(proof, {
        account_number: '501002345678',
        confirm_account_number: '501002345678',
        ifsc_code: 'HDFC0000123',
        bank_name: 'HDFC Bank',
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.bank_account.verified).toBe(true);
    expect(r.body.data.bank_account.deviations[0].info.values).toEqual([
      { value: holder, source: 'BANK_ACCOUNT' },
      { value: 'RAMESH KUMAR', source: 'PAN' },
      { value: 'Ramesh Kumar', source: 'AADHAAR' },
      { value: 'Ramesh Kumar', source: 'INPUT' },
    ]);
  });

  it("a deviation is the server's: a client's claim (is_match, APPROVED) is ignored; a resubmit keeps a supervisor's decision", async () => {
    const { id, proof } = await businessDone();
    expect((await verifyBank(verifyBody(id, '501002345678', 'HDFC0000123'))).status).toBe(200);
    const other = {
      account_number: '501002345678',
      confirm_account_number: '501002345678',
      ifsc_code: 'HDFC0000123',
      bank_name: 'HDFC Bank',
    };
    const claimed = { type: 'BANK_NAME_MISMATCH_DEVIATION', info: { is_match: true, score: 1 }, status: 'APPROVED' };
    const r = await post(id, bankBody(proof, { ...other, deviations: [claimed] }));
    expect(r.status).toBe(200);
    expect(r.body.data.bank_account.deviations).toEqual([
      {
        type: 'BANK_NAME_MISMATCH_DEVIATION',
        status: 'PENDING',
        info: expect.objectContaining({ is_match: false }),
        raised_by: expect.objectContaining({ role: 'INITIATING_OFFICER' }),
      },
    ]);
    await s.db.query(
      `UPDATE applications SET data = jsonb_set(data, '{bank_account,deviations,0,status}', '"APPROVED"'::jsonb) WHERE tenant_id='sahayog' AND id=$1`,
      [id],
    );
    const again = await patch(id, bankBody(proof, other), { token: reviewer });
    expect(again.body.data.bank_account.deviations).toMatchObject([{ status: 'APPROVED' }]);
  });

  it('another deviation type is refused (400)', async () => {
    const { id, proof } = await businessDone();
    const r = await post(id, bankBody(proof, { deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: false } }] }));
    expect(r.body).toMatchObject({ status_code: 400, message: BANK_SERVER_MSG.onlyBankDeviations });
  });

  it("without a verified Aadhaar name the checked holder is matched with the PAN's name: a match adds no deviation", async () => {
    const { id, proof } = await businessDone({ aadhaar: false });
    const r = await post(id, bankBody(proof, { account_holder_name: 'Suresh Sharma' }));
    expect(r.status).toBe(200);
    expect(r.body.data.bank_account).not.toHaveProperty('deviations');
  });
});

describe('PATCH /v1/app/mfi/{id}/bank-account (the other roles)', () => {
  it('the review role changes a field of the stored account: merged and validated whole, 200 with the message; an update event', async () => {
    const { id, proof } = await businessDone();
    expect((await post(id, bankBody(proof))).status).toBe(200);
    const r = await patch(id, { account_type: 'CURRENT' }, { token: reviewer });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(BANK_MSG.submitted);
    expect(r.body.data.bank_account).toEqual({ ...bankBody(proof), account_type: 'CURRENT', verified: true });
    expect((await events(id, 'bank_account')).map((e) => e.action)).toEqual(['submit', 'update']);
    expect((await patch(id, { account_type: 'Current' }, { token: reviewer })).body.message).toBe(ENUM_MSG);
  });

  it('before the first stage is in, the review role cannot set the account (409: the owner does); the verification role never (403)', async () => {
    const { id, proof } = await businessDone();
    expect((await patch(id, bankBody(proof), { token: reviewer })).body).toMatchObject({ status_code: 409, message: AUTHORITY_MSG.notNow });
    expect((await post(id, bankBody(proof))).status).toBe(200);
    const verifier = await signIn(s.app, '9000000003');
    expect((await patch(id, { account_type: 'CURRENT' }, { token: verifier })).status).toBe(403);
  });

  it('needs BUSINESS_INFO too (409)', async () => {
    const { id } = await kycSubmittedApplication(s, staff);
    const proof = await uploadFor(s, staff, id, 'BANK_PROOF', { pdf: true });
    expect((await post(id, bankBody(proof))).body).toMatchObject({ status_code: 409, message: BANK_SERVER_MSG.businessFirst });
  });
});
