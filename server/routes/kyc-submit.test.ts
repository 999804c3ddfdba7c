// KYC submit (PATCH /v1/app/mfi/{id}/basic-info): REQ-KYC-1 KYC messages, the BORROWER_INFO gate, files of this
// application only, the approval rules (BADCR1234D rejected with its overdue amount, still a 200), the stored
// rejection answered again on a resubmit, one event per change, idempotent replay, 403/404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_MSG } from '../../contracts/kyc';
import { SERVER_MSG } from '../../contracts/messages';
import { KYC_SERVER_MSG } from '../services/kyc-submit';
import { REJECTED_MSG, assertNotRejected } from '../services/rejection';
import {
  type KycFiles,
  kycBody,
  kycSubmittedApplication,
  nextApplication,
  uploadFor,
  uploadKycFiles,
  verifiedBorrowerApplication,
  workflowServer,
} from '../test-borrower';
import { blob, call, form, jpegBytes, type TestServer } from '../test-helpers';

const _SAHAYOG = 'sahayog.localhost';
const UDAAN = 'udaan.localhost';

let s: TestServer;
let staff: string;
let colleague: string;
let udaanStaff: string;
/** The application of the current file-refusal case (a file of another tenant is uploaded for the same id). */
let lastId = '';

const basicInfo = (id: string, body: unknown, opts: { token?: string; host?: string; headers?: Record<string, string> } = {}) =>
  call(s.app, 'PATCH', `/v1/app/mfi/${id}/basic-info`, { token: opts.token ?? staff, host: opts.host, json: body, headers: opts.headers });
const row = async (id: string, tenant = 'sahayog') =>
  (
    await s.db.query<{ status: string; stages: string[]; data: Record<string, unknown> }>(
      'SELECT status, stages, data FROM applications WHERE tenant_id=$1 AND id=$2',
      [tenant, id],
    )
  )[0];
const events = async (id: string, kind = 'basic_info') =>
  (
    await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind=$2`,
      [id, kind],
    )
  )[0]?.n;

/** A verified borrower application with its five KYC uploads. */
const ready = async (pan?: string) => {
  const app = await verifiedBorrowerApplication(s, staff, { pan });
  return { ...app, files: await uploadKycFiles(s, staff, app.id) };
};

beforeAll(async () => {
  ({ s, staff, colleague, udaanStaff } = await workflowServer());
});
afterAll(async () => {
  await s.close();
});

describe('an approved KYC submit', () => {
  it('merges the fields, adds BORROWER_BASIC_INFO, stores and answers approval_checks APPROVED, one event; GET shows the same', async () => {
    const app = await ready();
    const r = await basicInfo(
      app.id,
      kycBody(app.files, { approval_checks: { decision: 'APPROVED', reasons: [] }, stages: ['REFERENCES'] }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      status_code: 200,
      data: {
        id: app.id,
        phone: app.phone,
        status: 'DRAFT',
        stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
        name: 'Ramesh Kumar',
        pan: 'ABCDE1234F',
        guardian_name: 'Shankar Kumar',
        mother_tongue: 'Marathi',
        no_of_family_members: 4,
        ...app.files,
        approval_checks: {
          decision: 'APPROVED',
          reasons: [],
          check_values: {
            overdue_amount: 0,
            age: 40,
            amount_requested: 100000,
            min_amount: 75000,
            max_amount: 125000,
            tenure_requested: 12,
          },
        },
      },
    });
    expect(r.body.data).not.toHaveProperty('rejection_reason');
    const got = await call(s.app, 'GET', `/v1/app/mfi/${app.id}`, { token: staff });
    expect(got.body.data).toEqual(r.body.data);
    expect(await events(app.id)).toBe(1);
  });

  it('a resubmit: identical → no event; changed → merged, marker not repeated, one more event', async () => {
    const app = await ready();
    const first = await basicInfo(app.id, kycBody(app.files));
    s.advance(1000);
    const same = await basicInfo(app.id, kycBody(app.files));
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(first.body.data);
    expect(await events(app.id)).toBe(1);
    const changed = await basicInfo(app.id, kycBody(app.files, { no_of_earning_members: 3 }));
    expect(changed.body.data).toMatchObject({ no_of_earning_members: 3, stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'] });
    expect(await events(app.id)).toBe(2);
  });

  it('a replay with the same Idempotency-Key answers the stored first response and records one event', async () => {
    const app = await ready();
    const headers = { 'Idempotency-Key': `kyc-${app.id}` };
    const first = await basicInfo(app.id, kycBody(app.files), { headers });
    expect(first.status).toBe(200);
    s.advance(1000);
    const replay = await basicInfo(app.id, kycBody(app.files), { headers });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await events(app.id)).toBe(1);
    const other = await basicInfo(app.id, kycBody(app.files, { religion: 'SIKH' }), { headers });
    expect(other.status).toBe(422);
    expect((await row(app.id))?.data.religion).toBe('HINDU');
  });

  it('the shared helper kycSubmittedApplication lands on both markers', async () => {
    const done = await kycSubmittedApplication(s, staff);
    expect(done.application).toMatchObject({ stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'], approval_checks: { decision: 'APPROVED' } });
  });
});

describe('the bureau rejection (PAN BADCR1234D, REQ-SBX-3)', () => {
  it('is a 200 whose data.approval_checks says REJECTED with OVERDUE_AMOUNT_PRESENT and 15432.5; stored with rejection_reason; still DRAFT', async () => {
    const app = await ready('BADCR1234D');
    const r = await basicInfo(app.id, kycBody(app.files));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data.id).toBe(app.id);
    expect(r.body.data.approval_checks).toMatchObject({
      decision: 'REJECTED',
      reasons: ['OVERDUE_AMOUNT_PRESENT'],
      check_values: { overdue_amount: 15432.5 },
    });
    expect(r.body.data).toMatchObject({
      rejection_reason: 'OVERDUE_AMOUNT_PRESENT',
      status: 'DRAFT',
      stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
      guardian_name: 'Shankar Kumar',
    });
    const stored = await row(app.id);
    expect(stored?.status).toBe('DRAFT');
    expect(stored?.data).toMatchObject({
      rejection_reason: 'OVERDUE_AMOUNT_PRESENT',
      approval_checks: { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'], check_values: { overdue_amount: 15432.5 } },
    });
    const got = await call(s.app, 'GET', `/v1/app/mfi/${app.id}`, { token: staff });
    expect(got.body.data).toMatchObject({ rejection_reason: 'OVERDUE_AMOUNT_PRESENT', approval_checks: { decision: 'REJECTED' } });
    expect(await events(app.id)).toBe(1);
  });

  it('a resubmit (other fields, new key) answers the same rejection again and changes nothing', async () => {
    const app = await ready('BADCR1234D');
    const first = await basicInfo(app.id, kycBody(app.files), { headers: { 'Idempotency-Key': 'a' } });
    s.advance(1000);
    const again = await basicInfo(app.id, kycBody(app.files, { mother_name: 'Someone Else' }), { headers: { 'Idempotency-Key': 'b' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await row(app.id))?.data.mother_name).toBe('Kamla Devi');
    expect(await events(app.id)).toBe(1);
  });

  it('a rejected application stays rejected even after the borrower fields change; assertNotRejected refuses later steps', async () => {
    const app = await ready('BADCR1234D');
    await basicInfo(app.id, kycBody(app.files));
    await s.db.query(`UPDATE applications SET data = data || '{"pan":"ABCDE1234F"}'::jsonb WHERE tenant_id='sahayog' AND id=$1`, [app.id]);
    const again = await basicInfo(app.id, kycBody(app.files));
    expect(again.body.data.approval_checks.decision).toBe('REJECTED');
    const stored = await row(app.id);
    expect(() => assertNotRejected(stored!)).toThrow(REJECTED_MSG);
    try {
      assertNotRejected(stored!);
    } catch (e) {
      expect(e).toMatchObject({
        status: 409,
        extra: { data: { rejection_reason: 'OVERDUE_AMOUNT_PRESENT', approval_checks: { decision: 'REJECTED' } } },
      });
    }
    const approved = await kycSubmittedApplication(s, staff);
    expect(() => assertNotRejected({ data: approved.application } as never)).not.toThrow();
  });

  it('rejection_reason and approval_checks cannot be written by a client PATCH or PUT', async () => {
    const app = await ready();
    await call(s.app, 'PATCH', `/v1/app/mfi/${app.id}`, {
      token: staff,
      json: { rejection_reason: 'X', approval_checks: { decision: 'REJECTED', reasons: ['X'] } },
    });
    const stored = await row(app.id);
    expect(stored?.data).not.toHaveProperty('rejection_reason');
    expect(stored?.data).not.toHaveProperty('approval_checks');
  });
});

describe('refusals', () => {
  it.each<[string, Record<string, unknown>, string]>([
    // One plain message per rule, naming the field.
    ['guardian_name short', { guardian_name: 'Ab' }, "Guardian's name must be at least 3 characters"],
    ['mother_name short', { mother_name: ' Ab ' }, "Mother's name must be at least 3 characters"],
    ['guardian_relationship empty', { guardian_relationship: '' }, 'Please select guardian relationship'],
    ['category missing', { category: undefined }, 'Please select category'],
    ['religion empty', { religion: ' ' }, 'Please select religion'],
    ['mother_tongue empty', { mother_tongue: '' }, 'Please select mother tongue'],
    ['education_qualification empty', { education_qualification: '' }, 'Please select education qualification'],
    ['no family members', { no_of_family_members: 0 }, KYC_MSG.familyMembers],
    ['family members as text', { no_of_family_members: '4' }, KYC_MSG.familyMembers],
    ['no earning members', { no_of_earning_members: 0 }, KYC_MSG.earningMembers],
    ['no photo', { photo_file: '' }, KYC_MSG.photo],
    ['photo missing', { photo_file: undefined }, KYC_MSG.photo],
    ['no PAN file', { pan_file: '' }, KYC_MSG.panFile],
    ['no Aadhaar front', { aadhaar_front_file: '' }, KYC_MSG.aadhaarFront],
    ['no Aadhaar back', { aadhaar_back_file: undefined }, KYC_MSG.aadhaarBack],
    ['no voter id file', { voter_id_file: '' }, KYC_MSG.voterFile],
  ])('%s → 400 %j, nothing stored', async (_n, over, message) => {
    const app = await ready();
    const r = await basicInfo(app.id, { ...kycBody(app.files), ...over });
    expect(r.body).toEqual({ success: false, status_code: 400, message });
    expect(r.status).toBe(400);
    expect((await row(app.id))?.stages).toEqual(['BORROWER_INFO']);
    expect(await events(app.id)).toBe(0);
  });

  it('a body that is not an object → 400', async () => {
    const app = await ready();
    expect((await basicInfo(app.id, [1, 2])).status).toBe(400);
  });

  it('before the borrower submit (no BORROWER_INFO) → 409 with its message, nothing stored', async () => {
    const app = await verifiedBorrowerApplication(s, staff, { submit: false });
    const files = await uploadKycFiles(s, staff, app.id);
    const r = await basicInfo(app.id, kycBody(files));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ success: false, status_code: 409, message: KYC_SERVER_MSG.borrowerFirst });
    const stored = await row(app.id);
    expect(stored?.stages).toEqual([]);
    expect(stored?.data).not.toHaveProperty('approval_checks');
    expect(await events(app.id)).toBe(0);
  });

  it.each<[string, (files: KycFiles) => Promise<Partial<KycFiles>>]>([
    [
      'a file of another application',
      async () => {
        const other = await verifiedBorrowerApplication(s, staff);
        return { pan_file: await uploadFor(s, staff, other.id, 'PAN') };
      },
    ],
    [
      'a file uploaded with no application',
      async () => {
        const r = await call(s.app, 'POST', '/v1/file/upload', {
          token: staff,
          body: form({ file: blob(jpegBytes()), file_type: 'PHOTO' }),
        });
        return { photo_file: r.body.data.file_id };
      },
    ],
    [
      'a file of another tenant uploaded for the same id',
      async () => ({
        voter_id_file: await uploadFor(s, udaanStaff, lastId, 'VOTER_ID', { host: UDAAN }),
      }),
    ],
    ['an unknown file id', async () => ({ aadhaar_back_file: 'f'.repeat(32) })],
  ])('%s → 400 File not found for this application, nothing stored', async (_n, swap) => {
    const app = await ready();
    lastId = app.id;
    const r = await basicInfo(app.id, kycBody({ ...app.files, ...(await swap(app.files)) }));
    expect(r.body).toEqual({ success: false, status_code: 400, message: KYC_SERVER_MSG.fileNotFound });
    expect(r.status).toBe(400);
    expect((await row(app.id))?.stages).toEqual(['BORROWER_INFO']);
    expect(await events(app.id)).toBe(0);
  });

  it('the same file id in two fields is accepted (one upload can show both sides)', async () => {
    const app = await ready();
    const r = await basicInfo(app.id, kycBody({ ...app.files, aadhaar_back_file: app.files.aadhaar_front_file }));
    expect(r.status).toBe(200);
  });

  it('another officer of the tenant → 403, nothing stored', async () => {
    const app = await ready();
    const r = await basicInfo(app.id, kycBody(app.files), { token: colleague });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(SERVER_MSG.forbidden);
    expect((await row(app.id))?.stages).toEqual(['BORROWER_INFO']);
  });

  it('another tenant → 404 (its own copy of the officer, same id), and an id that does not exist → 404', async () => {
    const app = await ready();
    const r = await basicInfo(app.id, kycBody(app.files), { token: udaanStaff, host: UDAAN });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Application not found');
    expect((await row(app.id))?.stages).toEqual(['BORROWER_INFO']);
    expect((await basicInfo(nextApplication().id, kycBody(app.files))).status).toBe(404);
  });

  it('no token → 401', async () => {
    const app = await ready();
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${app.id}/basic-info`, { json: kycBody(app.files) });
    expect(r.status).toBe(401);
  });
});
