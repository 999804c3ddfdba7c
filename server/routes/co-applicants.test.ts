// Co-applicants (REQ-COAP-1 to REQ-COAP-6; docs/workflow.md "Co-applicants"): create, list, read, update, replace a
// rejected guarantor, bureau re-check; the verification gate per value, KYC first, files of this application, duplicate
// PAN, the bureau (BADCR1234D, age), stage markers only when APPROVED, tenant and owner checks, idempotent replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CO_MSG } from '../../contracts/co-applicant';
import { MSG, SERVER_MSG } from '../../contracts/messages';
import { VERIFY_SERVER_MSG } from '../../contracts/verification';
import { CO_SERVER_MSG } from '../services/co-applicants';
import { KYC_SERVER_MSG } from '../services/kyc-submit';
import { REJECTED_MSG } from '../services/rejection';
import {
  coApplicantBody,
  kycSubmittedApplication,
  uploadFor,
  verifiedBorrowerApplication,
  verifiedCoApplicantBody,
  workflowServer,
} from '../test-borrower';
import { call, type TestServer } from '../test-helpers';

const _SAHAYOG = 'sahayog.localhost';
const UDAAN = 'udaan.localhost';
const HEX32 = /^[0-9a-f]{32}$/;
const yearsAgo = (n: number) => `15-06-${new Date().getFullYear() - n}`;

let s: TestServer;
let staff: string;
let colleague: string;
let reviewer: string;
let udaanStaff: string;

type Opts = { token?: string; host?: string; headers?: Record<string, string> };
const post = (appId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'POST', `/v1/app/mfi/${appId}/co-applicant`, { token: o.token ?? staff, host: o.host, json: body, headers: o.headers });
const replace = (appId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'POST', `/v1/app/mfi/${appId}/co-applicant/replace`, {
    token: o.token ?? staff,
    host: o.host,
    json: body,
    headers: o.headers,
  });
const list = (appId: string, o: Opts = {}) =>
  call(s.app, 'GET', `/v1/app/mfi/${appId}/co-applicant`, { token: o.token ?? staff, host: o.host });
const getOne = (coId: string, o: Opts = {}) =>
  call(s.app, 'GET', `/v1/app/mfi/co-applicant/${coId}`, { token: o.token ?? staff, host: o.host });
const patch = (coId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'PATCH', `/v1/app/mfi/co-applicant/${coId}`, { token: o.token ?? staff, host: o.host, json: body });
const hardcheck = (appId: string, coId: string, o: Opts = {}) =>
  call(s.app, 'POST', `/v1/app/mfi/${appId}/co-applicant/${coId}/hardcheck`, { token: o.token ?? staff, host: o.host });
const verifyPan = (appId: string, pan: string) =>
  call(s.app, 'POST', '/v1/verify_pan_lite', { base: '/api/verification', token: staff, json: { pan, application_id: appId } });

const application = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data;
const coRows = async (appId: string) =>
  s.db.query<{ id: string; status: string; replaced_by: string | null; record_index: number }>(
    `SELECT id, status, replaced_by, record_index FROM co_applicants WHERE tenant_id='sahayog' AND application_id=$1 ORDER BY created_at, id`,
    [appId],
  );

/** An application through KYC (stages BORROWER_INFO, BORROWER_BASIC_INFO). */
const kycDone = async () => (await kycSubmittedApplication(s, staff)).id;

/** A co-applicant created and checked to be 200. */
const created = async (appId: string, opts: Parameters<typeof verifiedCoApplicantBody>[3] = {}) => {
  const r = await post(appId, await verifiedCoApplicantBody(s, staff, appId, opts));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

beforeAll(async () => {
  ({ s, staff, colleague, reviewer, udaanStaff } = await workflowServer());
});
afterAll(async () => {
  await s.close();
});

describe('a co-applicant the bureau approves', () => {
  it('a co-borrower: 200 with the record and approval_checks APPROVED, stage CO_BORROWER added; GET one and the list show it', async () => {
    const appId = await kycDone();
    const body = await verifiedCoApplicantBody(s, staff, appId, { type: 'CO_BORROWER' });
    const r = await post(appId, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      status_code: 200,
      data: {
        application_id: appId,
        record_index: 0,
        type: 'CO_BORROWER',
        status: 'APPROVED',
        replaced_by: null,
        name: body.name,
        pan: body.pan,
        voter_id: body.voter_id,
        aadhaar: '4321',
        pan_file: body.pan_file,
        voter_id_file: body.voter_id_file,
        approval_checks: { decision: 'APPROVED', rejected: false, reasons: [], check_values: { overdue_amount: 0, age: 35 } },
      },
    });
    expect(r.body.data.id).toMatch(HEX32);
    expect(r.body.data).not.toHaveProperty('deviations');
    expect((await application(appId)).stages).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER']);
    expect((await getOne(r.body.data.id)).body.data).toEqual(r.body.data);
    expect((await list(appId)).body).toEqual({ success: true, status_code: 200, data: { list: [r.body.data] } });
  });

  it('a guarantor needs no voter id: 200 APPROVED, stage GUARANTOR', async () => {
    const appId = await kycDone();
    const data = await created(appId, { type: 'GUARANTOR' });
    expect(data).toMatchObject({ type: 'GUARANTOR', status: 'APPROVED', voter_id: '', voter_id_file: '' });
    expect((await application(appId)).stages).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'GUARANTOR']);
  });

  it("a name that does not match the verified names gets a PENDING deviation of the co-applicant's type, the server's own", async () => {
    const appId = await kycDone();
    const r = await post(appId, await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR', body: { name: 'Kamla Bai' } }));
    expect(r.status).toBe(200);
    expect(r.body.data.deviations).toEqual([
      {
        type: 'GUARANTOR_NAME_MISMATCH_DEVIATION',
        status: 'PENDING',
        info: {
          is_match: false,
          score: expect.any(Number),
          values: [
            { value: expect.any(String), source: 'PAN' },
            { value: 'Kamla Bai', source: 'INPUT' },
          ],
        },
      },
    ]);
    // What a client claims about the match (is_match true, APPROVED) is not kept.
    const sent = { type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: true, score: 1 }, status: 'APPROVED' };
    const r2 = await post(appId, await verifiedCoApplicantBody(s, staff, appId, { body: { name: 'Kamla Bai', deviations: [sent] } }));
    expect(r2.status).toBe(200);
    expect(r2.body.data.deviations).toEqual([
      { type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING', info: expect.objectContaining({ is_match: false }) },
    ]);
  });
});

describe('gates (409) and rules (400), nothing stored', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['PAN not verified for this application', { pan: 'AAAAD2222A' }, VERIFY_SERVER_MSG.notVerified],
    ["a co-borrower's voter id not verified", { voter_id: 'QQQ1234567' }, VERIFY_SERVER_MSG.notVerified],
  ])('%s → 409', async (_n, over, message) => {
    const appId = await kycDone();
    const r = await post(appId, { ...(await verifiedCoApplicantBody(s, staff, appId)), ...over });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ success: false, status_code: 409, message });
    expect(await coRows(appId)).toEqual([]);
  });

  it('KYC not submitted yet → 409', async () => {
    const { id } = await verifiedBorrowerApplication(s, staff);
    const r = await post(id, await verifiedCoApplicantBody(s, staff, id));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(CO_SERVER_MSG.kycFirst);
    expect(await coRows(id)).toEqual([]);
  });

  it('a rejected application → 409 Application Rejected!', async () => {
    const { id } = await kycSubmittedApplication(s, staff, { pan: 'BADCR1234D' });
    // Checks are refused on a rejected application too (contracts/authority.ts 'checks.run'): an unchecked body.
    const r = await post(id, coApplicantBody());
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ message: REJECTED_MSG, data: { approval_checks: { decision: 'REJECTED' } } });
  });

  it.each<[string, (b: Record<string, unknown>) => Record<string, unknown>, string]>([
    ['relationship', (b) => ({ ...b, relationship: '' }), CO_MSG.relationship],
    ['name left out', ({ name: _n, ...b }) => b, CO_MSG.name],
    ['mobile pattern', (b) => ({ ...b, phone: '1234567890' }), MSG.invalidMobile],
    ['under 18', (b) => ({ ...b, dob: yearsAgo(17) }), CO_MSG.age],
    ['pan too short', (b) => ({ ...b, pan: 'PQRSX' }), CO_MSG.pan],
    ['pan_file left out', ({ pan_file: _f, ...b }) => b, CO_MSG.panFile],
    ['co-borrower voter id left out', ({ voter_id: _v, ...b }) => b, CO_MSG.voterRequired],
    ['co-borrower voter id file', (b) => ({ ...b, voter_id_file: '' }), CO_MSG.voterFileRequired],
    ['the full Aadhaar number', (b) => ({ ...b, aadhaar: '999988887777' }), 'Enter the last 4 digits of Aadhaar'],
    ['record_index not a whole number', (b) => ({ ...b, record_index: 1.5 }), MSG.invalidInput],
  ])('%s → 400 with its message', async (_n, change, message) => {
    const appId = await kycDone();
    const r = await post(appId, change(await verifiedCoApplicantBody(s, staff, appId)));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, status_code: 400, message });
    expect(await coRows(appId)).toEqual([]);
  });

  it('a file that is not an upload of this application → 400', async () => {
    const appId = await kycDone();
    const other = await kycDone();
    const body = await verifiedCoApplicantBody(s, staff, appId);
    const r = await post(appId, { ...body, aadhaar_back_file: await uploadFor(s, staff, other, 'AADHAAR_BACK') });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(KYC_SERVER_MSG.fileNotFound);
  });

  it("a PAN already used by another co-applicant, or the borrower's PAN → 409", async () => {
    const appId = await kycDone();
    const first = await created(appId, { type: 'GUARANTOR' });
    const again = await post(appId, await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR', pan: first.pan }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CO_SERVER_MSG.duplicatePan);
    const borrowers = await post(appId, await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR', pan: 'ABCDE1234F' }));
    expect(borrowers.status).toBe(409);
    expect(borrowers.body.message).toBe(CO_SERVER_MSG.duplicatePan);
    expect((await coRows(appId)).length).toBe(1);
  });

  it('a record index already taken by a live co-applicant → 409', async () => {
    const appId = await kycDone();
    await created(appId, { type: 'GUARANTOR', recordIndex: 4 });
    const r = await post(appId, await verifiedCoApplicantBody(s, staff, appId, { recordIndex: 4 }));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(CO_SERVER_MSG.indexTaken);
  });
});

describe('the bureau', () => {
  it('BADCR1234D: still 200, status REJECTED, approval_checks REJECTED with the overdue amount, no marker; the application is not rejected', async () => {
    const appId = await kycDone();
    const r = await post(appId, await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR', pan: 'BADCR1234D' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      type: 'GUARANTOR',
      status: 'REJECTED',
      name: 'MOHAN LAL',
      approval_checks: {
        decision: 'REJECTED',
        rejected: true,
        reasons: ['OVERDUE_AMOUNT_PRESENT'],
        check_values: { overdue_amount: 15432.5 },
      },
    });
    const app = await application(appId);
    expect(app.stages).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO']);
    expect(app.approval_checks.decision).toBe('APPROVED');
    expect((await list(appId)).body.data.list.map((c: { status: string }) => c.status)).toEqual(['REJECTED']);
    // The application goes on: another co-applicant is accepted.
    await created(appId, { type: 'CO_BORROWER' });
  });

  it('an age field outside 21–60 beside a dob in range → 400 with the age message, nothing stored', async () => {
    const appId = await kycDone();
    const r = await post(appId, await verifiedCoApplicantBody(s, staff, appId, { body: { age: 70 } }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(CO_MSG.age);
    expect((await list(appId)).body.data.list).toEqual([]);
    expect((await application(appId)).stages).not.toContain('CO_BORROWER');
  });

  it('hardcheck: answers the decision and updates the status; BADCR1234D stays REJECTED with Bureau Check Failed!', async () => {
    const appId = await kycDone();
    const good = await created(appId, { type: 'CO_BORROWER' });
    const ok = await hardcheck(appId, good.id);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      decision: 'APPROVED',
      approval_checks: { decision: 'APPROVED', rejected: false },
      co_applicant: { id: good.id, status: 'APPROVED' },
    });
    expect(ok.body).not.toHaveProperty('message');

    // The bureau re-reads the stored record: an age that went out of range turns it REJECTED.
    await s.db.query(`UPDATE co_applicants SET data = data || '{"age":70}'::jsonb WHERE tenant_id='sahayog' AND id=$1`, [good.id]);
    const now = await hardcheck(appId, good.id);
    expect(now.body).toMatchObject({
      message: CO_MSG.bureauFailed,
      data: { decision: 'REJECTED', approval_checks: { reasons: ['AGE_CRITERIA_NOT_MET'] } },
    });
    expect((await getOne(good.id)).body.data.status).toBe('REJECTED');

    const bad = await post(appId, await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR', pan: 'BADCR1234D' }));
    const again = await hardcheck(appId, bad.body.data.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      success: true,
      message: CO_MSG.bureauFailed,
      data: {
        decision: 'REJECTED',
        approval_checks: {
          decision: 'REJECTED',
          rejected: true,
          reasons: ['OVERDUE_AMOUNT_PRESENT'],
          check_values: { overdue_amount: 15432.5 },
        },
      },
    });
    expect((await getOne(bad.body.data.id)).body.data.status).toBe('REJECTED');
    // Not a co-applicant of this application → 404; another officer → 403.
    expect((await hardcheck(await kycDone(), good.id)).status).toBe(404);
    expect((await hardcheck(appId, good.id, { token: colleague })).status).toBe(403);
  });
});

describe('replacing a rejected guarantor', () => {
  it('the old one becomes REPLACED (replaced_by the new id) and leaves the list; the new one takes its record index', async () => {
    const appId = await kycDone();
    await created(appId, { type: 'CO_BORROWER' });
    const bad = await post(appId, await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR', pan: 'BADCR1234D' }));
    expect(bad.body.data).toMatchObject({ status: 'REJECTED', record_index: 1 });
    const { record_index: _ri, ...body } = await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR' });
    const r = await replace(appId, { ...body, id_to_replace: bad.body.data.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ type: 'GUARANTOR', status: 'APPROVED', record_index: 1 });
    expect(r.body.data.id).not.toBe(bad.body.data.id);

    expect((await getOne(bad.body.data.id)).body.data).toMatchObject({ status: 'REPLACED', replaced_by: r.body.data.id });
    const shown = (await list(appId)).body.data.list;
    expect(shown.map((c: { type: string; status: string }) => `${c.type}:${c.status}`)).toEqual([
      'CO_BORROWER:APPROVED',
      'GUARANTOR:APPROVED',
    ]);
    expect(shown[1].id).toBe(r.body.data.id);
    expect((await application(appId)).stages).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'GUARANTOR']);

    // Replacing it again (it is REPLACED now), a hardcheck or a change of it → 409.
    const twice = await replace(appId, {
      ...(await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR' })),
      id_to_replace: bad.body.data.id,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CO_SERVER_MSG.notRejectedGuarantor);
    expect((await hardcheck(appId, bad.body.data.id)).status).toBe(409);
    expect((await patch(bad.body.data.id, { address: '99 Another Road' })).status).toBe(409);
  });

  it("the new guarantor may reuse the rejected one's PAN check result only through the bureau: BADCR1234D again is REJECTED again", async () => {
    const appId = await kycDone();
    const bad = await post(appId, await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR', pan: 'BADCR1234D' }));
    const r = await replace(appId, {
      ...(await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR', pan: 'BADCR1234D' })),
      id_to_replace: bad.body.data.id,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('REJECTED');
    expect((await list(appId)).body.data.list.map((c: { id: string }) => c.id)).toEqual([r.body.data.id]);
  });

  it.each<[string, 'approved co-borrower' | 'approved guarantor' | 'unknown' | 'rejected co-borrower']>([
    ['an approved co-borrower', 'approved co-borrower'],
    ['an approved guarantor', 'approved guarantor'],
    ['a rejected co-borrower', 'rejected co-borrower'],
    ['an id that is no co-applicant of this application', 'unknown'],
  ])('replacing %s → 409, nothing changes', async (_n, what) => {
    const appId = await kycDone();
    let target = 'f'.repeat(32);
    if (what !== 'unknown') {
      const type = what.endsWith('guarantor') ? 'GUARANTOR' : 'CO_BORROWER';
      target = (
        await post(
          appId,
          await verifiedCoApplicantBody(s, staff, appId, { type, ...(what.startsWith('rejected') ? { pan: 'BADCR1234D' } : {}) }),
        )
      ).body.data.id;
    }
    const before = await coRows(appId);
    const r = await replace(appId, { ...(await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR' })), id_to_replace: target });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(CO_SERVER_MSG.notRejectedGuarantor);
    expect(await coRows(appId)).toEqual(before);
  });

  it('a replacement must be a guarantor (400) and name what it replaces (400)', async () => {
    const appId = await kycDone();
    const bad = await post(appId, await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR', pan: 'BADCR1234D' }));
    const asCo = await replace(appId, { ...(await verifiedCoApplicantBody(s, staff, appId)), id_to_replace: bad.body.data.id });
    expect(asCo.body).toMatchObject({ status_code: 400, message: CO_SERVER_MSG.guarantorOnly });
    const noId = await replace(appId, await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR' }));
    expect(noId.body).toMatchObject({ status_code: 400, message: MSG.required });
  });
});

describe('update (PATCH /v1/app/mfi/co-applicant/{id})', () => {
  it('merges the fields; the bureau runs again only when the PAN changed; the type stays; rules as on create', async () => {
    const appId = await kycDone();
    const co = await created(appId, { type: 'GUARANTOR' });
    // A stored age out of range is caught by the rules on the next patch; corrected, the bureau is not re-run while
    // the PAN stays.
    await s.db.query(`UPDATE co_applicants SET data = data || '{"age":70}'::jsonb WHERE tenant_id='sahayog' AND id=$1`, [co.id]);
    expect((await patch(co.id, { address: '99 Station Road, Pune' })).body).toMatchObject({ status_code: 400, message: CO_MSG.age });
    const moved = await patch(co.id, { address: '99 Station Road, Pune', age: 40 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({
      id: co.id,
      address: '99 Station Road, Pune',
      name: co.name,
      status: 'APPROVED',
      approval_checks: co.approval_checks,
    });
    const same = await patch(co.id, { address: '99 Station Road, Pune' });
    expect(same.body.data.updated_at).toBe(moved.body.data.updated_at);

    expect((await verifyPan(appId, 'BADCR1234D')).status).toBe(200);
    const newPan = await patch(co.id, { pan: 'BADCR1234D', name: 'Mohan Lal', age: 40 });
    expect(newPan.status).toBe(200);
    expect(newPan.body.data).toMatchObject({
      pan: 'BADCR1234D',
      status: 'REJECTED',
      approval_checks: { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'] },
    });

    expect((await patch(co.id, { type: 'CO_BORROWER' })).body).toMatchObject({ status_code: 409, message: CO_SERVER_MSG.typeFixed });
    expect((await patch(co.id, { address: 'short' })).body).toMatchObject({ status_code: 400, message: CO_MSG.address });
    expect((await patch(co.id, { pan: 'AAAAD3333A' })).body).toMatchObject({ status_code: 409, message: VERIFY_SERVER_MSG.notVerified });
    expect((await patch(co.id, { address: '1 Other Road, Pune' }, { token: colleague })).status).toBe(403);
    expect((await patch('0'.repeat(32), { address: '1 Other Road, Pune' })).status).toBe(404);
  });
});

describe('list, tenants, owners, replay', () => {
  it('the list is ordered by record_index; without one the next index is used', async () => {
    const appId = await kycDone();
    await created(appId, { type: 'GUARANTOR', recordIndex: 2 });
    await created(appId, { type: 'CO_BORROWER', recordIndex: 0 });
    await created(appId, { type: 'GUARANTOR' });
    const r = await list(appId);
    expect(r.body.data.list.map((c: { record_index: number; type: string }) => `${c.record_index}:${c.type}`)).toEqual([
      '0:CO_BORROWER',
      '2:GUARANTOR',
      '3:GUARANTOR',
    ]);
    // Need to know: another initiating officer is refused (403); the review role of the branch reads.
    expect((await list(appId, { token: colleague })).status).toBe(403);
    expect((await list(appId, { token: reviewer })).body.data.list).toHaveLength(3);
  });

  it('another tenant: its token here → 401; its officer on its own host → 404 for every call', async () => {
    const appId = await kycDone();
    const co = await created(appId);
    const body = await verifiedCoApplicantBody(s, staff, appId, { type: 'GUARANTOR' });
    expect((await list(appId, { token: udaanStaff })).status).toBe(401);
    const there = { token: udaanStaff, host: UDAAN };
    for (const r of [
      await list(appId, there),
      await post(appId, body, there),
      await getOne(co.id, there),
      await patch(co.id, { address: '1 Other Road, Pune' }, there),
      await hardcheck(appId, co.id, there),
      await replace(appId, { ...body, id_to_replace: co.id }, there),
    ]) {
      expect(r.status, JSON.stringify(r.body)).toBe(404);
    }
    expect(await coRows(appId)).toHaveLength(1);
  });

  it('another officer of the tenant cannot write (403), nothing stored', async () => {
    const appId = await kycDone();
    const r = await post(appId, await verifiedCoApplicantBody(s, staff, appId), { token: colleague });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(SERVER_MSG.forbidden);
    expect(await coRows(appId)).toEqual([]);
  });

  it('a replay with the same Idempotency-Key answers the first response again; one row', async () => {
    const appId = await kycDone();
    const body = await verifiedCoApplicantBody(s, staff, appId);
    const headers = { 'Idempotency-Key': `co-${appId}` };
    const first = await post(appId, body, { headers });
    const replay = await post(appId, body, { headers });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await coRows(appId)).toHaveLength(1);
  });
});
