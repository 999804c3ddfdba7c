// Guest scope: a public visitor's guest token reads and changes only the application its OTP created or
// returned (and that application's co-applicants, family members, references, files) through the step routes the
// public flow uses; any other application, another visitor's or a staff one, is 403 'You do not have access to this
// resource' and nothing in the database changes. Staff-only routes stay closed to guests; staff behaviour is unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { REFERENCE_MSG } from '../../contracts/references';
import { coApplicantBody, kycBody, kycSubmittedApplication, uploadFor, verifiedCoApplicantBody, workflowServer } from '../test-borrower';
import { blob, call, form, jpegBytes, pdfBytes, signIn, type TestServer } from '../test-helpers';
import { guestUpload, type Visitor, visitorThroughKyc } from '../test-public';

let s: TestServer;
let staff: string;
let reviewer: string;
let verifier: string;
let a: Visitor & { files: Awaited<ReturnType<typeof visitorThroughKyc>>['files'] };
let b: Visitor;
let staffApp: string;
const co: Record<'b' | 'staff', string> = { b: '', staff: '' };
const fm: Record<'b' | 'staff', string> = { b: '', staff: '' };
let bFile = '';

const PERSONAL = { type: 'PERSONAL_REFERENCE', name: 'Vijay Pawar', phone: '9876512345', address: '45 FC Road, Pune' };

/** A FamilyMemberInfo body whose files are uploads of `token` for the application. */
async function familyBody(token: string, appId: string) {
  const up = (fileType: string, pdf = false) => uploadFor(s, token, appId, fileType, { pdf });
  return {
    name: 'Kamla Devi',
    phone: '9876500022',
    email: '',
    pan: 'AAAAF1234A',
    guardian_name: 'Shankar Kumar',
    guardian_relationship: 'FATHER',
    pincode: '411001',
    city: 'Pune',
    state: 'Maharashtra',
    address: '12 MG Road, Camp',
    gender: 'FEMALE',
    dob: '15-08-1990',
    education_qualification: 'GRADUATION',
    income: 8000,
    pan_file: await up('PAN', true),
    aadhaar_front_file: await up('AADHAAR_FRONT'),
    aadhaar_back_file: await up('AADHAAR_BACK'),
    voter_id_file: await up('VOTER_ID'),
  };
}

async function addCoAndFamily(token: string, appId: string) {
  const coR = await call(s.app, 'POST', `/v1/app/mfi/${appId}/co-applicant`, {
    token,
    json: await verifiedCoApplicantBody(s, token, appId),
  });
  expect(coR.status, JSON.stringify(coR.body)).toBe(200);
  const fmR = await call(s.app, 'POST', `/v1/app/mfi/${appId}/family-member`, { token, json: await familyBody(token, appId) });
  expect(fmR.status, JSON.stringify(fmR.body)).toBe(200);
  return { coId: coR.body.data.id as string, fmId: fmR.body.data.id as string };
}

/** Everything a refused request could have changed. */
async function snapshot() {
  const q = (sql: string) => s.db.query(sql);
  return {
    applications: await q(
      'SELECT tenant_id, id, owner_user_id, origin, phone, status, stages, data, tracker_id, updated_at FROM applications ORDER BY tenant_id, id',
    ),
    coApplicants: await q(
      'SELECT id, application_id, status, data, approval_checks, replaced_by, updated_at FROM co_applicants ORDER BY id',
    ),
    familyMembers: await q('SELECT id, application_id, data, updated_at FROM family_members ORDER BY id'),
    events: await q('SELECT count(*)::int AS n FROM application_events'),
    files: await q('SELECT count(*)::int AS n FROM files'),
    otpSessions: await q('SELECT count(*)::int AS n FROM otp_sessions'),
  };
}

beforeAll(async () => {
  ({ s, staff, reviewer } = await workflowServer());
  verifier = await signIn(s.app, '9000000003');
  a = await visitorThroughKyc(s, '8811100001');
  b = await visitorThroughKyc(s, '8811100002');
  ({ coId: co.b, fmId: fm.b } = await addCoAndFamily(b.token, b.id));
  bFile = await guestUpload(s, b, 'BUSINESS_PROOF', true);
  staffApp = (await kycSubmittedApplication(s, staff)).id;
  ({ coId: co.staff, fmId: fm.staff } = await addCoAndFamily(staff, staffApp));
});
afterAll(async () => {
  await s.close();
});

type Target = 'b' | 'staff';
const appOf = (t: Target) => (t === 'b' ? b.id : staffApp);
type Req = [name: string, method: string, path: (t: Target) => string, body?: (t: Target) => unknown, base?: string];

const REQUESTS: Req[] = [
  ['read the application', 'GET', (t) => `/v1/app/mfi/${appOf(t)}`],
  ['create over it (bare PUT)', 'PUT', (t) => `/v1/app/mfi/${appOf(t)}`, () => ({ phone: a.phone })],
  ['submit its borrower form', 'PUT', (t) => `/v1/app/mfi/${appOf(t)}`, () => ({ phone: a.phone, terms_accepted: true })],
  ['merge-patch it', 'PATCH', (t) => `/v1/app/mfi/${appOf(t)}`, () => ({ name: 'hijacked' })],
  ['submit its KYC', 'PATCH', (t) => `/v1/app/mfi/${appOf(t)}/basic-info`, () => kycBody(a.files)],
  ['list its co-applicants', 'GET', (t) => `/v1/app/mfi/${appOf(t)}/co-applicant`],
  ['add a co-applicant', 'POST', (t) => `/v1/app/mfi/${appOf(t)}/co-applicant`, () => coApplicantBody()],
  [
    'replace its guarantor',
    'POST',
    (t) => `/v1/app/mfi/${appOf(t)}/co-applicant/replace`,
    (t) => ({ ...coApplicantBody({ type: 'GUARANTOR' }), id_to_replace: co[t] }),
  ],
  ['re-check its co-applicant', 'POST', (t) => `/v1/app/mfi/${appOf(t)}/co-applicant/${co[t]}/hardcheck`],
  ['read its co-applicant', 'GET', (t) => `/v1/app/mfi/co-applicant/${co[t]}`],
  ['change its co-applicant', 'PATCH', (t) => `/v1/app/mfi/co-applicant/${co[t]}`, () => ({ name: 'hijacked' })],
  ['list its family members', 'GET', (t) => `/v1/app/mfi/${appOf(t)}/family-member`],
  ['add a family member', 'POST', (t) => `/v1/app/mfi/${appOf(t)}/family-member`, () => ({ name: 'hijacked' })],
  ['read its family member', 'GET', (t) => `/v1/app/mfi/family-member/${fm[t]}`],
  ['change its family member', 'PATCH', (t) => `/v1/app/mfi/family-member/${fm[t]}`, () => ({ name: 'hijacked' })],
  ['submit its business details', 'POST', (t) => `/v1/app/mfi/${appOf(t)}/business-detail`, () => ({ business_name: 'hijacked' })],
  ['change its business details', 'PATCH', (t) => `/v1/app/mfi/${appOf(t)}/business-detail`, () => ({ business_name: 'hijacked' })],
  ['submit its employment', 'POST', (t) => `/v1/app/mfi/${appOf(t)}/employment-info`, () => ({ company_name: 'hijacked' })],
  ['set its references', 'PATCH', (t) => `/v1/app/mfi/${appOf(t)}/reference`, () => ({ references: [PERSONAL] })],
  [
    'verify a PAN for it',
    'POST',
    () => '/v1/verify_pan_lite',
    (t) => ({ pan: 'PQRSX5678K', application_id: appOf(t) }),
    '/api/verification',
  ],
  [
    'verify a voter id for it',
    'POST',
    () => '/v1/perfios/kyc/verify-voter-id',
    (t) => ({ voter_id: 'XYZ7654321', reference: 'x', application_id: appOf(t) }),
    '/api/verification',
  ],
  [
    'name-match for it',
    'POST',
    () => '/v1/name_matcher',
    (t) => ({
      application_id: appOf(t),
      values: [
        { value: 'A', source: 'PAN' },
        { value: 'A', source: 'INPUT' },
      ],
    }),
    '/api/verification',
  ],
  [
    'start an Aadhaar OTP for it',
    'POST',
    () => '/v1/request_aadhaar_otp',
    (t) => ({ aadhaar: '999988887777', application_id: appOf(t) }),
    '/api/verification',
  ],
];
const CASES = REQUESTS.flatMap(([name, method, path, body, base]) =>
  (['b', 'staff'] as const).map(
    (t) => [`${t === 'b' ? "another visitor's" : 'a staff'} application: ${name}`, t, method, path, body, base] as const,
  ),
);

describe('a guest token on another application', () => {
  it.each(CASES)('%s → 403', async (_n, t, method, path, body, base) => {
    const before = await snapshot();
    const r = await call(s.app, method, path(t), { token: a.token, json: body?.(t), base });
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(r.body).toMatchObject({ success: false, status_code: 403, message: SERVER_MSG.forbidden });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['/v1/apply-loan/upload-file', (id: string) => form({ file: blob(jpegBytes()), file_type: 'KYC', application_id: id })],
    ['/v1/apply-loan/bulk-upload', (id: string) => form({ files: [blob(pdfBytes())], file_type: 'KYC', application_id: id })],
    ['/v1/file/upload', (id: string) => form({ file: blob(jpegBytes()), file_type: 'KYC', application_id: id })],
  ])('%s for another application → 403, nothing stored', async (path, body) => {
    for (const id of [b.id, staffApp]) {
      const before = await snapshot();
      const r = await call(s.app, 'POST', path, { token: a.token, body: body(id) });
      expect(r.body).toEqual({ success: false, status_code: 403, message: SERVER_MSG.forbidden });
      expect(await snapshot()).toEqual(before);
    }
  });

  it("cannot open another visitor's file", async () => {
    const r = await call(s.app, 'GET', `/v1/loan-application/presigned-url?file_id=${bFile}`, { token: a.token });
    expect(r.body).toEqual({ success: false, status_code: 403, message: SERVER_MSG.forbidden });
  });
});

describe('a guest token on its own application', () => {
  it("fills the public flow's steps: co-applicant, family, business, employment, references; reads them back", async () => {
    const own = { token: b.token };
    const bank = await call(s.app, 'GET', '/v1/bank/list', own);
    expect(bank.status).toBe(200);
    const pdf = (type: string) => uploadFor(s, b.token, b.id, type, { pdf: true });
    const business = await call(s.app, 'POST', `/v1/app/mfi/${b.id}/business-detail`, {
      ...own,
      json: {
        business_name: 'Asha Tailoring',
        business_type: 'SOLE_PROPRIETORSHIP',
        category_of_business: 'Kirana Store',
        sector_of_business: 'Trading',
        business_pincode: '411001',
        business_district: 'Pune',
        business_city: 'Pune',
        business_state: 'Maharashtra',
        business_address: 'Shop 4, Laxmi Road, Pune',
        businesss_landmark: '',
        business_address_ownership_type: 'SELF_OWNED',
        owned_by: '',
        years_in_business: 3,
        udyam_regd_no: '',
        gst_no: '',
        gst_upload: '',
        business_proof_type: 'SHOPS_AND_ESTABLISHMENT_CERTIFICATE',
        business_proof: bFile,
        ownership_proof_type: 'BUSINESS',
        business_ownership_proof: 'PROPERTY_TAX_RECEIPT',
        business_ownership_proof_file: await pdf('OWNERSHIP_PROOF'),
        residence_ownership_proof: '',
        residence_ownership_proof_file: '',
        business_rent_agreement: '',
        remarks: '',
        bank_name: 'State Bank of India',
        statement_bank_id: 1,
        bank_statement: [await pdf('BANK_STATEMENT')],
        bank_statement_pwd: '',
        bank_account_type: 'SAVINGS',
        credit_limit: '',
      },
    });
    expect(business.status, JSON.stringify(business.body)).toBe(200);
    const slip = () => uploadFor(s, b.token, b.id, 'SALARY_SLIP', { pdf: true, uploadType: 'LOAN_APPLICANT_EMPLOYMENT_INFO' });
    const employment = await call(s.app, 'POST', `/v1/app/mfi/${b.id}/employment-info`, {
      ...own,
      json: {
        company_name: '',
        designation: '',
        official_email: '',
        monthly_in_hand_salary: 0,
        work_experience_years: 0,
        work_experience_months: 0,
        company_pincode: '411018',
        company_city: 'Pune',
        company_state: 'Maharashtra',
        company_address: '',
        company_address_type: 'RENTED',
        company_website_link: '',
        company_sector: '',
        company_id_card: '',
        salary_slip1: await slip(),
        salary_slip2: await slip(),
        salary_slip3: await slip(),
      },
    });
    expect(employment.status, JSON.stringify(employment.body)).toBe(200);
    // A visitor makes no CPV visit: its references follow the KYC step.
    const refs = await call(s.app, 'PATCH', `/v1/app/mfi/${b.id}/reference`, { ...own, json: { references: [PERSONAL] } });
    expect(refs.status, JSON.stringify(refs.body)).toBe(200);
    expect(refs.body).toMatchObject({
      message: REFERENCE_MSG.added,
      data: { stages: expect.arrayContaining(['BUSINESS_INFO', 'REFERENCES']) },
    });

    expect((await call(s.app, 'GET', `/v1/app/mfi/${b.id}/co-applicant`, own)).body.data.list).toHaveLength(1);
    expect((await call(s.app, 'GET', `/v1/app/mfi/co-applicant/${co.b}`, own)).status).toBe(200);
    expect((await call(s.app, 'GET', `/v1/app/mfi/${b.id}/family-member`, own)).body.data.list).toHaveLength(1);
    const fmPatch = await call(s.app, 'PATCH', `/v1/app/mfi/family-member/${fm.b}`, { ...own, json: { income: 9000 } });
    expect(fmPatch.body.data).toMatchObject({ income: 9000 });
    expect((await call(s.app, 'GET', `/v1/loan-application/presigned-url?file_id=${bFile}`, own)).status).toBe(200);
  });

  it("a guest's references before its KYC step → 409 with our message", async () => {
    const fresh = await call(s.app, 'POST', '/v1/otp/send', { json: { mobile: '8811100009', hostname: 'x' } });
    const v = await call(s.app, 'POST', '/v1/otp/verify', { json: { session_id: fresh.body.data.session_id, otp: '123456' } });
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${v.body.data.application_id}/reference`, {
      token: v.body.data.token,
      json: { references: [PERSONAL] },
    });
    expect(r.body).toEqual({ success: false, status_code: 409, message: REFERENCE_MSG.kycFirst });
  });

  it.each<[string, string, (id: string) => string, ((id: string) => unknown)?, string?]>([
    ['the bank account (POST)', 'POST', (id) => `/v1/app/mfi/${id}/bank-account`, () => ({})],
    ['the bank account (PATCH)', 'PATCH', (id) => `/v1/app/mfi/${id}/bank-account`, () => ({})],
    ['a business CPV visit', 'POST', (id) => `/v1/app/mfi/${id}/business-cpv-info`, () => ({})],
    ['a residence CPV visit', 'POST', (id) => `/v1/app/mfi/${id}/residence-cpv-info`, () => ({})],
    ['the PD1 review', 'POST', (id) => `/v1/app/mfi/${id}/pd1-review`, () => ({ decision: 'APPROVE' })],
    ['the loan offer', 'POST', () => '/v1/bureau/bre', (id) => ({ application_id: id })],
    ['the application list', 'GET', () => '/v1/app/mfi'],
    ['the application count', 'GET', () => '/v1/app/mfi/count'],
    ['a lookup by phone', 'GET', () => '/v1/app/mfi/phone-number/8811100001'],
    ['the files list', 'GET', (id) => `/v1/app/mfi/${id}/files`],
    [
      'the bank account check',
      'POST',
      () => '/v1/perfios/kyc/verify-bank-acc-v3',
      (id) => ({ account_number: '123456789012', phone: '8811100001', ifsc: 'SBIN0001234', reference: 'r', application_id: id }),
      '/api/verification',
    ],
    ['the statement parsing', 'POST', () => '/v1/identity', () => ({ bank_name: 'SBI', files: [] }), '/api/banking'],
    [
      'the statement analysis',
      'POST',
      () => '/v1/banking/bank-statement-info',
      (id) => ({ bank_name: 'SBIN', password: '', file_id: 'x', mfi_app_id: id }),
    ],
  ])('stays staff-only: %s → 403', async (_n, method, path, body, base) => {
    const before = await snapshot();
    const r = await call(s.app, method, path(a.id), { token: a.token, json: body?.(a.id), base });
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('staff and public applications', () => {
  it('any staff member reads one; the owner-only steps refuse staff (no staff owner); a bare PUT over its id → 409', async () => {
    expect((await call(s.app, 'GET', `/v1/app/mfi/${a.id}`, { token: reviewer })).body.data).toMatchObject({
      origin: 'public',
      owner_user_id: null,
    });
    const kyc = await call(s.app, 'PATCH', `/v1/app/mfi/${a.id}/basic-info`, { token: staff, json: kycBody(a.files) });
    expect(kyc.body).toEqual({ success: false, status_code: 403, message: SERVER_MSG.forbidden });
    expect((await call(s.app, 'PUT', `/v1/app/mfi/${a.id}`, { token: staff, json: { phone: a.phone } })).status).toBe(409);
  });

  it("the officer's list leaves public applications out; the verification role's list has them", async () => {
    const listed = async (token: string) =>
      ((await call(s.app, 'GET', `/v1/app/mfi?search_by=${a.phone}`, { token })).body.data.list as Array<{ id: string }>).map((x) => x.id);
    expect(await listed(staff)).toEqual([]);
    expect(await listed(verifier)).toEqual([a.id]);
  });
});
