// CPV (REQ-CPV-1; docs/workflow.md "CPV and PD1 / PD2"): the business and residence visits, their rules and
// gates (BANK_ACCOUNT, rejection, unapproved deviations, the review role's ACM selfies, files of this application), the
// status machine DRAFT → PD1_REVIEW → (pd1-review) CREDIT_APPROVED / DRAFT → (review role's visits) PD2_COMPLETE,
// tenant isolation and idempotent replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPV_MSG, CPV_SERVER_MSG, PD1_REVIEW_MSG } from '../../contracts/cpv';
import { KYC_SERVER_MSG } from '../services/kyc-submit';
import { REJECTED_MSG } from '../services/rejection';
import { kycSubmittedApplication, requiredPartiesAdded, uploadFor, workflowServer } from '../test-borrower';
import { call, signIn, type TestServer } from '../test-helpers';

const UDAAN = 'udaan.localhost';
const GEO = JSON.stringify({ latitude: 18.52, longitude: 73.85 });

let s: TestServer;
let staff: string; // initiating officer
let reviewer: string; // BRANCH_CREDIT_MANAGER: review role
let verifier: string; // BRANCH_MANAGER: verification role
let udaanStaff: string;

type Opts = { token?: string; host?: string; headers?: Record<string, string> };
const cpv = (variant: 'business' | 'residence', appId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'POST', `/v1/app/mfi/${appId}/${variant}-cpv-info`, {
    token: o.token ?? verifier,
    host: o.host,
    json: body,
    headers: o.headers,
  });
const pd1 = (appId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'POST', `/v1/app/mfi/${appId}/pd1-review`, { token: o.token ?? verifier, host: o.host, json: body });
const application = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data;
const setData = (appId: string, patch: Record<string, unknown>) =>
  s.db.query(`UPDATE applications SET data = data || $2::jsonb WHERE tenant_id='sahayog' AND id=$1`, [appId, JSON.stringify(patch)]);

/** Business details and bank account are other helpers' steps: their markers are set directly. */
async function bankDone(opts: { bank?: boolean } = {}) {
  const { id } = await kycSubmittedApplication(s, staff);
  // The sanction gate holds every visit of a loan without its required co-borrower.
  await requiredPartiesAdded(s, staff, id);
  const stages = opts.bank === false ? ['BUSINESS_INFO'] : ['BUSINESS_INFO', 'BANK_ACCOUNT'];
  for (const st of stages)
    await s.db.query(`UPDATE applications SET stages = array_append(stages, $2) WHERE tenant_id='sahayog' AND id=$1`, [id, st]);
  const up = (t: string) => uploadFor(s, staff, id, t);
  return { id, shop: await up('SHOP_PHOTO'), qr: await up('QR_CODE'), selfie: await up('SHOP_SELFIE'), house: await up('HOUSE_SELFIE') };
}
type Files = Awaited<ReturnType<typeof bankDone>>;

const businessBody = (f: Files, over: Record<string, unknown> = {}) => ({
  phone: '9876543210',
  verification_type: 'BUSINESS_PLACE_VERIFICATION',
  shop_photo_file: f.shop,
  shop_photo_file_geo_tag: GEO,
  qr_code_upload: f.qr,
  monthly_sales: '50000',
  rent: 5000,
  remaks: 'Shop seen',
  ...over,
});
const residenceBody = (_f: Files, over: Record<string, unknown> = {}) => ({
  phone: '9876543210',
  verification_type: 'RESIDENCE_VERIFICATION',
  house_rent: '3000',
  food_expenses: 8000,
  ...over,
});

beforeAll(async () => {
  ({ s, staff, reviewer, udaanStaff } = await workflowServer());
  verifier = await signIn(s.app, '9000000003', 'sahayog.localhost');
});
afterAll(async () => {
  await s.close();
});

describe('POST /v1/app/mfi/{id}/business-cpv-info and /residence-cpv-info', () => {
  it('business place visit: 200 with approval_checks APPROVED, data.cpv_business (numbers coerced), CPV_BUSINESS_PLACE added; status stays DRAFT', async () => {
    const f = await bankDone();
    const r = await cpv('business', f.id, businessBody(f));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.status_code).toBe(200);
    // The stored decision, as the KYC step made it (with the identity it was made for): APPROVED, no reasons.
    expect(r.body.data.approval_checks).toMatchObject({ decision: 'APPROVED', reasons: [] });
    expect(r.body.data.approval_checks.decided_for).toMatchObject({ pan: expect.any(String) });
    expect(r.body.data.cpv_business).toMatchObject({
      monthly_sales: 50000,
      rent: 5000,
      salary: 0,
      qr_code_upload: f.qr,
      remaks: 'Shop seen',
    });
    expect(r.body.data.stages).toEqual([
      'BORROWER_INFO',
      'BORROWER_BASIC_INFO',
      'CO_BORROWER',
      'BUSINESS_INFO',
      'BANK_ACCOUNT',
      'CPV_BUSINESS_PLACE',
    ]);
    expect(r.body.data.status).toBe('DRAFT');
    expect((await application(f.id)).cpv_business.shop_photo_file_geo_tag).toBe(GEO);
  });

  it('the initiating officer does not make the visits (403); a resubmit keeps the stage once', async () => {
    const f = await bankDone();
    expect((await cpv('residence', f.id, residenceBody(f), { token: staff })).status).toBe(403);
    expect((await cpv('residence', f.id, residenceBody(f))).status).toBe(200);
    const again = await cpv('residence', f.id, residenceBody(f, { house_rent: 3500 }));
    expect(again.status).toBe(200);
    expect(again.body.data.cpv_residence.house_rent).toBe(3500);
    expect(again.body.data.stages.filter((x: string) => x === 'CPV_RESIDENCE')).toHaveLength(1);
  });

  it("rule messages (400): QR code, a negative number by its label, the mobile pattern, the route's verification type", async () => {
    const f = await bankDone();
    const msg = async (variant: 'business' | 'residence', body: unknown) => (await cpv(variant, f.id, body)).body.message;
    expect(await msg('business', businessBody(f, { qr_code_upload: '' }))).toBe(
      'QR Code Upload is required for Business Place Verification',
    );
    expect(await msg('business', businessBody(f, { rent: -1 }))).toBe('Rent must be a non-negative number');
    expect(await msg('residence', residenceBody(f, { medical_expenses: 'x' }))).toBe('Medical Expenses must be a non-negative number');
    expect(await msg('business', businessBody(f, { phone: '12345' }))).toBe('Invalid mobile number');
    expect(await msg('business', businessBody(f, { verification_type: undefined }))).toBe('Invalid verification type');
    expect(await msg('residence', businessBody(f))).toBe(CPV_MSG.verificationType);
    expect((await application(f.id)).stages).not.toContain('CPV_BUSINESS_PLACE');
  });

  it('the review role needs the ACM selfie of the visit (400), then passes', async () => {
    const f = await bankDone();
    // The review role visits after PD1 (contracts/authority.ts): the status is set directly.
    await s.db.query(`UPDATE applications SET status='CREDIT_APPROVED' WHERE tenant_id='sahayog' AND id=$1`, [f.id]);
    expect((await cpv('business', f.id, businessBody(f), { token: reviewer })).body.message).toBe('Shop selfie with ACM is required');
    expect((await cpv('residence', f.id, residenceBody(f), { token: reviewer })).body.message).toBe('House selfie with ACM is required');
    expect((await cpv('business', f.id, businessBody(f, { shop_selfie_photo_file: f.selfie }), { token: reviewer })).status).toBe(200);
    expect((await cpv('residence', f.id, residenceBody(f, { house_selfie_photo_file: f.house }), { token: reviewer })).status).toBe(200);
  });

  it('a file that is not an upload of this application → 400', async () => {
    const f = await bankDone();
    const other = await bankDone();
    const r = await cpv('business', f.id, businessBody(f, { shop_photo_file: other.shop }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(KYC_SERVER_MSG.fileNotFound);
  });

  it("no BANK_ACCOUNT → 409; a rejected application → 409 'Application Rejected!'", async () => {
    const f = await bankDone({ bank: false });
    const r = await cpv('business', f.id, businessBody(f));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(CPV_SERVER_MSG.bankFirst);
    const g = await bankDone();
    await setData(g.id, { approval_checks: { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'] } });
    const rej = await cpv('business', g.id, businessBody(g));
    expect(rej.status).toBe(409);
    expect(rej.body.message).toBe(REJECTED_MSG);
  });

  it("an unapproved deviation (borrower, bank, or a co-applicant's) → 409 'Cannot proceed with unapproved deviations'; approved ones do not block, and a stored is_match no longer clears one", async () => {
    const f = await bankDone();
    const dev = (status: string, is_match = false) => ({ type: 'BANK_NAME_MISMATCH_DEVIATION', info: { is_match }, status });
    await setData(f.id, { bank_account: { deviations: [dev('PENDING')] } });
    const r = await cpv('business', f.id, businessBody(f));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Cannot proceed with unapproved deviations');
    await setData(f.id, { bank_account: { deviations: [dev('APPROVED')] }, deviations: [dev('REJECTED')] });
    expect((await cpv('business', f.id, businessBody(f))).status).toBe(409);
    await setData(f.id, { deviations: [dev('PENDING', true)] });
    expect((await cpv('business', f.id, businessBody(f))).status).toBe(409);
    await setData(f.id, { deviations: [dev('APPROVED')] });
    expect((await cpv('business', f.id, businessBody(f))).status).toBe(200);
    const now = new Date().toISOString();
    await s.db.query(
      `INSERT INTO co_applicants (id, tenant_id, application_id, record_index, type, status, data, created_at, updated_at)
       VALUES ($1, 'sahayog', $2, 5, 'CO_BORROWER', 'APPROVED', $3::jsonb, $4::timestamptz, $4::timestamptz)`,
      ['c'.repeat(32), f.id, JSON.stringify({ deviations: [dev('PENDING')] }), now],
    );
    expect((await cpv('residence', f.id, residenceBody(f))).body.message).toBe(CPV_MSG.unapprovedDeviations);
  });

  it('tenant isolation: another tenant → 404; no token → 401; a guest-free staff route', async () => {
    const f = await bankDone();
    expect((await cpv('business', f.id, businessBody(f), { token: udaanStaff, host: UDAAN })).status).toBe(404);
    const anon = await call(s.app, 'POST', `/v1/app/mfi/${f.id}/business-cpv-info`, { json: businessBody(f) });
    expect(anon.status).toBe(401);
  });

  it('a replay with the same Idempotency-Key answers the first response again; one event', async () => {
    const f = await bankDone();
    const headers = { 'Idempotency-Key': `cpv-${f.id}` };
    const a = await cpv('business', f.id, businessBody(f), { headers });
    const b = await cpv('business', f.id, businessBody(f), { headers });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const events = await s.db.query(`SELECT 1 FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind='cpv'`, [
      f.id,
    ]);
    expect(events).toHaveLength(1);
  });

  it('a client body cannot set cpv_business, status flags or remarks through PATCH /v1/app/mfi/{id}', async () => {
    const f = await bankDone();
    await call(s.app, 'PATCH', `/v1/app/mfi/${f.id}`, {
      token: staff,
      json: { cpv_business: { x: 1 }, is_pd1_complete: true, sanctioned: true, remarks: 'x', reference: [], loan_offer: {} },
    });
    const app = await application(f.id);
    for (const k of ['cpv_business', 'is_pd1_complete', 'sanctioned', 'remarks', 'reference', 'loan_offer']) expect(app[k]).toBeUndefined();
  });
});

describe('status machine: PD1 and PD2', () => {
  it("both visits → PD1_REVIEW; APPROVE → CREDIT_APPROVED (is_pd1_complete); the review role's two visits → PD2_COMPLETE (is_pd2_complete)", async () => {
    const f = await bankDone();
    expect((await cpv('business', f.id, businessBody(f))).body.data.status).toBe('DRAFT');
    const r = await cpv('residence', f.id, residenceBody(f));
    expect(r.body.data.status).toBe('PD1_REVIEW');
    expect(r.body.data.is_pd1_complete).toBeUndefined();

    const ok = await pd1(f.id, { decision: 'APPROVE', remarks: 'Visits fine' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'CREDIT_APPROVED', is_pd1_complete: true, remarks: 'Visits fine' });
    // The approved visits are kept as PD1's, so PD2 can show them beside its own.
    expect(ok.body.data.pd1_visits).toMatchObject({ business: { monthly_sales: 50000, rent: 5000 }, residence: { house_rent: 3000 } });

    // After approval the visits are the review role's: the verification role is refused (409).
    expect((await cpv('business', f.id, businessBody(f, { rent: 1 }))).status).toBe(409);
    const b = await cpv('business', f.id, businessBody(f, { shop_selfie_photo_file: f.selfie }), { token: reviewer });
    expect(b.body.data).toMatchObject({ status: 'CREDIT_APPROVED', pd2_cpv: ['business'] });
    const res = await cpv('residence', f.id, residenceBody(f, { house_selfie_photo_file: f.house }), { token: reviewer });
    expect(res.body.data).toMatchObject({ status: 'PD2_COMPLETE', is_pd2_complete: true, pd2_cpv: ['business', 'residence'] });
    expect(res.body.data.pd1_visits.business).toMatchObject({ monthly_sales: 50000 });
    expect(res.body.data.cpv_business.shop_selfie_photo_file).toBe(f.selfie);
  });

  it('SEND_BACK needs remarks, → DRAFT with remarks; the next visit puts it back in PD1_REVIEW', async () => {
    const f = await bankDone();
    await cpv('business', f.id, businessBody(f));
    await cpv('residence', f.id, residenceBody(f));
    expect((await pd1(f.id, { decision: 'SEND_BACK' })).body.message).toBe(PD1_REVIEW_MSG.remarks);
    expect((await pd1(f.id, { decision: 'MAYBE' })).body.message).toBe('Invalid decision');
    const back = await pd1(f.id, { decision: 'SEND_BACK', remarks: 'Shop photo blurred' });
    expect(back.body.data).toMatchObject({ status: 'DRAFT', is_pd1_complete: false, remarks: 'Shop photo blurred' });
    expect((await cpv('business', f.id, businessBody(f, { rent: 10 }))).body.data.status).toBe('PD1_REVIEW');
  });

  it('pd1-review: other roles → 403; not in PD1_REVIEW → 409; another tenant → 404', async () => {
    const f = await bankDone();
    expect((await pd1(f.id, { decision: 'APPROVE' })).status).toBe(409);
    expect((await pd1(f.id, { decision: 'APPROVE' })).body.message).toBe(PD1_REVIEW_MSG.notInReview);
    await cpv('business', f.id, businessBody(f));
    await cpv('residence', f.id, residenceBody(f));
    for (const token of [staff, reviewer]) {
      const r = await pd1(f.id, { decision: 'APPROVE' }, { token });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(PD1_REVIEW_MSG.verificationRoleOnly);
    }
    expect((await pd1(f.id, { decision: 'APPROVE' }, { token: udaanStaff, host: UDAAN })).status).toBe(404);
  });
});
