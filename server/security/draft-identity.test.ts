// The draft PATCH after the borrower submit, through the real API: an owner who puts an invented PAN in place of the
// verified one ({"pan":"ZZZZZ9999Z"}) must not get the bureau run on it at the KYC step. The draft write refuses an
// identity not verified for the application, and the KYC step runs only on a verified PAN and voter id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_SERVER_MSG } from '../../contracts/verification';
import { kycBody, uploadKycFiles, verifiedBorrowerApplication } from '../test-borrower';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let owner: string;

beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
}, 60_000);
afterAll(async () => {
  await s.close();
});

const patch = (id: string, json: unknown) => call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json });
const stored = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: owner })).body.data;

describe('the borrower identity after the borrower submit', () => {
  it.each([
    ['an unverified PAN', { pan: 'ZZZZZ9999Z' }],
    ['an unverified voter id', { voter_id: 'ZZZ9999999' }],
    ['another name', { name: 'Suresh Patil' }],
  ])('a draft PATCH with %s is refused and nothing is stored', async (_label, body) => {
    const { id } = await verifiedBorrowerApplication(s, owner);
    const r = await patch(id, body);
    expect(r.body).toMatchObject({ status_code: 409, message: VERIFY_SERVER_MSG.notVerified });
    const app = await stored(id);
    expect(app.pan).toBe('ABCDE1234F');
    expect(app.voter_id).toBe('ABC1234567');
    expect(app.name).toBe('Ramesh Kumar');
  });

  it('the same verified identity and other draft fields still save', async () => {
    const { id } = await verifiedBorrowerApplication(s, owner);
    const r = await patch(id, { pan: 'ABCDE1234F', name: 'Ramesh Kumar', city: 'Nagpur' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.city).toBe('Nagpur');
  });

  it('the KYC step refuses a stored PAN that was never verified (no bureau run on it)', async () => {
    const { id } = await verifiedBorrowerApplication(s, owner);
    // A record written before the draft check: its PAN was swapped in without a check.
    await s.db.query(`UPDATE applications SET data = data || '{"pan":"ZZZZZ9999Z"}'::jsonb WHERE tenant_id='sahayog' AND id=$1`, [id]);
    const files = await uploadKycFiles(s, owner, id);
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${id}/basic-info`, { token: owner, json: kycBody(files) });
    expect(r.body).toMatchObject({ status_code: 409, message: VERIFY_SERVER_MSG.notVerified });
    expect((await stored(id)).approval_checks).toBeUndefined();
  });
});
