// Business details (REQ-BIZ-1; docs/workflow.md "Business details"): submit and edit, stored server-owned in
// data.business_info with the BUSINESS_INFO marker; rules through the route, rent agreement, PDF-only statements, at most
// two additional banks, files of this application only, tenant / owner / KYC-first / rejected checks, idempotent replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_MSG } from '../../contracts/business';
import { MSG, SERVER_MSG } from '../../contracts/messages';
import { BUSINESS_SERVER_MSG } from '../services/business-details';
import { REJECTED_MSG } from '../services/rejection';
import { kycSubmittedApplication, uploadFor, verifiedBorrowerApplication, workflowServer } from '../test-borrower';
import { blob, call, form, pngBytes, type TestServer } from '../test-helpers';

const _SAHAYOG = 'sahayog.localhost';
const UDAAN = 'udaan.localhost';

let s: TestServer;
let staff: string;
let colleague: string;
let udaanStaff: string;

type Opts = { token?: string; host?: string; headers?: Record<string, string> };
const submit = (appId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'POST', `/v1/app/mfi/${appId}/business-detail`, { token: o.token ?? staff, host: o.host, json: body, headers: o.headers });
const edit = (appId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'PATCH', `/v1/app/mfi/${appId}/business-detail`, { token: o.token ?? staff, host: o.host, json: body, headers: o.headers });
const application = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data;
const events = async (id: string) =>
  s.db.query<{ kind: string; body: Record<string, unknown> }>(
    `SELECT kind, body FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind='business_info' ORDER BY seq`,
    [id],
  );

/** A PNG uploaded for the application (what a business proof may be besides a PDF). */
async function uploadPng(appId: string): Promise<string> {
  const fields = {
    file: blob(pngBytes(4, 4), 'image/png'),
    file_type: 'BUSINESS_PROOF',
    application_id: appId,
    upload_type: 'LOAN_APPLICANT_PERSONAL_INFO',
  };
  const r = await call(s.app, 'POST', '/v1/file/upload', { token: staff, body: form(fields, 'proof.png') });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.file_id;
}

/** A business details body over files uploaded for the application: a PDF statement, business and ownership proofs. */
async function businessBody(
  appId: string,
  over: Record<string, unknown> = {},
  token = staff,
  host?: string,
): Promise<Record<string, unknown>> {
  const pdf = (type: string) => uploadFor(s, token, appId, type, { pdf: true, host });
  return {
    business_name: 'Ramesh Kirana Store',
    business_type: 'SOLE_PROPRIETORSHIP',
    category_of_business: 'Kirana Store',
    sector_of_business: 'Trading',
    business_pincode: '411001',
    business_district: 'Pune',
    business_city: 'Pune',
    business_state: 'Maharashtra',
    business_address: 'Shop 4, Laxmi Road, Pune',
    businesss_landmark: 'Near Shivaji Market',
    business_address_ownership_type: 'SELF_OWNED',
    owned_by: '',
    years_in_business: 6,
    udyam_regd_no: '',
    gst_no: '',
    gst_upload: '',
    business_proof_type: 'SHOPS_AND_ESTABLISHMENT_CERTIFICATE',
    business_proof: await pdf('BUSINESS_PROOF'),
    ownership_proof_type: 'BUSINESS',
    business_ownership_proof: 'PROPERTY_TAX_RECEIPT',
    business_ownership_proof_file: await uploadFor(s, token, appId, 'OWNERSHIP_PROOF', { host }),
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
    ...over,
  };
}

const kycDone = async () => (await kycSubmittedApplication(s, staff)).id;

beforeAll(async () => {
  ({ s, staff, colleague, udaanStaff } = await workflowServer());
});
afterAll(async () => {
  await s.close();
});

describe('submit (POST)', () => {
  it('200 with the application: business_info stored, upload_business_proof = business_proof, BUSINESS_INFO added, one event', async () => {
    const appId = await kycDone();
    const body = await businessBody(appId, { upload_business_proof: 'something-else', credit_limit: 25000 });
    const r = await submit(appId, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, status_code: 200, data: { id: appId, status: 'DRAFT' } });
    expect(r.body.data.stages).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'BUSINESS_INFO']);
    expect(r.body.data.business_info).toMatchObject({
      business_name: 'Ramesh Kirana Store',
      bank_statement: body.bank_statement,
      upload_business_proof: body.business_proof,
      credit_limit: '25000',
      bank_name1: '',
      statement_bank_id1: null,
      bank_statement1: [],
      bank_statement_pwd1: '',
      bank_name2: '',
      bank_statement2: [],
    });
    expect(await application(appId)).toEqual(r.body.data);
    const ev = await events(appId);
    expect(ev).toHaveLength(1);
    expect(ev[0]!.body).toMatchObject({ action: 'submit', business_name: 'Ramesh Kirana Store' });
    expect(ev[0]!.body).not.toHaveProperty('bank_statement_pwd');
  });

  it('two additional banks with several PDF statements each are kept; a resubmit that changes nothing writes nothing', async () => {
    const appId = await kycDone();
    const pdf = () => uploadFor(s, staff, appId, 'BANK_STATEMENT', { pdf: true });
    const body = await businessBody(appId, {
      bank_name1: 'HDFC Bank',
      statement_bank_id1: 2,
      bank_statement1: [await pdf(), await pdf()],
      bank_statement_pwd1: 'secret',
      bank_account_type1: 'CURRENT',
      bank_name2: 'Local Co-operative Bank',
      statement_bank_id2: 15,
      bank_statement2: [await pdf()],
    });
    const r = await submit(appId, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.business_info).toMatchObject({
      statement_bank_id1: 2,
      bank_statement1: body.bank_statement1,
      statement_bank_id2: 15,
    });
    const again = await submit(appId, body);
    expect(again.status).toBe(200);
    expect(again.body.data.updated_at).toBe(r.body.data.updated_at);
    expect(await events(appId)).toHaveLength(1);
  });

  it('a changed resubmit replaces the stored details; the marker stays once', async () => {
    const appId = await kycDone();
    await submit(appId, await businessBody(appId));
    const r = await submit(appId, await businessBody(appId, { business_name: 'Ramesh General Store', remarks: 'moved shop' }));
    expect(r.status).toBe(200);
    expect(r.body.data.business_info).toMatchObject({ business_name: 'Ramesh General Store', remarks: 'moved shop' });
    expect(r.body.data.stages.filter((x: string) => x === 'BUSINESS_INFO')).toHaveLength(1);
    expect(await events(appId)).toHaveLength(2);
  });

  it('business_info cannot be set through the application PATCH', async () => {
    const appId = await kycDone();
    await call(s.app, 'PATCH', `/v1/app/mfi/${appId}`, { token: staff, json: { business_info: { business_name: 'X' } } });
    expect(await application(appId)).not.toHaveProperty('business_info');
  });
});

describe('rules through the route (400, first message), nothing stored', () => {
  it.each<[string, (b: Record<string, unknown>) => Record<string, unknown>, string]>([
    ['business name', (b) => ({ ...b, business_name: 'Ab' }), 'Invalid business name'],
    ['business name left out', ({ business_name: _n, ...b }) => b, 'Invalid business name'],
    ['category', (b) => ({ ...b, category_of_business: '' }), 'Please select category of business'],
    ['city', (b) => ({ ...b, business_city: '' }), 'Invalid City'],
    ['pincode', (b) => ({ ...b, business_pincode: '012345' }), 'Invalid pincode'],
    ['years in business', (b) => ({ ...b, years_in_business: 0 }), 'Years in business required'],
    ['ownership proof of', (b) => ({ ...b, ownership_proof_type: '' }), 'Please select ownership proof of'],
    ['main bank left out', ({ statement_bank_id: _i, ...b }) => b, 'Bank selection is required'],
    ['no statement', (b) => ({ ...b, bank_statement: [] }), 'Missing bank statement'],
    ['bank name', (b) => ({ ...b, bank_name: '' }), 'Invalid Bank Name'],
    ['a bank not in the list', (b) => ({ ...b, statement_bank_id: 999 }), 'Bank selection is required'],
    ['a sector not in the list', (b) => ({ ...b, sector_of_business: 'Mining' }), 'Please select sector of business'],
    ['a category of another sector', (b) => ({ ...b, category_of_business: 'Dairy' }), 'Please select category of business'],
    ['family owned without owner', (b) => ({ ...b, business_address_ownership_type: 'FAMILY_OWNED' }), BUSINESS_MSG.ownedBy],
    ['residence proof for BOTH', (b) => ({ ...b, ownership_proof_type: 'BOTH' }), BUSINESS_MSG.residenceOwnershipProof],
  ])('%s', async (_n, change, message) => {
    const appId = await kycDone();
    const r = await submit(appId, change(await businessBody(appId)));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, status_code: 400, message });
    expect(await application(appId)).not.toHaveProperty('business_info');
  });

  it('a rented or leased business address needs the rent agreement, an upload of this application', async () => {
    const appId = await kycDone();
    const rented = await businessBody(appId, { business_address_ownership_type: 'RENTED' });
    expect((await submit(appId, rented)).body.message).toBe(BUSINESS_MSG.rentAgreement);
    expect((await submit(appId, { ...rented, business_address_ownership_type: 'LEASED' })).body.message).toBe(BUSINESS_MSG.rentAgreement);
    expect((await submit(appId, { ...rented, business_rent_agreement: 'f'.repeat(32) })).body.message).toBe(
      BUSINESS_SERVER_MSG.fileNotFound,
    );
    const agreement = await uploadFor(s, staff, appId, 'RENT_AGREEMENT');
    const r = await submit(appId, { ...rented, business_rent_agreement: agreement });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.business_info.business_rent_agreement).toBe(agreement);
  });

  it('bank statements must be PDFs (main and additional); other documents may be images', async () => {
    const appId = await kycDone();
    const jpeg = await uploadFor(s, staff, appId, 'BANK_STATEMENT');
    const base = await businessBody(appId);
    const main = await submit(appId, { ...base, bank_statement: [...(base.bank_statement as string[]), jpeg] });
    expect(main.status).toBe(400);
    expect(main.body.message).toBe('Bank statements must be PDF files');
    const extra = await submit(appId, { ...base, bank_name1: 'HDFC Bank', statement_bank_id1: 2, bank_statement1: [jpeg] });
    expect(extra.body.message).toBe('Bank statements must be PDF files');
    expect(await application(appId)).not.toHaveProperty('business_info');
    expect((await submit(appId, { ...base, gst_upload: jpeg })).status).toBe(200);
  });

  it('the business proof is a PNG or a PDF (REQ-FILE-3), never a JPEG', async () => {
    const appId = await kycDone();
    const base = await businessBody(appId);
    const jpeg = await uploadFor(s, staff, appId, 'BUSINESS_PROOF');
    const refused = await submit(appId, { ...base, business_proof: jpeg });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Business proof must be a PNG or PDF file');
    expect(await application(appId)).not.toHaveProperty('business_info');
    const png = await uploadPng(appId);
    expect((await submit(appId, { ...base, business_proof: png })).status).toBe(200);
  });

  it('a third additional bank is refused', async () => {
    const appId = await kycDone();
    const pdf = () => uploadFor(s, staff, appId, 'BANK_STATEMENT', { pdf: true });
    const body = await businessBody(appId, {
      bank_name1: 'HDFC Bank',
      statement_bank_id1: 2,
      bank_statement1: [await pdf()],
      bank_name2: 'ICICI Bank',
      statement_bank_id2: 3,
      bank_statement2: [await pdf()],
      bank_name3: 'Axis Bank',
      statement_bank_id3: 4,
      bank_statement3: [await pdf()],
    });
    const r = await submit(appId, body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(BUSINESS_MSG.tooManyBanks);
    expect((await edit(appId, { bank_name3: 'Axis Bank' })).body.message).toBe(BUSINESS_MSG.tooManyBanks);
    expect(await application(appId)).not.toHaveProperty('business_info');
  });

  it('files of another application (or not uploaded at all) are refused', async () => {
    const appId = await kycDone();
    const other = await kycDone();
    const foreignPdf = await uploadFor(s, staff, other, 'BANK_STATEMENT', { pdf: true });
    const foreignProof = await uploadFor(s, staff, other, 'BUSINESS_PROOF');
    const base = await businessBody(appId);
    for (const change of [
      { bank_statement: [foreignPdf] },
      { business_proof: foreignProof },
      { business_ownership_proof_file: 'a'.repeat(32) },
    ]) {
      const r = await submit(appId, { ...base, ...change });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(BUSINESS_SERVER_MSG.fileNotFound);
    }
    expect(await application(appId)).not.toHaveProperty('business_info');
  });

  it('a body that is not an object → 400', async () => {
    const appId = await kycDone();
    expect((await submit(appId, [1, 2])).body).toEqual({ success: false, status_code: 400, message: MSG.invalidInput });
  });
});

describe('edit (PATCH)', () => {
  it('merges the fields over the stored ones and checks the whole; the marker stays; 409 before any submit', async () => {
    const appId = await kycDone();
    expect((await edit(appId, { business_name: 'New Name' })).body).toEqual({
      success: false,
      status_code: 409,
      message: BUSINESS_SERVER_MSG.submitFirst,
    });
    const body = await businessBody(appId);
    await submit(appId, body);
    const extra = await uploadFor(s, staff, appId, 'BANK_STATEMENT', { pdf: true });
    const r = await edit(appId, {
      business_name: 'Ramesh Stores',
      bank_name1: 'HDFC Bank',
      statement_bank_id1: 2,
      bank_statement1: [extra],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.business_info).toMatchObject({
      business_name: 'Ramesh Stores',
      business_address: body.business_address,
      bank_statement: body.bank_statement,
      bank_statement1: [extra],
    });
    expect(r.body.data.stages).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'BUSINESS_INFO']);
    const bad = await edit(appId, { business_address_ownership_type: 'RENTED' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(BUSINESS_MSG.rentAgreement);
    expect((await application(appId)).business_info.business_name).toBe('Ramesh Stores');
    const ev = await events(appId);
    expect(ev.map((e) => e.body.action)).toEqual(['submit', 'update']);
  });

  it('another officer of the tenant cannot edit (403)', async () => {
    const appId = await kycDone();
    await submit(appId, await businessBody(appId));
    const r = await edit(appId, { business_name: 'Taken Over' }, { token: colleague });
    expect(r.status).toBe(403);
    expect((await application(appId)).business_info.business_name).toBe('Ramesh Kirana Store');
  });
});

describe('who and when', () => {
  it('KYC not submitted → 409', async () => {
    const { id } = await verifiedBorrowerApplication(s, staff);
    const r = await submit(id, await businessBody(id));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(BUSINESS_SERVER_MSG.kycFirst);
    expect(await application(id)).not.toHaveProperty('business_info');
  });

  it('a rejected application → 409 Application Rejected! with the stored decision', async () => {
    const { id } = await kycSubmittedApplication(s, staff, { pan: 'BADCR1234D' });
    const r = await submit(id, await businessBody(id));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ message: REJECTED_MSG, data: { approval_checks: { decision: 'REJECTED' } } });
  });

  it('another officer of the tenant cannot submit (403), nothing stored', async () => {
    const appId = await kycDone();
    const r = await submit(appId, await businessBody(appId), { token: colleague });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(SERVER_MSG.forbidden);
    expect(await application(appId)).not.toHaveProperty('business_info');
  });

  it('another tenant: its officer on its own host → 404; its token here → 401; unknown id → 404', async () => {
    const appId = await kycDone();
    const body = await businessBody(appId);
    const other = await submit(appId, body, { token: udaanStaff, host: UDAAN });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Application not found');
    expect((await edit(appId, body, { token: udaanStaff, host: UDAAN })).status).toBe(404);
    expect((await submit(appId, body, { token: udaanStaff })).status).toBe(401);
    expect((await submit('e'.repeat(32), body)).status).toBe(404);
    expect((await call(s.app, 'POST', `/v1/app/mfi/${appId}/business-detail`, { json: body })).status).toBe(401);
  });

  it('a replay with the same Idempotency-Key answers the first response again; one event', async () => {
    const appId = await kycDone();
    const body = await businessBody(appId);
    const headers = { 'Idempotency-Key': `biz-${appId}` };
    const first = await submit(appId, body, { headers });
    const replay = await submit(appId, body, { headers });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await events(appId)).toHaveLength(1);
  });
});
