// The change history (contracts/change-history.ts): identity, payout, amounts and figures changed after they were first
// entered are kept with who, role, when and before → after, and GET /v1/app/mfi/{id}/history answers them, oldest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handOverReady, kycSubmittedApplication, uploadFor } from '../test-borrower';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { forceApplication, HDFC_ACCOUNT, RAMESH_ACCOUNT, verifyBank } from '../test-workflow';

let s: TestServer;
let owner: string;
let reviewer: string;
let udaan: string;
let ids: { owner: number; reviewer: number };

const history = (id: string, token = owner, host?: string) => call(s.app, 'GET', `/v1/app/mfi/${id}/history`, { token, host });
const me = async (token: string) => (await call(s.app, 'GET', '/v1/user/me', { token })).body.data.id as number;

beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
  reviewer = await signIn(s.app, '9000000002');
  udaan = await signIn(s.app, '9000000001', 'udaan.localhost');
  ids = { owner: await me(owner), reviewer: await me(reviewer) };
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('GET /v1/app/mfi/{id}/history', () => {
  it('the review role renames the borrower and re-points the payout: each kept with who, role, before → after', async () => {
    const { id } = await handOverReady(s, owner);
    expect((await history(id)).body.data).toEqual({ history: [] });
    const proof = await uploadFor(s, owner, id, 'BANK_PROOF', { pdf: true });
    await forceApplication(s, id, 'DRAFT', {}, ['BUSINESS_INFO']);
    const check = (token: string, account_number: string, ifsc: string) => verifyBank(s, id, token, account_number, ifsc);
    await check(owner, '123456789012', 'SBIN0001234');
    const account = { ...RAMESH_ACCOUNT, bank_proof: proof };
    expect((await call(s.app, 'POST', `/v1/app/mfi/${id}/bank-account`, { token: owner, json: account })).status).toBe(200);
    await forceApplication(s, id, 'CREDIT_APPROVED', { is_pd1_complete: true }, ['CPV_BUSINESS_PLACE', 'CPV_RESIDENCE']);

    const current = (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: owner })).body.data;
    expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: reviewer, json: { ...current, name: 'Mohan Lal' } })).status).toBe(200);
    const holder = (await check(reviewer, '501002345678', 'HDFC0000123')).body.data.account_holder_name;
    const swap = { ...HDFC_ACCOUNT };
    expect((await call(s.app, 'PATCH', `/v1/app/mfi/${id}/bank-account`, { token: reviewer, json: swap })).status).toBe(200);

    const r = await history(id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.history).toEqual([
      {
        at: expect.any(String),
        by_user_id: ids.reviewer,
        role: 'REVIEW',
        changes: [{ field: 'name', label: 'Name', before: 'Ramesh Kumar', after: 'Mohan Lal' }],
      },
      {
        at: expect.any(String),
        by_user_id: ids.reviewer,
        role: 'REVIEW',
        changes: [
          { field: 'bank_account.account_number', label: 'Payout account number', before: '••••9012', after: '••••5678' },
          { field: 'bank_account.ifsc_code', label: 'Payout IFSC', before: 'SBIN0001234', after: 'HDFC0000123' },
          { field: 'bank_account.account_holder_name', label: 'Payout account holder', before: 'Ramesh Kumar', after: holder },
        ],
      },
    ]);
  });

  it('another tenant cannot read it (404); without a token 401', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    expect((await history(id, udaan, 'udaan.localhost')).status).toBe(404);
    expect((await call(s.app, 'GET', `/v1/app/mfi/${id}/history`, {})).status).toBe(401);
  });
});
