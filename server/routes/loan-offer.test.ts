// Loan offer (REQ-OFFER-1 to REQ-OFFER-3; docs/workflow.md "Loan offer"): POST /v1/bureau/bre computes the offer once
// from the product table and keeps it; PATCH by the review role validates the ranges, recomputes the EMI, accepts
// (needs PD2) and then locks; the EMI start date rule route; gates, tenant isolation, idempotent replay; and the whole
// way from the CPV visits to a sanctioned loan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanAmountMessage } from '../../contracts/borrower';
import { KFS_MSG } from '../../contracts/kfs';
import { emi, emiStartDate, indiaToday, LOAN_OFFER_MSG } from '../../contracts/loan-offer';
import { REJECTED_MSG } from '../services/rejection';
import { kycSubmittedApplication, requiredPartiesAdded, uploadFor, workflowServer } from '../test-borrower';
import { acceptanceOf, phoneKfs } from '../test-kfs';
import { call, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let staff: string;
let reviewer: string;
let verifier: string;
let udaanStaff: string;

type Opts = { token?: string; host?: string; headers?: Record<string, string> };
const bre = (method: 'POST' | 'PATCH', json: unknown, o: Opts = {}) =>
  call(s.app, method, '/v1/bureau/bre', { token: o.token ?? reviewer, host: o.host, json, headers: o.headers });
const emiDate = (json: unknown, o: Opts = {}) =>
  call(s.app, 'POST', '/v1/bureau/get-emi-start-date-from-disbursement-date', { token: o.token ?? staff, host: o.host, json });
const application = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data;
const setData = (appId: string, patch: Record<string, unknown>) =>
  s.db.query(`UPDATE applications SET data = data || $2::jsonb WHERE tenant_id='sahayog' AND id=$1`, [appId, JSON.stringify(patch)]);

/**
 * A business visit whose household (net 25,000 a month, ₹3,00,000 a year, the limit itself; ABCDE1234F's existing EMIs
 * 2,500) leaves 10,000 a month for this loan: every amount these tests offer fits (the cap has tests of its own).
 */
const VISIT = { monthly_sales: 100000, gross_margin_percentage: 25 };

const REFERENCE = { id: 'r1', type: 'PERSONAL_REFERENCE', name: 'Anil Joshi', phone: '9876500099', address: '14 FC Road, Pune' };

/** Earlier steps are other helpers': their markers (and PD2 when asked) are set directly. */
async function referencesDone(opts: { stages?: string[]; pd2?: boolean } = {}) {
  const { id } = await kycSubmittedApplication(s, staff);
  // The sanction gate's other conditions of an accept: the required co-borrower, a reference, both visits by both roles.
  await requiredPartiesAdded(s, staff, id);
  await setData(id, { cpv_business: VISIT, reference: [REFERENCE] });
  for (const st of opts.stages ?? ['BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES']) {
    await s.db.query(`UPDATE applications SET stages = array_append(stages, $2) WHERE tenant_id='sahayog' AND id=$1`, [id, st]);
  }
  if (opts.pd2) {
    await s.db.query(`UPDATE applications SET status='PD2_COMPLETE' WHERE tenant_id='sahayog' AND id=$1`, [id]);
    await setData(id, {
      is_pd1_complete: true,
      is_pd2_complete: true,
      pd1_visits: { business: VISIT, residence: {} },
      pd2_cpv: ['business', 'residence'],
    });
  }
  return id;
}

const update = (id: string, over: Record<string, unknown> = {}, is_accepted = false) => ({
  application_id: id,
  is_accepted,
  updated_info: {
    final_suggested_loan_amount: 100000,
    risk_category_and_loan_type_wise_max_tenure: 12,
    disbursement_date: '10-12-2026',
    emi_start_date: '',
    ...over,
  },
});

/** An accept as the phone sends it: the KFS it built from the same terms, with when and where. */
async function acceptBody(id: string, over: Record<string, unknown> = {}) {
  const body = update(id, over, true);
  const info = body.updated_info;
  return {
    ...body,
    kfs: acceptanceOf(
      await phoneKfs(
        id,
        Number(info.final_suggested_loan_amount),
        info.risk_category_and_loan_type_wise_max_tenure,
        info.disbursement_date,
      ),
    ),
  };
}

beforeAll(async () => {
  ({ s, staff, reviewer, udaanStaff } = await workflowServer());
  verifier = await signIn(s.app, '9000000003', 'sahayog.localhost');
});
afterAll(async () => {
  await s.close();
});

describe('POST /v1/bureau/bre (loan offer fetch)', () => {
  it('the first offer from the product table (MFI, PAN ABCDE1234F → score 656, 18 months), stored; a second fetch answers it unchanged', async () => {
    const id = await referencesDone();
    // The officer reads the offer; nothing is stored under its name (reading is no write).
    const read = await bre('POST', { application_id: id }, { token: staff });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect((await application(id)).loan_offer).toBeUndefined();
    const r = await bre('POST', { application_id: id });
    expect(r.body.data).toEqual(read.body.data);
    const today = indiaToday(new Date());
    expect(r.body).toEqual({
      success: true,
      status_code: 200,
      data: {
        bre_score: 656,
        decision: 'APPROVED',
        interest_rate: 24,
        final_suggested_emi: emi(100000, 24, 18),
        total_processing_fee_amount: 1180,
        insurance_fee: 500,
        final_suggested_loan_amount: 100000,
        risk_category_and_loan_type_wise_max_tenure: 18,
        disbursement_date: today,
        emi_start_date: emiStartDate(today),
        is_accepted: false,
        reason: 'BRE score in the standard band',
        kfs_issued_on: today,
        household: {
          business_net_monthly: 25000,
          co_borrower_monthly: 0,
          family_monthly: 0,
          monthly_income: 25000,
          annual_income: 300000,
          existing_emis: 2500,
          repayment_cap: 12500,
          emi_room: 10000,
        },
        max_loan_amount: 125000,
        household_refusal: null,
      },
    });
    const { household: _h, max_loan_amount: _m, household_refusal: _r, ...stored } = r.body.data;
    expect((await application(id)).loan_offer).toEqual(stored);
    expect((await bre('POST', { application_id: id })).body.data).toEqual(r.body.data);
  });

  it('no REFERENCES → 409; rejected → 409; bad id → 400; another tenant → 404; no token → 401', async () => {
    const id = await referencesDone({ stages: ['BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE'] });
    const r = await bre('POST', { application_id: id });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(LOAN_OFFER_MSG.referencesFirst);
    const rej = await referencesDone();
    await setData(rej, { approval_checks: { decision: 'REJECTED', reasons: ['X'] } });
    expect((await bre('POST', { application_id: rej })).body.message).toBe(REJECTED_MSG);
    expect((await bre('POST', { application_id: 'nope' })).status).toBe(400);
    const ok = await referencesDone();
    expect((await bre('POST', { application_id: ok }, { token: udaanStaff, host: 'udaan.localhost' })).status).toBe(404);
    expect((await call(s.app, 'POST', '/v1/bureau/bre', { json: { application_id: ok } })).status).toBe(401);
  });
});

describe('PATCH /v1/bureau/bre (loan offer update / accept)', () => {
  it('the review role changes amount, tenure and date: money recomputed, EMI start by the rule (the sent one ignored)', async () => {
    const id = await referencesDone();
    await bre('POST', { application_id: id });
    const r = await bre(
      'PATCH',
      update(id, {
        final_suggested_loan_amount: '120000',
        risk_category_and_loan_type_wise_max_tenure: 24,
        disbursement_date: '21-12-2026',
        emi_start_date: '01-01-2030',
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data.updated_info).toMatchObject({
      final_suggested_loan_amount: 120000,
      risk_category_and_loan_type_wise_max_tenure: 24,
      final_suggested_emi: emi(120000, 24, 24),
      total_processing_fee_amount: 1416,
      insurance_fee: 600,
      disbursement_date: '21-12-2026',
      emi_start_date: '05-02-2027',
      is_accepted: false,
      bre_score: 656,
      interest_rate: 24,
    });
    expect((await application(id)).loan_offer).toMatchObject({ final_suggested_loan_amount: 120000, is_accepted: false });
    expect((await application(id)).sanctioned).toBeUndefined();
  });

  it("out of the product's range → 400 with the borrower form's messages; a bad date → 400", async () => {
    const id = await referencesDone();
    expect((await bre('PATCH', update(id, { final_suggested_loan_amount: 70000 }))).body.message).toBe(
      loanAmountMessage('MFI_BUSINESS_LOAN'),
    );
    expect((await bre('PATCH', update(id, { risk_category_and_loan_type_wise_max_tenure: 36 }))).body.message).toBe(
      'Loan tenure must be between 12 and 24 months',
    );
    expect((await bre('PATCH', update(id, { disbursement_date: '32-12-2026' }))).body.message).toBe(LOAN_OFFER_MSG.invalidDisbursementDate);
  });

  it('other roles → 403; accepting before PD2 → 409', async () => {
    const id = await referencesDone();
    for (const token of [staff, verifier]) {
      const r = await bre('PATCH', update(id), { token });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(LOAN_OFFER_MSG.reviewRoleOnly);
    }
    const r = await bre('PATCH', await acceptBody(id));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(LOAN_OFFER_MSG.pd2First);
  });

  it("accept (PD2 complete): sanctioned; later PATCH → 409 'Loan offer already accepted'; a CPV visit → 409; the fetch answers the accepted offer", async () => {
    const id = await referencesDone({ pd2: true });
    const r = await bre('PATCH', await acceptBody(id));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.updated_info.is_accepted).toBe(true);
    expect((await application(id)).sanctioned).toBe(true);
    const again = await bre('PATCH', update(id, { final_suggested_loan_amount: 90000 }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Loan offer already accepted');
    expect((await bre('POST', { application_id: id })).body.data.is_accepted).toBe(true);
    const cpv = await call(s.app, 'POST', `/v1/app/mfi/${id}/residence-cpv-info`, {
      token: verifier,
      json: { phone: '9876543210', verification_type: 'RESIDENCE_VERIFICATION' },
    });
    expect(cpv.status).toBe(409);
  });

  it('a replayed accept with the same Idempotency-Key answers the first response again; one accept event', async () => {
    const id = await referencesDone({ pd2: true });
    const headers = { 'Idempotency-Key': `bre-${id}` };
    const body = await acceptBody(id);
    const a = await bre('PATCH', body, { headers });
    const b = await bre('PATCH', body, { headers });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const events = await s.db.query<{ body: { action: string } }>(
      `SELECT body FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind='loan_offer'`,
      [id],
    );
    expect(events.map((e) => e.body.action)).toEqual(['accept']);
  });
});

describe('POST /v1/bureau/get-emi-start-date-from-disbursement-date', () => {
  it('the rule: up to the 20th → 5th of next month; after → 5th of the month after next; bad date → 400; no token → 401', async () => {
    expect((await emiDate({ disbursement_date_str: '20-01-2027' })).body).toEqual({
      success: true,
      status_code: 200,
      data: { emi_start_date: '05-02-2027' },
    });
    expect((await emiDate({ disbursement_date_str: '21-12-2026' })).body.data.emi_start_date).toBe('05-02-2027');
    const bad = await emiDate({ disbursement_date_str: '2026-12-21' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid disbursement date');
    expect((await emiDate({})).status).toBe(400);
    expect(
      (await call(s.app, 'POST', '/v1/bureau/get-emi-start-date-from-disbursement-date', { json: { disbursement_date_str: '01-01-2027' } }))
        .status,
    ).toBe(401);
  });
});

describe('the whole way: CPV visits → PD1 review → PD2 → references → offer accepted', () => {
  it('statuses DRAFT → PD1_REVIEW → CREDIT_APPROVED → PD2_COMPLETE, then sanctioned', async () => {
    const { id } = await kycSubmittedApplication(s, staff);
    await requiredPartiesAdded(s, staff, id);
    for (const st of ['BUSINESS_INFO', 'BANK_ACCOUNT']) {
      await s.db.query(`UPDATE applications SET stages = array_append(stages, $2) WHERE tenant_id='sahayog' AND id=$1`, [id, st]);
    }
    const qr = await uploadFor(s, staff, id, 'QR_CODE');
    const shopSelfie = await uploadFor(s, staff, id, 'SHOP_SELFIE');
    const houseSelfie = await uploadFor(s, staff, id, 'HOUSE_SELFIE');
    const business = {
      phone: '9876543210',
      verification_type: 'BUSINESS_PLACE_VERIFICATION',
      qr_code_upload: qr,
      shop_selfie_photo_file: shopSelfie,
      ...VISIT,
    };
    const residence = { phone: '9876543210', verification_type: 'RESIDENCE_VERIFICATION', house_selfie_photo_file: houseSelfie };
    const visit = (variant: string, json: unknown, token: string) =>
      call(s.app, 'POST', `/v1/app/mfi/${id}/${variant}-cpv-info`, { token, json });

    expect((await visit('business', business, verifier)).body.data.status).toBe('DRAFT');
    expect((await visit('residence', residence, verifier)).body.data.status).toBe('PD1_REVIEW');
    const pd1 = await call(s.app, 'POST', `/v1/app/mfi/${id}/pd1-review`, { token: verifier, json: { decision: 'APPROVE' } });
    expect(pd1.body.data).toMatchObject({ status: 'CREDIT_APPROVED', is_pd1_complete: true });
    await visit('business', business, reviewer);
    expect((await visit('residence', residence, reviewer)).body.data).toMatchObject({ status: 'PD2_COMPLETE', is_pd2_complete: true });
    const refs = await call(s.app, 'PATCH', `/v1/app/mfi/${id}/reference`, {
      token: reviewer,
      json: { references: [{ type: 'PERSONAL_REFERENCE', name: 'Vijay Pawar', phone: '9876512345', address: '45 FC Road, Pune' }] },
    });
    expect(refs.body.message).toBe('Reference(s) added successfully!');
    expect((await bre('POST', { application_id: id })).status).toBe(200);
    expect((await bre('PATCH', update(id, {}, true))).body.message).toBe(KFS_MSG.required);
    expect((await bre('PATCH', await acceptBody(id))).status).toBe(200);
    expect(await application(id)).toMatchObject({ status: 'PD2_COMPLETE', sanctioned: true, is_pd1_complete: true, is_pd2_complete: true });
  });
});
