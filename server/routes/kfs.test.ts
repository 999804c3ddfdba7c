// The Key Facts Statement and the MFI household limits on the server (docs/regulatory.md): GET /v1/app/mfi/{id}/kfs is
// the KFS the phone builds from the same terms; an accept must name it (number, version, hash); POST /v1/kfs/preview
// answers any terms and its APR discounts its own schedule to the net disbursed amount; a household over the 50 % cap
// gets a smaller first offer and an accept above the cap is refused; above ₹3,00,000 a year no MFI offer is made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEHOLD_MSG } from '../../contracts/household-income';
import { KFS_MSG, KFS_VERSION, kfsTermsOf, proposalNumber } from '../../contracts/kfs';
import { KFS_PREVIEW_MSG } from '../../contracts/kfs-schedule';
import { indiaToday, type LoanOffer } from '../../contracts/loan-offer';
import { kycSubmittedApplication, requiredPartiesAdded, workflowServer } from '../test-borrower';
import { call, type TestServer } from '../test-helpers';
import { ACCEPTED_AT, acceptanceOf, phoneKfs as phoneKfsOn } from '../test-kfs';

let s: TestServer;
let staff: string;
let reviewer: string;
let udaanStaff: string;

const setData = (appId: string, patch: Record<string, unknown>) =>
  s.db.query(`UPDATE applications SET data = data || $2::jsonb WHERE tenant_id='sahayog' AND id=$1`, [appId, JSON.stringify(patch)]);
const bre = (method: 'POST' | 'PATCH', json: unknown) => call(s.app, method, '/v1/bureau/bre', { token: reviewer, json });
const getKfs = (id: string, token = staff, host?: string) => call(s.app, 'GET', `/v1/app/mfi/${id}/kfs`, { token, host });
const preview = (json: unknown) => call(s.app, 'POST', '/v1/kfs/preview', { token: staff, json });

/** PD2 done, references added, the business visit given; the borrower is ABCDE1234F (bureau: 2,500 a month of EMIs). */
async function readyForOffer(visit: Record<string, unknown>, amountRequested = 100000) {
  const { id } = await kycSubmittedApplication(s, staff, { borrower: { amount_requested: amountRequested } });
  // The sanction gate's other conditions of an accept: the required co-borrower, a reference, both visits by both roles.
  await requiredPartiesAdded(s, staff, id);
  await s.db.query(
    `UPDATE applications SET status='PD2_COMPLETE', stages = stages || ARRAY['BUSINESS_INFO','BANK_ACCOUNT','CPV_BUSINESS_PLACE','CPV_RESIDENCE','REFERENCES']
     WHERE tenant_id='sahayog' AND id=$1`,
    [id],
  );
  await setData(id, {
    is_pd1_complete: true,
    is_pd2_complete: true,
    cpv_business: visit,
    pd1_visits: { business: visit, residence: {} },
    pd2_cpv: ['business', 'residence'],
    reference: [{ id: 'r1', type: 'PERSONAL_REFERENCE', name: 'Anil Joshi', phone: '9876500099', address: '14 FC Road, Pune' }],
  });
  return id;
}

const terms = (amount: number, tenure: number) => ({
  final_suggested_loan_amount: amount,
  risk_category_and_loan_type_wise_max_tenure: tenure,
  disbursement_date: '10-12-2026',
});
/** The KFS the phone shows for the terms above. */
const phoneKfs = (id: string, amount: number, tenure: number) => phoneKfsOn(id, amount, tenure, '10-12-2026');
beforeAll(async () => {
  ({ s, staff, reviewer, udaanStaff } = await workflowServer());
});
afterAll(async () => {
  await s.close();
});

describe('GET /v1/app/mfi/{id}/kfs and the accept that names it', () => {
  it("the KFS of the offer equals the phone's; the accept records number, version, hash, time, geotag and officer; the KFS shows it", async () => {
    const id = await readyForOffer({ monthly_sales: 100000, gross_margin_percentage: 25 });
    expect((await getKfs(id)).body).toMatchObject({ status_code: 409, message: KFS_MSG.noOffer });
    await bre('POST', { application_id: id });
    const updated = await bre('PATCH', { application_id: id, updated_info: terms(110000, 24), is_accepted: false });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);

    const r = await getKfs(id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const phone = await phoneKfs(id, 110000, 24);
    const { acceptance: none, ...kfs } = r.body.data;
    expect(none).toBeNull();
    expect(kfs).toEqual(phone);
    expect(kfs).toMatchObject({
      proposal_number: proposalNumber(id),
      version: KFS_VERSION,
      lender: { lender_name: 'Sahayog Microfinance Pvt. Ltd.', cooling_off_days: 3 },
    });
    expect(kfs.figures.schedule).toHaveLength(24);
    // Microfinance directions ¶ 7.4.3: no recovery call before 9 am or after 6 pm, no harassing of relatives.
    expect(kfs.lender.recovery_policy).toMatch(/between 9 am and 6 pm.*relatives/);
    expect(kfs.lender.grievance_officer).toEqual({ name: 'Meera Kulkarni', phone: '1800 210 4000', email: 'grievance@sahayog.example' });

    const accepted = await bre('PATCH', {
      application_id: id,
      updated_info: terms(110000, 24),
      is_accepted: true,
      kfs: acceptanceOf(phone),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const after = (await getKfs(id)).body.data;
    expect(after.acceptance).toMatchObject({
      proposal_number: phone.proposal_number,
      version: KFS_VERSION,
      hash: phone.hash,
      geo_tag: ACCEPTED_AT,
      officer_id: expect.any(Number),
    });
    expect(after.hash).toBe(phone.hash);
  });

  it('the acceptance records the language the borrower read the KFS in; one the phone does not offer → 400', async () => {
    const id = await readyForOffer({ monthly_sales: 100000, gross_margin_percentage: 25 });
    await bre('POST', { application_id: id });
    const phone = await phoneKfs(id, 100000, 24);
    const accept = (language: string) =>
      bre('PATCH', { application_id: id, updated_info: terms(100000, 24), is_accepted: true, kfs: { ...acceptanceOf(phone), language } });
    expect((await accept('fr')).status).toBe(400);
    expect((await getKfs(id)).body.data.acceptance).toBeNull();
    const accepted = await accept('hi');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await getKfs(id)).body.data.acceptance).toMatchObject({ hash: phone.hash, language: 'hi' });
  });

  it("the acceptance time is the server's: a back-dated phone time (2001) is kept only as device_accepted_at", async () => {
    const id = await readyForOffer({ monthly_sales: 100000, gross_margin_percentage: 25 });
    await bre('POST', { application_id: id });
    const phone = await phoneKfs(id, 100000, 24);
    const before = Date.now();
    const kfs = { ...acceptanceOf(phone), accepted_at: '2001-01-01T00:00:00.000Z' };
    const accepted = await bre('PATCH', { application_id: id, updated_info: terms(100000, 24), is_accepted: true, kfs });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const { acceptance } = (await getKfs(id)).body.data;
    expect(acceptance.device_accepted_at).toBe('2001-01-01T00:00:00.000Z');
    expect(Date.parse(acceptance.accepted_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(acceptance.accepted_at).toBe(acceptance.received_at);
  });

  it('an accept without a KFS → 400; naming another KFS (other terms) → 409; a forged hash → 409; nothing is sanctioned', async () => {
    const id = await readyForOffer({ monthly_sales: 100000, gross_margin_percentage: 25 });
    await bre('POST', { application_id: id });
    const accept = (kfs: unknown) => bre('PATCH', { application_id: id, updated_info: terms(100000, 24), is_accepted: true, kfs });
    expect((await accept(undefined)).body).toMatchObject({ status_code: 400, message: KFS_MSG.required });
    expect((await accept({ proposal_number: 'x' })).body).toMatchObject({ status_code: 400, message: KFS_MSG.required });
    expect((await accept('yes')).body).toMatchObject({ status_code: 400, message: KFS_MSG.required });
    const shownFor90k = await phoneKfs(id, 90000, 24);
    expect((await accept(acceptanceOf(shownFor90k))).body).toMatchObject({ status_code: 409, message: KFS_MSG.changed });
    expect((await accept({ ...acceptanceOf(await phoneKfs(id, 100000, 24)), hash: 'f'.repeat(64) })).body).toMatchObject({
      status_code: 409,
      message: KFS_MSG.changed,
    });
    const app = (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data;
    expect(app.sanctioned).toBeUndefined();
    expect(app.loan_offer.is_accepted).toBe(false);
  });

  it('an expired KFS (issued more than 3 working days ago) cannot be accepted; an update issues a new one that can', async () => {
    const id = await readyForOffer({ monthly_sales: 100000, gross_margin_percentage: 25 });
    await bre('PATCH', { application_id: id, updated_info: terms(100000, 24), is_accepted: false });
    const offer = (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data.loan_offer as LoanOffer;
    await setData(id, { loan_offer: { ...offer, kfs_issued_on: '02-11-2026' } });
    const kfs = (await getKfs(id)).body.data;
    expect(kfs).toMatchObject({ issued_on: '02-11-2026', valid_until: '05-11-2026' });
    const accept = () => bre('PATCH', { application_id: id, updated_info: terms(100000, 24), is_accepted: true, kfs: acceptanceOf(kfs) });
    expect((await accept()).body).toMatchObject({ status_code: 409, message: KFS_MSG.expired });
    await bre('PATCH', { application_id: id, updated_info: terms(100000, 24), is_accepted: false });
    expect((await getKfs(id)).body.data.issued_on).toBe(indiaToday(new Date()));
    expect((await accept()).status).toBe(200);
  });

  it('another tenant → 404; no token → 401; a malformed id → 404', async () => {
    const id = await readyForOffer({ monthly_sales: 100000, gross_margin_percentage: 25 });
    await bre('POST', { application_id: id });
    expect((await getKfs(id, udaanStaff, 'udaan.localhost')).status).toBe(404);
    expect((await call(s.app, 'GET', `/v1/app/mfi/${id}/kfs`, {})).status).toBe(401);
    expect((await getKfs('not-an-id')).status).toBe(404);
  });
});

describe('POST /v1/kfs/preview', () => {
  const body = {
    amount: 100000,
    tenure_months: 12,
    interest_rate: 24,
    processing_fee: 1180,
    insurance_fee: 500,
    disbursement_date: '21-12-2026',
  };
  it('answers apr, total payable, net disbursed and the schedule; the APR discounts its own schedule to the net amount', async () => {
    const r = await preview(body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data as {
      apr: number;
      total_payable: number;
      net_disbursed: number;
      schedule: { no: number; due_date: string; emi: number; principal: number; interest: number; balance: number }[];
    };
    expect(d).toMatchObject({ apr: 27.32, total_payable: 113471.53, net_disbursed: 98320 });
    expect(d.schedule[0]).toEqual({ no: 1, due_date: '05-02-2027', emi: 9455.96, principal: 7455.96, interest: 2000, balance: 92544.04 });
    expect(d.schedule.at(-1)).toMatchObject({ no: 12, balance: 0 });
    const at = (aprPct: number) => d.schedule.reduce((sum, row) => sum + row.emi / (1 + aprPct / 1200) ** row.no, 0);
    // The APR is rounded to 2 decimals, so the net amount lies between the values at APR ± 0.005.
    expect(at(d.apr + 0.005)).toBeLessThan(d.net_disbursed);
    expect(at(d.apr - 0.005)).toBeGreaterThan(d.net_disbursed);
    expect(d.total_payable).toBeCloseTo(
      d.schedule.reduce((sum, row) => sum + row.emi, 0),
      2,
    );
  });
  it('no fee: APR = the interest rate', async () => {
    expect((await preview({ ...body, processing_fee: 0, insurance_fee: 0 })).body.data.apr).toBe(24);
  });
  it.each([
    ['amount as text', { amount: '100000' }, KFS_PREVIEW_MSG.amount],
    ['no tenure', { tenure_months: undefined }, KFS_PREVIEW_MSG.tenure],
    ['tenure 1000', { tenure_months: 1000 }, KFS_PREVIEW_MSG.tenure],
    ['fees of the whole amount', { processing_fee: 100000 }, KFS_PREVIEW_MSG.feesBelowAmount],
    ['a date that is not one', { disbursement_date: '31-04-2027' }, KFS_PREVIEW_MSG.date],
    ['rate as null', { interest_rate: null }, KFS_PREVIEW_MSG.rate],
  ] as const)('%s → 400', async (_n, over, message) => {
    expect((await preview({ ...body, ...over })).body).toEqual({ success: false, status_code: 400, message });
  });
  it('not an object → 400; no token → 401', async () => {
    expect((await preview([1, 2])).status).toBe(400);
    expect((await preview('x')).status).toBe(400);
    expect((await call(s.app, 'POST', '/v1/kfs/preview', { json: body })).status).toBe(401);
  });
});

describe('the MFI household limits', () => {
  // Sales 80,000 at 25 % − rent 4,000 = 16,000 a month → cap 8,000 less the existing 2,500 → room 5,500 → 18 months: at
  // most 82,400; 24 months: 1,04,000. (Sales 50,000 at 30 % − 4,000 = 11,000 → room 3,000 → at 24 months 56,700: none.)
  const capped = { monthly_sales: 80000, gross_margin_percentage: 25, rent: 4000 };

  it('over the cap: the first offer is lowered to the largest amount that fits, with the household and the reason', async () => {
    const id = await readyForOffer(capped, 100000);
    const r = await bre('POST', { application_id: id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      final_suggested_loan_amount: 82400,
      risk_category_and_loan_type_wise_max_tenure: 18,
      max_loan_amount: 82400,
      household_refusal: null,
      household: { monthly_income: 16000, annual_income: 192000, existing_emis: 2500, repayment_cap: 8000, emi_room: 5500 },
    });
    expect(r.body.data.reason).toMatch(/household's 50 % repayment cap/);
  });

  it('an accept above the cap → 400 naming the maximum; at the maximum → accepted', async () => {
    const id = await readyForOffer(capped, 100000);
    await bre('POST', { application_id: id });
    const over = await bre('PATCH', {
      application_id: id,
      updated_info: terms(82500, 18),
      is_accepted: true,
      kfs: acceptanceOf(await phoneKfs(id, 82500, 18)),
    });
    expect(over.body).toEqual({ success: false, status_code: 400, message: HOUSEHOLD_MSG.overCap(82400) });
    expect(over.body.message).toBe(
      "The household's loan repayments would be above 50 % of its monthly income: the loan can be at most ₹82,400.00",
    );
    const ok = await bre('PATCH', {
      application_id: id,
      updated_info: terms(104000, 24),
      is_accepted: true,
      kfs: acceptanceOf(await phoneKfs(id, 104000, 24)),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.updated_info).toMatchObject({ is_accepted: true, final_suggested_loan_amount: 104000, max_loan_amount: 104000 });
  });

  it("a household co-borrower and the family add income and the co-borrower's loans; a guarantor adds nothing", async () => {
    const id = await readyForOffer(capped, 100000);
    const now = new Date().toISOString();
    const co = (rid: string, idx: number, type: string, relationship: string, pan: string) =>
      s.db.query(
        `INSERT INTO co_applicants (id, tenant_id, application_id, record_index, type, status, data, created_at, updated_at)
         VALUES ($1,'sahayog',$2,$3,$4,'APPROVED',$5::jsonb,$6::timestamptz,$6::timestamptz)`,
        [rid, id, idx, type, JSON.stringify({ relationship, income: 15000, pan }), now],
      );
    await co(`c1${id.slice(2)}`, 5, 'CO_BORROWER', 'SPOUSE', 'SUNTA7654D');
    await co(`c2${id.slice(2)}`, 6, 'GUARANTOR', 'OTHERS', 'PQRSX5678K');
    await s.db.query(
      `INSERT INTO family_members (id, tenant_id, application_id, record_index, data, created_at, updated_at) VALUES ($1,'sahayog',$2,0,$3::jsonb,$4::timestamptz,$4::timestamptz)`,
      [`f1${id.slice(2)}`, id, JSON.stringify({ income: 8000 }), now],
    );
    const r = await bre('POST', { application_id: id });
    expect(r.body.data.household).toEqual({
      business_net_monthly: 16000,
      co_borrower_monthly: 15000,
      family_monthly: 8000,
      monthly_income: 39000,
      annual_income: 468000,
      existing_emis: 3700,
      repayment_cap: 19500,
      emi_room: 15800,
    });
    // 4,68,000 a year: not a microfinance household.
    expect(r.body.data).toMatchObject({ max_loan_amount: 0, household_refusal: HOUSEHOLD_MSG.incomeLimit });
    const refused = await bre('PATCH', { application_id: id, updated_info: terms(75000, 24), is_accepted: false });
    expect(refused.body).toEqual({ success: false, status_code: 409, message: HOUSEHOLD_MSG.incomeLimit });
  });

  it('no room at any amount → 409 with the reason', async () => {
    const id = await readyForOffer({ monthly_sales: 50000, gross_margin_percentage: 30, rent: 4000 });
    const r = await bre('POST', { application_id: id });
    expect(r.body.data.household_refusal).toBe(HOUSEHOLD_MSG.noRoom);
    const refused = await bre('PATCH', { application_id: id, updated_info: terms(75000, 24), is_accepted: false });
    expect(refused.body).toEqual({ success: false, status_code: 409, message: HOUSEHOLD_MSG.noRoom });
  });
});

describe('kfsTermsOf', () => {
  it("reads the offer's money and dates", () => {
    const o = {
      final_suggested_loan_amount: 1,
      risk_category_and_loan_type_wise_max_tenure: 2,
      interest_rate: 3,
      total_processing_fee_amount: 4,
      insurance_fee: 5,
      disbursement_date: 'd',
    } as LoanOffer;
    expect(kfsTermsOf(o)).toEqual({
      amount: 1,
      tenure_months: 2,
      interest_rate: 3,
      processing_fee: 4,
      insurance_fee: 5,
      disbursement_date: 'd',
    });
  });
});
