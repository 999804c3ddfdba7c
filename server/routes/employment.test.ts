// Employment (REQ-EMP-1; docs/workflow.md "Employment"): POST /v1/app/mfi/{id}/employment-info stores
// data.employment_info without a stage marker; the rule messages; salary slips and id card must be uploads of this
// application; borrower first; owner, tenant and rejection checks; idempotent replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { EMPLOYMENT_SERVER_MSG } from '../services/employment';
import { KYC_SERVER_MSG } from '../services/kyc-submit';
import { REJECTED_MSG } from '../services/rejection';
import { kycSubmittedApplication, uploadFor, verifiedBorrowerApplication, workflowServer } from '../test-borrower';
import { call, type TestServer } from '../test-helpers';

const _SAHAYOG = 'sahayog.localhost';
const UDAAN = 'udaan.localhost';

let s: TestServer;
let staff: string;
let colleague: string;
let udaanStaff: string;

type Opts = { token?: string; host?: string; headers?: Record<string, string> };
const post = (appId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'POST', `/v1/app/mfi/${appId}/employment-info`, { token: o.token ?? staff, host: o.host, json: body, headers: o.headers });
const application = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data;
const eventCount = async (appId: string) =>
  (
    await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind='employment_info'`,
      [appId],
    )
  )[0]?.n;

type Files = { salary_slip1: string; salary_slip2: string; salary_slip3: string; company_id_card: string };
const upload = (appId: string, fileType: string, pdf = true) =>
  uploadFor(s, staff, appId, fileType, { pdf, uploadType: 'LOAN_APPLICANT_EMPLOYMENT_INFO' });

/** A borrower application (BORROWER_INFO) with three salary slips and a company id card uploaded for it. */
async function withSlips(): Promise<{ id: string; files: Files }> {
  const { id } = await verifiedBorrowerApplication(s, staff);
  const files = {
    salary_slip1: await upload(id, 'SALARY_SLIP'),
    salary_slip2: await upload(id, 'SALARY_SLIP'),
    salary_slip3: await upload(id, 'SALARY_SLIP'),
    company_id_card: await upload(id, 'COMPANY_ID_CARD', false),
  };
  return { id, files };
}

const employmentBody = (files: Partial<Files>, over: Record<string, unknown> = {}) => ({
  company_name: 'Tata Motors',
  designation: 'Supervisor',
  official_email: 'r.kumar@tata.example',
  monthly_in_hand_salary: 25000,
  work_experience_years: 4,
  work_experience_months: 6,
  company_pincode: '411018',
  company_city: 'Pune',
  company_state: 'Maharashtra',
  company_address: 'Plot 5, MIDC Pimpri',
  company_address_type: 'RENTED',
  company_website_link: 'https://tata.example',
  company_sector: 'Manufacturing',
  ...files,
  ...over,
});

beforeAll(async () => {
  ({ s, staff, colleague, udaanStaff } = await workflowServer());
});
afterAll(async () => {
  await s.close();
});

describe('POST /v1/app/mfi/{id}/employment-info', () => {
  it('200 with the application; the fields in data.employment_info; no stage marker; one event', async () => {
    const { id, files } = await withSlips();
    const r = await post(id, employmentBody(files, { unknown_key: 'dropped' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, status_code: 200, data: { id, stages: ['BORROWER_INFO'] } });
    expect(r.body.data.employment_info).toEqual(employmentBody(files));
    expect((await application(id)).employment_info).toEqual(r.body.data.employment_info);
    expect(await eventCount(id)).toBe(1);
  });

  it('only the pincode, address type and three slips are needed; amounts as digits become numbers; an unchanged resubmit writes nothing', async () => {
    const { id, files } = await withSlips();
    const body = {
      company_pincode: '411018',
      company_address_type: 'OWNED',
      monthly_in_hand_salary: '18000',
      salary_slip1: files.salary_slip1,
      salary_slip2: files.salary_slip2,
      salary_slip3: files.salary_slip3,
    };
    const r = await post(id, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.employment_info).toMatchObject({
      monthly_in_hand_salary: 18000,
      work_experience_years: null,
      company_id_card: '',
      company_name: '',
    });
    const again = await post(id, body);
    expect(again.body.data.updated_at).toBe(r.body.data.updated_at);
    expect(await eventCount(id)).toBe(1);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['salary slip 1 missing', { salary_slip1: undefined }, 'Missing salary slip 1'],
    ['salary slip 2 empty', { salary_slip2: '' }, 'Missing salary slip 2'],
    ['salary slip 3 missing', { salary_slip3: undefined }, 'Missing salary slip 3'],
    ['company pincode', { company_pincode: '41101' }, 'Invalid pincode'],
    ['company address type', { company_address_type: undefined }, 'Please select company address type'],
    ['official email', { official_email: 'r.kumar@' }, 'Invalid email'],
  ])('%s → 400 with its message, nothing stored', async (_n, over, message) => {
    const { id, files } = await withSlips();
    const r = await post(id, employmentBody(files, over));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, status_code: 400, message });
    expect((await application(id)).employment_info).toBeUndefined();
  });

  it.each(['salary_slip2', 'company_id_card'] as const)('a %s uploaded for another application → 400, nothing stored', async (field) => {
    const { id, files } = await withSlips();
    const other = await withSlips();
    const r = await post(id, employmentBody({ ...files, [field]: other.files[field] }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(KYC_SERVER_MSG.fileNotFound);
    expect((await application(id)).employment_info).toBeUndefined();
  });

  it('before the borrower submit (no BORROWER_INFO) → 409', async () => {
    const { id } = await verifiedBorrowerApplication(s, staff, { submit: false });
    const files = {
      salary_slip1: await upload(id, 'SALARY_SLIP'),
      salary_slip2: await upload(id, 'SALARY_SLIP'),
      salary_slip3: await upload(id, 'SALARY_SLIP'),
    };
    const r = await post(id, employmentBody(files));
    expect(r.body).toEqual({ success: false, status_code: 409, message: EMPLOYMENT_SERVER_MSG.borrowerFirst });
  });

  it("a rejected application → 409 'Application Rejected!'", async () => {
    const { id } = await kycSubmittedApplication(s, staff, { pan: 'BADCR1234D' });
    const files = {
      salary_slip1: await upload(id, 'SALARY_SLIP'),
      salary_slip2: await upload(id, 'SALARY_SLIP'),
      salary_slip3: await upload(id, 'SALARY_SLIP'),
    };
    const r = await post(id, employmentBody(files));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(REJECTED_MSG);
  });

  it('another officer (403), another tenant (404), no token (401); nothing stored', async () => {
    const { id, files } = await withSlips();
    expect((await post(id, employmentBody(files), { token: colleague })).body).toMatchObject({
      status_code: 403,
      message: SERVER_MSG.forbidden,
    });
    expect((await post(id, employmentBody(files), { token: udaanStaff, host: UDAAN })).status).toBe(404);
    expect((await call(s.app, 'POST', `/v1/app/mfi/${id}/employment-info`, { json: employmentBody(files) })).status).toBe(401);
    expect((await application(id)).employment_info).toBeUndefined();
  });

  it('a replay with the same Idempotency-Key answers the first response again; one event', async () => {
    const { id, files } = await withSlips();
    const headers = { 'Idempotency-Key': `emp-${id}` };
    const first = await post(id, employmentBody(files), { headers });
    const replay = await post(id, employmentBody(files), { headers });
    expect(first.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await eventCount(id)).toBe(1);
  });
});
