// Who borrows, after the hand-over, through the real API: a review role alone must not be able to verify a stranger's
// PAN and voter id, resubmit the borrower form with the stranger's identity (names matching, the bureau approving
// them), re-point the payout at the stranger's account (the bank's holder = the borrower then) and accept; nor switch
// the loan type from MFI to unsecured after PD2 the same way. Such a change raises an IDENTITY_CHANGE_DEVIATION (each
// field before → after) that the one who made it cannot decide, and the gate holds the accept while it is pending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUR_EYES_MSG } from '../../contracts/four-eyes';
import { GATE_MSG } from '../../contracts/sanction-gate';
import { borrowerBody, workflowServer } from '../test-borrower';
import { call, signIn, type TestServer } from '../test-helpers';
import { acceptLoan, decideDeviation, readyToAccept as readyToAcceptOf } from '../test-workflow';

let s: TestServer;
let owner: string;
let reviewer: string;
let second: string;

const STRANGER = { pan: 'SUNTA7654D', voter_id: 'XYZ7654321', name: 'Sunita Devi' };

const verify = (path: string, json: unknown) => call(s.app, 'POST', path, { base: '/api/verification', token: reviewer, json });
const app = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: reviewer })).body.data;
const decide = (id: string, token: string) =>
  decideDeviation(s, id, token, { type: 'IDENTITY_CHANGE_DEVIATION', decision: 'APPROVED', remarks: 'Borrower re-identified in person' });

/** The review role verifies the stranger's PAN and voter id on the application. */
async function verifyStranger(id: string) {
  expect((await verify('/v1/verify_pan_lite', { pan: STRANGER.pan, application_id: id })).status).toBe(200);
  const voter = await verify('/v1/perfios/kyc/verify-voter-id', {
    voter_id: STRANGER.voter_id,
    reference: `s-${id}`,
    application_id: id,
  });
  expect(voter.status).toBe(200);
}
const accept = (id: string) => acceptLoan(s, reviewer, id);

const readyToAccept = () => readyToAcceptOf(s, owner);

beforeAll(async () => {
  ({ s, staff: owner, reviewer } = await workflowServer());
  second = await signIn(s.app, '9000000006', 'sahayog.localhost');
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('the borrower swapped after the hand-over', () => {
  it("the review role's resubmit with a stranger's verified identity: a deviation another reviewer decides; the accept waits", async () => {
    const { id, phone } = await readyToAccept();
    await verifyStranger(id);
    const r = await call(s.app, 'PUT', `/v1/app/mfi/${id}`, {
      token: reviewer,
      json: borrowerBody(phone, { ...STRANGER, title: 'Mrs.', gender: 'FEMALE' }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.identity_deviations).toMatchObject([
      {
        type: 'IDENTITY_CHANGE_DEVIATION',
        status: 'PENDING',
        info: {
          identity: [
            { field: 'pan', before: 'ABCDE1234F', after: STRANGER.pan },
            { field: 'voter_id', before: 'ABC1234567', after: STRANGER.voter_id },
            { field: 'name', before: 'Ramesh Kumar', after: STRANGER.name },
          ],
        },
      },
    ]);

    const held = await accept(id);
    expect(held.status).toBe(409);
    expect(held.body.data.blockers).toEqual([
      { code: 'DEVIATION_PENDING', message: GATE_MSG.deviationPending('The identity change deviation'), subject: 'BORROWER' },
    ]);
    expect((await decide(id, reviewer)).body).toMatchObject({ status_code: 403, message: FOUR_EYES_MSG.raisedIt });
    expect((await app(id)).sanctioned).toBeUndefined();

    const d = await decide(id, second);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect((await accept(id)).status).toBe(200);
  });

  it('a borrower resubmit after the deviation cannot clear it', async () => {
    const { id, phone } = await readyToAccept();
    await verifyStranger(id);
    const swap = await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: reviewer, json: borrowerBody(phone, STRANGER) });
    expect(swap.status, JSON.stringify(swap.body)).toBe(200);
    const again = await call(s.app, 'PUT', `/v1/app/mfi/${id}`, {
      token: reviewer,
      json: { ...borrowerBody(phone, STRANGER), identity_deviations: [] },
    });
    expect(again.status).toBeLessThan(500);
    expect((await app(id)).identity_deviations).toMatchObject([{ type: 'IDENTITY_CHANGE_DEVIATION', status: 'PENDING' }]);
    expect((await accept(id)).status).toBe(409);
  });

  it('the loan type switched to unsecured after PD2 (a borrower resubmit): held the same way', async () => {
    const { id, phone } = await readyToAccept();
    const r = await call(s.app, 'PUT', `/v1/app/mfi/${id}`, {
      token: reviewer,
      json: borrowerBody(phone, { loan_type: 'UNSECURED_BUSINESS_LOAN' }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.identity_deviations).toMatchObject([
      {
        type: 'IDENTITY_CHANGE_DEVIATION',
        status: 'PENDING',
        info: { identity: [{ field: 'loan_type', before: 'MFI_BUSINESS_LOAN', after: 'UNSECURED_BUSINESS_LOAN' }] },
      },
    ]);
    expect((await accept(id)).status).toBe(409);
  });
});
