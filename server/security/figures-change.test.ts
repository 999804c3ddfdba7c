// Money figures held after PD2 (contracts/figures-change.ts), through the real API: after the household test refuses the
// loan, a review role that re-posts the PD2 business visit with monthly sales of 5,000 instead of 4,00,000 must not be
// able to sanction alone. Such a change needs a reason (400 without, nothing stored) and raises a FIGURES_CHANGE_DEVIATION
// with each figure before → after, which the one who made the change cannot decide; another reviewer does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIGURES_MSG } from '../../contracts/figures-change';
import { FOUR_EYES_MSG } from '../../contracts/four-eyes';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { decideDeviation, familyMemberBody, richVisitApplication } from '../test-workflow';

let s: TestServer;
let owner: string;
let reviewer: string;
let second: string;
let reviewerId: number;

const app = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: owner })).body.data;
const decide = (id: string, token: string) =>
  decideDeviation(s, id, token, {
    type: 'FIGURES_CHANGE_DEVIATION',
    decision: 'APPROVED',
    remarks: 'Register seen: sales were overstated',
  });

const pd2Application = (status = 'PD2_COMPLETE', extra: Record<string, unknown> = {}) =>
  richVisitApplication(s, owner, reviewer, status, extra);
const visit = (id: string, json: unknown) => call(s.app, 'POST', `/v1/app/mfi/${id}/business-cpv-info`, { token: reviewer, json });

beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
  reviewer = await signIn(s.app, '9000000002');
  second = await signIn(s.app, '9000000006');
  reviewerId = (await call(s.app, 'GET', '/v1/user/me', { token: reviewer })).body.data.id;
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('figures the household test reads, after PD2', () => {
  it('the PD2 visit re-posted with sales of 5,000: refused without a reason; with one, a deviation another reviewer decides', async () => {
    const { id, body } = await pd2Application();
    const bare = await visit(id, body);
    expect(bare.body).toMatchObject({ status_code: 400, message: FIGURES_MSG.reason });
    expect((await app(id)).cpv_business.monthly_sales).toBe(400000);

    const r = await visit(id, { ...body, change_reason: 'Sales register shows far less' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.figures_deviations).toEqual([
      {
        type: 'FIGURES_CHANGE_DEVIATION',
        status: 'PENDING',
        info: {
          is_match: false,
          reason: 'Sales register shows far less',
          changes: [{ field: 'cpv_business.monthly_sales', label: 'Monthly Sales', before: 400000, after: 5000 }],
        },
        raised_by: { user_id: reviewerId, role: 'REVIEW', at: expect.any(String) },
      },
    ]);
    // The history keeps the change with who made it.
    const h = (await call(s.app, 'GET', `/v1/app/mfi/${id}/history`, { token: owner })).body.data.history;
    expect(h).toEqual([
      {
        at: expect.any(String),
        by_user_id: reviewerId,
        role: 'REVIEW',
        changes: [{ field: 'cpv_business.monthly_sales', label: 'Business visit: Monthly Sales', before: 400000, after: 5000 }],
      },
    ]);
    expect((await decide(id, reviewer)).body).toMatchObject({ status_code: 403, message: FOUR_EYES_MSG.raisedIt });
    const ok = await decide(id, second);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.figures_deviations[0]).toMatchObject({ status: 'APPROVED', raised_by: { user_id: reviewerId } });
  });

  it('after the household test refused the loan on record (credit approved), a changed visit needs a reason too', async () => {
    const offer = { interest_rate: 24, risk_category_and_loan_type_wise_max_tenure: 12, final_suggested_loan_amount: 100000 };
    const { id, body } = await pd2Application('CREDIT_APPROVED', { loan_offer: offer, pd2_cpv: ['business'] });
    expect((await visit(id, body)).body).toMatchObject({ status_code: 400, message: FIGURES_MSG.reason });
  });

  it('before PD2, with no refusal, the PD2 visit sets its own figures freely; the same figures again need no reason', async () => {
    const { id, body } = await pd2Application('CREDIT_APPROVED', { pd2_cpv: [] });
    const r = await visit(id, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).not.toHaveProperty('figures_deviations');
    const { id: other, body: same } = await pd2Application();
    expect((await visit(other, { ...same, monthly_sales: 400000 })).status).toBe(200);
  });

  it("a family member's income changed after PD2: a reason, and a deviation before → after", async () => {
    const { id } = await pd2Application();
    await s.db.query(`UPDATE applications SET stages = array_append(stages, 'BORROWER_BASIC_INFO') WHERE tenant_id='sahayog' AND id=$1`, [
      id,
    ]);
    const member = await familyMemberBody(s, reviewer, id);
    const add = (json: unknown) => call(s.app, 'POST', `/v1/app/mfi/${id}/family-member`, { token: reviewer, json });
    expect((await add(member)).body).toMatchObject({ status_code: 400, message: FIGURES_MSG.reason });
    const created = await add({ ...member, change_reason: 'Daughter started work' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const fm = created.body.data.id as string;
    const change = (json: unknown) => call(s.app, 'PATCH', `/v1/app/mfi/family-member/${fm}`, { token: reviewer, json });
    expect((await change({ income: 20000 })).body).toMatchObject({ status_code: 400, message: FIGURES_MSG.reason });
    expect((await change({ income: 20000, change_reason: 'Salary slip' })).status).toBe(200);
    const h = (await call(s.app, 'GET', `/v1/app/mfi/${id}/history`, { token: owner })).body.data.history;
    expect(h.at(-1)).toMatchObject({ by_user_id: reviewerId, changes: [{ field: 'family_member.0.income', before: 8000, after: 20000 }] });
    expect((await app(id)).figures_deviations[0].info).toEqual({
      is_match: false,
      reason: 'Daughter started work; Salary slip',
      changes: [{ field: 'family_member.0.income', label: 'Monthly income of Kamla Devi', before: null, after: 20000 }],
    });
    // A change of a field the household test does not read needs no reason.
    expect((await change({ phone: '9876500033' })).status).toBe(200);
  });
});
