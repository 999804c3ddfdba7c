// Household figures moved through the co-applicants and family members, through the real API: after PD2 a review role
// that changes a co-borrower's relationship or income, adds a co-borrower whose income counts, or gives a family member
// a co-borrower's PAN must not move the household total with no reason and no second person. Each needs a
// `change_reason` (400 without, nothing stored) and raises a FIGURES_CHANGE_DEVIATION with the household totals
// before → after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIGURES_MSG } from '../../contracts/figures-change';
import { kycSubmittedApplication, requiredPartiesAdded, verifiedCoApplicantBody } from '../test-borrower';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { familyMemberBody, forceApplication } from '../test-workflow';

let s: TestServer;
let owner: string;
let reviewer: string;

const app = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: owner })).body.data;
const co = async (coId: string) => (await call(s.app, 'GET', `/v1/app/mfi/co-applicant/${coId}`, { token: owner })).body.data;
const VISIT = { monthly_sales: 40000, gross_margin_percentage: 25 };

/** PD2 complete; the required co-borrower (a brother, so out of the household) earns 12,000 a month. */
async function pd2Application() {
  const { id } = await kycSubmittedApplication(s, owner);
  const [coId] = await requiredPartiesAdded(s, owner, id);
  await forceApplication(
    s,
    id,
    'PD2_COMPLETE',
    { cpv_business: VISIT, is_pd1_complete: true, is_pd2_complete: true, pd2_cpv: ['business', 'residence'] },
    ['BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE'],
  );
  return { id, coId: coId! };
}
const patchCo = (coId: string, json: unknown) => call(s.app, 'PATCH', `/v1/app/mfi/co-applicant/${coId}`, { token: reviewer, json });
const household = (before: number, after: number) => ({
  field: 'household.monthly_income',
  label: 'Household monthly income',
  before,
  after,
});

beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
  reviewer = await signIn(s.app, '9000000002');
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe("a co-applicant's figures after PD2", () => {
  it('the co-borrower made a spouse (her income joins the household): a reason, and a deviation before → after', async () => {
    const { id, coId } = await pd2Application();
    expect((await patchCo(coId, { relationship: 'SPOUSE' })).body).toMatchObject({ status_code: 400, message: FIGURES_MSG.reason });
    expect((await co(coId)).relationship).toBe('BROTHER');
    const r = await patchCo(coId, { relationship: 'SPOUSE', change_reason: 'She is his wife' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await app(id)).figures_deviations).toMatchObject([
      { type: 'FIGURES_CHANGE_DEVIATION', status: 'PENDING', info: { reason: 'She is his wife', changes: [household(10000, 22000)] } },
    ]);
  });

  it("a spouse co-borrower's income changed: a reason, and a deviation", async () => {
    const { id, coId } = await pd2Application();
    expect((await patchCo(coId, { relationship: 'SPOUSE', change_reason: 'She is his wife' })).status).toBe(200);
    expect((await patchCo(coId, { income: 2000 })).body).toMatchObject({ status_code: 400, message: FIGURES_MSG.reason });
    expect((await co(coId)).income).toBe(12000);
    expect((await patchCo(coId, { income: 2000, change_reason: 'Salary slip' })).status).toBe(200);
    expect((await app(id)).figures_deviations[0].info.changes).toEqual([household(10000, 12000)]);
  });

  it('a co-borrower whose income counts added after PD2: a reason, and a deviation', async () => {
    const { id } = await pd2Application();
    const json = await verifiedCoApplicantBody(s, reviewer, id, { body: { relationship: 'SPOUSE' } });
    const add = (body: unknown) => call(s.app, 'POST', `/v1/app/mfi/${id}/co-applicant`, { token: reviewer, json: body });
    expect((await add(json)).body).toMatchObject({ status_code: 400, message: FIGURES_MSG.reason });
    const r = await add({ ...json, change_reason: 'His wife joins the loan' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await app(id)).figures_deviations[0].info.changes).toEqual([household(10000, 22000)]);
  });

  it("a family member given the spouse co-borrower's PAN (her income no longer counted twice): a reason, and a deviation", async () => {
    const { id, coId } = await pd2Application();
    // The co-borrower was his wife from the start (set directly: no figures deviation before this one).
    await s.db.query(`UPDATE co_applicants SET data = data || '{"relationship":"SPOUSE"}'::jsonb WHERE tenant_id='sahayog' AND id=$1`, [
      coId,
    ]);
    const spousePan = (await co(coId)).pan as string;
    const member = await familyMemberBody(s, reviewer, id, { change_reason: 'Daughter works' });
    const fm = await call(s.app, 'POST', `/v1/app/mfi/${id}/family-member`, { token: reviewer, json: member });
    expect(fm.status, JSON.stringify(fm.body)).toBe(200);
    const change = (json: unknown) => call(s.app, 'PATCH', `/v1/app/mfi/family-member/${fm.body.data.id}`, { token: reviewer, json });
    expect((await change({ pan: spousePan })).body).toMatchObject({ status_code: 400, message: FIGURES_MSG.reason });
    expect((await change({ pan: spousePan, change_reason: 'Same person' })).status).toBe(200);
    const changes = (await app(id)).figures_deviations[0].info.changes;
    expect(changes).toContainEqual(household(30000, 22000));
  });
});
