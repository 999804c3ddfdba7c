// Maker-checker on deviations (contracts/four-eyes.ts), replayed through the real API: the review role points a
// PD2-complete loan's payout at a stranger's account, which raises a bank name deviation under its name; it cannot decide
// it (403, in plain words), a second reviewer (9000000006) can, and the decision names both people. The same for a
// borrower name mismatch the review role's own edit raised, and a co-applicant's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUR_EYES_MSG } from '../../contracts/four-eyes';
import { PAYOUT_MSG } from '../../contracts/payout-holder';
import { handOverReady, kycSubmittedApplication, uploadFor, verifiedCoApplicantBody } from '../test-borrower';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { decideDeviation, forceApplication, HDFC_ACCOUNT, pd2Loan as pd2LoanOf, RAMESH_ACCOUNT, verifyBank } from '../test-workflow';

let s: TestServer;
let owner: string;
let reviewer: string;
let second: string;
const ids: Record<string, number> = {};

const app = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: owner })).body.data;
const decide = (id: string, token: string, json: Record<string, unknown>) =>
  decideDeviation(s, id, token, { decision: 'APPROVED', remarks: 'Checked with the borrower', ...json });
const userId = async (token: string) => (await call(s.app, 'GET', '/v1/user/me', { token })).body.data.id as number;

const pd2Loan = () => pd2LoanOf(s, owner);

beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
  reviewer = await signIn(s.app, '9000000002');
  second = await signIn(s.app, '9000000006');
  for (const [k, t] of Object.entries({ owner, reviewer, second })) ids[k] = await userId(t);
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('no one decides a deviation they raised', () => {
  it("the review role re-points the payout at a stranger's account: it cannot approve that deviation; the second reviewer does", async () => {
    const { id, account } = await pd2Loan();
    // A synthetic account whose holder is not the borrower (the bank answers another name).
    expect((await verifyBank(s, id, reviewer, '501002345678', 'HDFC0000123')).status).toBe(200);
    const swap = { ...account, ...HDFC_ACCOUNT };
    const patched = await call(s.app, 'PATCH', `/v1/app/mfi/${id}/bank-account`, { token: reviewer, json: swap });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const [dev] = (await app(id)).bank_account.deviations;
    expect(dev).toMatchObject({
      type: 'BANK_NAME_MISMATCH_DEVIATION',
      status: 'PENDING',
      raised_by: { user_id: ids.reviewer, role: 'REVIEW', at: expect.any(String) },
    });

    const self = await decide(id, reviewer, { type: 'BANK_NAME_MISMATCH_DEVIATION' });
    expect(self.body).toMatchObject({ status_code: 403, message: FOUR_EYES_MSG.raisedIt });
    expect((await app(id)).bank_account.deviations[0].status).toBe('PENDING');
    // Nor by rejecting it, nor by the same decision again.
    expect((await decide(id, reviewer, { type: 'BANK_NAME_MISMATCH_DEVIATION', decision: 'REJECTED' })).status).toBe(403);

    const ok = await decide(id, second, { type: 'BANK_NAME_MISMATCH_DEVIATION' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.bank_account.deviations[0]).toMatchObject({
      status: 'APPROVED',
      raised_by: { user_id: ids.reviewer },
      decided_by: ids.second,
      decision_remarks: 'Checked with the borrower',
    });
    const [event] = await s.db.query<{ body: Record<string, unknown> }>(
      `SELECT body FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind='deviation_decision'`,
      [id],
    );
    expect(event?.body).toMatchObject({ by_user_id: ids.second, raised_by: { user_id: ids.reviewer, role: 'REVIEW' } });
  });

  it("the officer's own name mismatch is decided by a reviewer; one the review role's edit raised is not its to decide", async () => {
    const { id } = await kycSubmittedApplication(s, owner, { borrower: { name: 'Mohan Lal' } });
    expect((await app(id)).deviations[0]).toMatchObject({
      status: 'PENDING',
      raised_by: { user_id: ids.owner, role: 'INITIATING_OFFICER' },
    });
    expect((await decide(id, reviewer, { type: 'BORROWER_NAME_MISMATCH_DEVIATION' })).status).toBe(200);

    const other = await kycSubmittedApplication(s, owner);
    await forceApplication(s, other.id, 'CREDIT_APPROVED', { is_pd1_complete: true }, [
      'BUSINESS_INFO',
      'BANK_ACCOUNT',
      'CPV_BUSINESS_PLACE',
      'CPV_RESIDENCE',
    ]);
    const body = { ...(await app(other.id)), name: 'Mohan Lal' };
    const edit = await call(s.app, 'PUT', `/v1/app/mfi/${other.id}`, { token: reviewer, json: body });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data.deviations[0]).toMatchObject({ status: 'PENDING', raised_by: { user_id: ids.reviewer } });
    expect((await decide(other.id, reviewer, { type: 'BORROWER_NAME_MISMATCH_DEVIATION' })).body).toMatchObject({
      status_code: 403,
      message: FOUR_EYES_MSG.raisedIt,
    });
    expect((await decide(other.id, second, { type: 'BORROWER_NAME_MISMATCH_DEVIATION' })).status).toBe(200);
  });

  it("a co-applicant's name mismatch the review role added is decided by the second reviewer only", async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    await forceApplication(s, id, 'CREDIT_APPROVED', { is_pd1_complete: true }, ['BUSINESS_INFO', 'BANK_ACCOUNT']);
    const body = await verifiedCoApplicantBody(s, reviewer, id, {
      type: 'GUARANTOR',
      body: { name: 'Somebody Else', relationship: 'FRIEND' },
    });
    const co = await call(s.app, 'POST', `/v1/app/mfi/${id}/co-applicant`, { token: reviewer, json: body });
    expect(co.status, JSON.stringify(co.body)).toBe(200);
    const coId = co.body.data.id as string;
    const [row] = await s.db.query<{ data: { deviations: unknown[] } }>(`SELECT data FROM co_applicants WHERE id=$1`, [coId]);
    expect(row?.data.deviations[0]).toMatchObject({ type: 'GUARANTOR_NAME_MISMATCH_DEVIATION', raised_by: { user_id: ids.reviewer } });
    const json = { type: 'GUARANTOR_NAME_MISMATCH_DEVIATION', record_id: coId };
    expect((await decide(id, reviewer, json)).body).toMatchObject({ status_code: 403, message: FOUR_EYES_MSG.raisedIt });
    expect((await decide(id, second, json)).status).toBe(200);
  });
});

describe('the payout holder is the bank answer', () => {
  it('the bank names RAMESH KUMAR, the officer typed SURESH SHARMA: RAMESH KUMAR is stored, the typed name kept beside it', async () => {
    const { id } = await handOverReady(s, owner);
    const proof = await uploadFor(s, owner, id, 'BANK_PROOF', { pdf: true });
    await forceApplication(s, id, 'DRAFT', {}, ['BUSINESS_INFO']);
    expect((await verifyBank(s, id, owner, '123456789012', 'SBIN0001234')).status).toBe(200);
    const body = { ...RAMESH_ACCOUNT, account_holder_name: 'SURESH SHARMA', bank_proof: proof };
    const r = await call(s.app, 'POST', `/v1/app/mfi/${id}/bank-account`, { token: owner, json: body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.bank_account).toMatchObject({ account_holder_name: 'RAMESH KUMAR', typed_holder_name: 'SURESH SHARMA' });
  });

  it("a stranger's account: the deviation shows the bank's holder and the typed name", async () => {
    const { id } = await handOverReady(s, owner);
    const proof = await uploadFor(s, owner, id, 'BANK_PROOF', { pdf: true });
    await forceApplication(s, id, 'DRAFT', {}, ['BUSINESS_INFO']);
    const check = await verifyBank(s, id, owner, '501002345678', 'HDFC0000123');
    const bankHolder = check.body.data.account_holder_name as string;
    const body = { account_holder_name: 'SURESH SHARMA', ...HDFC_ACCOUNT, account_type: 'SAVINGS', bank_proof: proof };
    const r = await call(s.app, 'POST', `/v1/app/mfi/${id}/bank-account`, { token: owner, json: body });
    expect(r.body.data.bank_account.account_holder_name).toBe(bankHolder);
    expect(r.body.data.bank_account.deviations[0].info.values).toEqual(
      expect.arrayContaining([
        { value: bankHolder, source: 'BANK_ACCOUNT' },
        { value: 'SURESH SHARMA', source: 'INPUT' },
      ]),
    );
  });

  it('re-pointing the payout after the first stage needs a bank check made since the current account was stored', async () => {
    const { id } = await handOverReady(s, owner);
    // The review role checked the other account before the officer stored the borrower's own.
    expect((await verifyBank(s, id, owner, '501002345678', 'HDFC0000123')).status).toBe(200);
    const { account } = await (async () => {
      const proof = await uploadFor(s, owner, id, 'BANK_PROOF', { pdf: true });
      await forceApplication(s, id, 'DRAFT', {}, ['BUSINESS_INFO']);
      expect((await verifyBank(s, id, owner, '123456789012', 'SBIN0001234')).status).toBe(200);
      const a = { ...RAMESH_ACCOUNT, bank_proof: proof };
      expect((await call(s.app, 'POST', `/v1/app/mfi/${id}/bank-account`, { token: owner, json: a })).status).toBe(200);
      return { account: a };
    })();
    await forceApplication(s, id, 'PD2_COMPLETE', { is_pd1_complete: true, is_pd2_complete: true }, [
      'CPV_BUSINESS_PLACE',
      'CPV_RESIDENCE',
    ]);
    const swap = { ...account, ...HDFC_ACCOUNT };
    const stale = await call(s.app, 'PATCH', `/v1/app/mfi/${id}/bank-account`, { token: reviewer, json: swap });
    expect(stale.body).toMatchObject({ status_code: 409, message: PAYOUT_MSG.freshCheck });
    expect((await app(id)).bank_account.account_number).toBe('123456789012');
    // A field of the same account changes without a new check.
    expect(
      (await call(s.app, 'PATCH', `/v1/app/mfi/${id}/bank-account`, { token: reviewer, json: { account_type: 'CURRENT' } })).status,
    ).toBe(200);
    expect((await verifyBank(s, id, reviewer, '501002345678', 'HDFC0000123')).status).toBe(200);
    const fresh = await call(s.app, 'PATCH', `/v1/app/mfi/${id}/bank-account`, { token: reviewer, json: swap });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.data.bank_account.deviations[0]).toMatchObject({ status: 'PENDING', raised_by: { user_id: ids.reviewer } });
  });
});
