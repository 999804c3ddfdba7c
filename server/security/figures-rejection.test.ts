// A rejected figures change must keep holding the loan, replayed through the real API: after a second reviewer rejects
// the PD2 visit's sales of 5,000 (instead of 4,00,000), the maker adds a family member's income and takes it back, each
// with a reason. Were the rejected deviation replaced by the next change, and the list emptied by the one that cancels
// out, the loan would go on with the rejected sales. So a decided deviation is never dropped (a rejected one keeps
// holding the loan at the gate), and while a figures deviation is open or rejected every figure change goes through the
// same hold, whatever the status (REQ-AUTHZ-3, REQ-AUTHZ-4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIGURES_MSG } from '../../contracts/figures-change';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { familyMemberBody, forceApplication, richVisitApplication } from '../test-workflow';

let s: TestServer;
let owner: string;
let reviewer: string;
let second: string;

const app = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: owner })).body.data;
const pd2Application = (status = 'PD2_COMPLETE', extra: Record<string, unknown> = {}) =>
  richVisitApplication(s, owner, reviewer, status, extra, ['BORROWER_BASIC_INFO']);

const member = (id: string) => familyMemberBody(s, reviewer, id);

beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
  reviewer = await signIn(s.app, '9000000002');
  second = await signIn(s.app, '9000000006');
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('a decided figures deviation stands', () => {
  it('the maker changes an income and puts it back after the rejection: the rejection stays and still holds the loan', async () => {
    // The family member was added before PD2, when figures were not held.
    const { id, body } = await pd2Application('CREDIT_APPROVED', { pd2_cpv: [] });
    const added = await call(s.app, 'POST', `/v1/app/mfi/${id}/family-member`, { token: reviewer, json: await member(id) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await forceApplication(s, id, 'PD2_COMPLETE', { is_pd2_complete: true, pd2_cpv: ['business', 'residence'] }, []);

    const v = await call(s.app, 'POST', `/v1/app/mfi/${id}/business-cpv-info`, {
      token: reviewer,
      json: { ...body, change_reason: 'Sales register shows far less' },
    });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    const no = await call(s.app, 'POST', `/v1/app/mfi/${id}/deviations/decision`, {
      token: second,
      json: { type: 'FIGURES_CHANGE_DEVIATION', decision: 'REJECTED', remarks: 'The register shows 4,00,000' },
    });
    expect(no.status, JSON.stringify(no.body)).toBe(200);

    const income = (n: number, why: string) =>
      call(s.app, 'PATCH', `/v1/app/mfi/family-member/${added.body.data.id}`, { token: reviewer, json: { income: n, change_reason: why } });
    expect((await income(20000, 'Salary slip')).status).toBe(200);
    expect((await app(id)).figures_deviations).toMatchObject([
      { status: 'REJECTED', info: { changes: [{ field: 'cpv_business.monthly_sales', before: 400000, after: 5000 }] } },
      { status: 'PENDING', info: { changes: [{ field: 'family_member.0.income', before: 8000, after: 20000 }] } },
    ]);
    expect((await income(8000, 'The slip was wrong')).status).toBe(200);
    const after = (await app(id)).figures_deviations;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'REJECTED', decision_remarks: 'The register shows 4,00,000' });
    // The rejected change still holds the loan: the visit is refused.
    const again = await call(s.app, 'POST', `/v1/app/mfi/${id}/business-cpv-info`, {
      token: reviewer,
      json: { ...body, monthly_sales: 400000, change_reason: 'Back to the register' },
    });
    expect(again.status).toBe(409);
  });

  it('a pending figures deviation holds every figure change, whatever the status: a family income needs a reason', async () => {
    const pending = {
      type: 'FIGURES_CHANGE_DEVIATION',
      status: 'PENDING',
      info: {
        is_match: false,
        reason: 'r',
        changes: [{ field: 'cpv_business.monthly_sales', label: 'Monthly Sales', before: 400000, after: 5000 }],
      },
      raised_by: { user_id: 1, role: 'REVIEW', at: '2026-11-27T06:00:00.000Z' },
    };
    const { id } = await pd2Application('CREDIT_APPROVED', { pd2_cpv: [], figures_deviations: [pending] });
    const r = await call(s.app, 'POST', `/v1/app/mfi/${id}/family-member`, { token: reviewer, json: await member(id) });
    expect(r.body).toMatchObject({ status_code: 400, message: FIGURES_MSG.reason });
  });
});
