// Who borrows, after the hand-over, replayed through the real API: the review role alone verified a stranger's PAN and
// voter id, resubmitted the borrower form with the stranger's identity (names matching, the bureau approving them),
// re-pointed the payout at the stranger's account (the bank's holder = the borrower now) and accepted. The loan type
// switched from MFI to unsecured after PD2 the same way. Now such a change raises an IDENTITY_CHANGE_DEVIATION (each
// field before → after) that the one who made it cannot decide, and the gate holds the accept while it is pending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUR_EYES_MSG } from '../../contracts/four-eyes';
import { GATE_MSG } from '../../contracts/sanction-gate';
import { acceptanceOf, phoneKfs } from '../test-kfs';
import { borrowerBody, kycSubmittedApplication, requiredPartiesAdded, uploadFor, workflowServer } from '../test-borrower';
import { call, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let owner: string;
let reviewer: string;
let second: string;

const VISIT = { monthly_sales: 100000, gross_margin_percentage: 25 };
const REFERENCE = { id: 'r1', type: 'PERSONAL_REFERENCE', name: 'Anil Joshi', phone: '9876500099', address: '14 FC Road, Pune' };
const ACCOUNT = {
  account_holder_name: 'Ramesh Kumar',
  account_number: '123456789012',
  confirm_account_number: '123456789012',
  account_type: 'SAVINGS',
  ifsc_code: 'SBIN0001234',
  bank_name: 'State Bank of India',
};
const STRANGER = { pan: 'SUNTA7654D', voter_id: 'XYZ7654321', name: 'Sunita Devi' };

const verify = (path: string, json: unknown) => call(s.app, 'POST', path, { base: '/api/verification', token: reviewer, json });
const app = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: reviewer })).body.data;
const force = (id: string, status: string, data: Record<string, unknown>, stages: string[]) =>
  s.db.query(
    `UPDATE applications SET status=$2, data = data || $3::jsonb, stages = stages || $4::text[] WHERE tenant_id='sahayog' AND id=$1`,
    [id, status, JSON.stringify(data), stages],
  );
const decide = (id: string, token: string) =>
  call(s.app, 'POST', `/v1/app/mfi/${id}/deviations/decision`, {
    token,
    json: { type: 'IDENTITY_CHANGE_DEVIATION', decision: 'APPROVED', remarks: 'Borrower re-identified in person' },
  });

async function accept(id: string) {
  const info = {
    final_suggested_loan_amount: 100000,
    risk_category_and_loan_type_wise_max_tenure: 12,
    disbursement_date: '10-12-2026',
    emi_start_date: '',
  };
  const kfs = acceptanceOf(await phoneKfs(id, 100000, 12, info.disbursement_date));
  return call(s.app, 'PATCH', '/v1/bureau/bre', {
    token: reviewer,
    json: { application_id: id, is_accepted: true, updated_info: info, kfs },
  });
}

/** An MFI loan through PD2 with everything in place (the earlier steps' records set directly, the parties through the API). */
async function readyToAccept() {
  const k = await kycSubmittedApplication(s, owner);
  await requiredPartiesAdded(s, owner, k.id);
  const proof = await uploadFor(s, owner, k.id, 'BANK_PROOF', { pdf: true });
  await force(
    k.id,
    'PD2_COMPLETE',
    {
      cpv_business: VISIT,
      reference: [REFERENCE],
      is_pd1_complete: true,
      is_pd2_complete: true,
      pd1_visits: { business: VISIT, residence: {} },
      pd2_cpv: ['business', 'residence'],
      bank_account: { ...ACCOUNT, bank_proof: proof, verified: true },
    },
    ['BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES'],
  );
  return k;
}

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
    expect((await verify('/v1/verify_pan_lite', { pan: STRANGER.pan, application_id: id })).status).toBe(200);
    const voter = await verify('/v1/perfios/kyc/verify-voter-id', {
      voter_id: STRANGER.voter_id,
      reference: `s-${id}`,
      application_id: id,
    });
    expect(voter.status).toBe(200);
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
    expect((await verify('/v1/verify_pan_lite', { pan: STRANGER.pan, application_id: id })).status).toBe(200);
    const voter = await verify('/v1/perfios/kyc/verify-voter-id', {
      voter_id: STRANGER.voter_id,
      reference: `s-${id}`,
      application_id: id,
    });
    expect(voter.status).toBe(200);
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
