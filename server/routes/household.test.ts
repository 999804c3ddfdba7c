// GET /v1/app/mfi/{id}/household (docs/regulatory.md "Household income"): the server's assessment for PD2, from the
// business visit and the bureau, with the tenant's method; the ₹3,00,000 test for the MFI product; tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEHOLD_MSG } from '../../contracts/household-income';
import { kycSubmittedApplication, workflowServer } from '../test-borrower';
import { call, type TestServer } from '../test-helpers';

let s: TestServer;
let staff: string;
let udaanStaff: string;

const setVisit = (appId: string, visit: Record<string, unknown>) =>
  s.db.query(`UPDATE applications SET data = data || $2::jsonb WHERE tenant_id='sahayog' AND id=$1`, [
    appId,
    JSON.stringify({ cpv_business: visit }),
  ]);
const household = (id: string, token = staff, host?: string) => call(s.app, 'GET', `/v1/app/mfi/${id}/household`, { token, host });

beforeAll(async () => {
  ({ s, staff, udaanStaff } = await workflowServer());
});
afterAll(async () => {
  await s.close();
});

describe('GET /v1/app/mfi/{id}/household', () => {
  it("before a visit: no income, the bureau's EMIs (ABCDE1234F: 2,500); the tenant's method", async () => {
    const { id } = await kycSubmittedApplication(s, staff);
    const r = await household(id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({
      business_net_monthly: 0,
      co_borrower_monthly: 0,
      family_monthly: 0,
      monthly_income: 0,
      annual_income: 0,
      existing_emis: 2500,
      repayment_cap: 0,
      emi_room: 0,
      method: { default_gross_margin_pct: 20, household_relationships: ['SPOUSE'] },
      income_limit_refusal: null,
    });
  });

  it("the visit's figures; above ₹3,00,000 a year the MFI refusal is named", async () => {
    const { id } = await kycSubmittedApplication(s, staff);
    await setVisit(id, { monthly_sales: 90000, rent: 6000 });
    expect((await household(id)).body.data).toMatchObject({
      business_net_monthly: 12000,
      annual_income: 144000,
      repayment_cap: 6000,
      emi_room: 3500,
    });
    await setVisit(id, { monthly_sales: 200000, gross_margin_percentage: 15 });
    expect((await household(id)).body.data).toMatchObject({ annual_income: 360000, income_limit_refusal: HOUSEHOLD_MSG.incomeLimit });
  });

  it('another tenant → 404; no token → 401', async () => {
    const { id } = await kycSubmittedApplication(s, staff);
    expect((await household(id, udaanStaff, 'udaan.localhost')).status).toBe(404);
    expect((await call(s.app, 'GET', `/v1/app/mfi/${id}/household`, {})).status).toBe(401);
  });
});
