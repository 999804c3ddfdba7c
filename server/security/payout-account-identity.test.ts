// The payout account's identity, through the real API: a bank check of another account with the same last 4 digits and
// IFSC must not count as fresh for a re-point, and an approved bank name deviation must not carry over to another
// account whose holder has the same name (names alone do not say which account). A re-point needs a check of exactly
// that account, and a deviation about another account starts PENDING again under the new raiser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MSG } from '../../contracts/payout-holder';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { pd2Loan as pd2LoanOf, verifyBank } from '../test-workflow';

let s: TestServer;
let owner: string;
let reviewer: string;
let second: string;

const app = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: owner })).body.data;
const repoint = (id: string, account: Record<string, unknown>, account_number: string, holder: string) =>
  call(s.app, 'PATCH', `/v1/app/mfi/${id}/bank-account`, {
    token: reviewer,
    json: {
      ...account,
      account_number,
      confirm_account_number: account_number,
      ifsc_code: 'HDFC0000123',
      bank_name: 'HDFC Bank',
      account_holder_name: holder,
    },
  });

const pd2Loan = (early: string[] = []) => pd2LoanOf(s, owner, early);

beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
  reviewer = await signIn(s.app, '9000000002');
  second = await signIn(s.app, '9000000006');
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('the payout account is the very account checked', () => {
  it('a fresh check of another account with the same last 4 and IFSC does not let the payout re-point', async () => {
    // 501002345678 was checked before the borrower's account was stored; 999902345678 (also …5678 at HDFC0000123) after.
    const { id, account } = await pd2Loan(['501002345678']);
    expect((await verifyBank(s, id, reviewer, '999902345678', 'HDFC0000123')).status).toBe(200);
    const r = await repoint(id, account, '501002345678', 'Lakshmi Reddy');
    expect(r.body).toMatchObject({ status_code: 409, message: PAYOUT_MSG.freshCheck });
    expect((await app(id)).bank_account.account_number).toBe('123456789012');
  });

  it('an approved bank name deviation does not carry over to another account whose holder has the same name', async () => {
    const { id, account } = await pd2Loan();
    // Two synthetic accounts at HDFC0000123 whose bank holder is DEEPAK YADAV.
    expect((await verifyBank(s, id, reviewer, '501002300102', 'HDFC0000123')).status).toBe(200);
    expect((await repoint(id, account, '501002300102', 'Deepak Yadav')).status).toBe(200);
    const ok = await call(s.app, 'POST', `/v1/app/mfi/${id}/deviations/decision`, {
      token: second,
      json: { type: 'BANK_NAME_MISMATCH_DEVIATION', decision: 'APPROVED', remarks: 'Family account, seen' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    expect((await verifyBank(s, id, second, '501002300125', 'HDFC0000123')).status).toBe(200);
    const moved = await call(s.app, 'PATCH', `/v1/app/mfi/${id}/bank-account`, {
      token: second,
      json: {
        ...account,
        account_number: '501002300125',
        confirm_account_number: '501002300125',
        ifsc_code: 'HDFC0000123',
        bank_name: 'HDFC Bank',
        account_holder_name: 'Deepak Yadav',
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [dev] = (await app(id)).bank_account.deviations;
    expect(dev).toMatchObject({ type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'PENDING' });
    expect(dev.decided_by).toBeUndefined();
    // The one who moved the payout raised the new one: it cannot approve it.
    const self = await call(s.app, 'POST', `/v1/app/mfi/${id}/deviations/decision`, {
      token: second,
      json: { type: 'BANK_NAME_MISMATCH_DEVIATION', decision: 'APPROVED', remarks: 'Same holder' },
    });
    expect(self.status).toBe(403);
  });
});
