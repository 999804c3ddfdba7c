// Family members (REQ-FAM-1; docs/workflow.md "Family members"): create, list, read, update; KYC first, files
// of this application, at most 6, the FAMILY_MEMBER marker, always-APPROVED approval_checks, tenant and owner checks,
// idempotent replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_LIMIT, FAMILY_MSG } from '../../contracts/family-member';
import { MSG, SERVER_MSG } from '../../contracts/messages';
import { FAMILY_SERVER_MSG } from '../services/family-members';
import { KYC_SERVER_MSG } from '../services/kyc-submit';
import { REJECTED_MSG } from '../services/rejection';
import { kycSubmittedApplication, uploadFor, verifiedBorrowerApplication, workflowServer } from '../test-borrower';
import { call, type TestServer } from '../test-helpers';
import { familyMemberBody } from '../test-workflow';

const _SAHAYOG = 'sahayog.localhost';
const UDAAN = 'udaan.localhost';
const HEX32 = /^[0-9a-f]{32}$/;

let s: TestServer;
let staff: string;
let colleague: string;
let reviewer: string;
let udaanStaff: string;

type Opts = { token?: string; host?: string; headers?: Record<string, string> };
const post = (appId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'POST', `/v1/app/mfi/${appId}/family-member`, { token: o.token ?? staff, host: o.host, json: body, headers: o.headers });
const list = (appId: string, o: Opts = {}) =>
  call(s.app, 'GET', `/v1/app/mfi/${appId}/family-member`, { token: o.token ?? staff, host: o.host });
const getOne = (fmId: string, o: Opts = {}) =>
  call(s.app, 'GET', `/v1/app/mfi/family-member/${fmId}`, { token: o.token ?? staff, host: o.host });
const patch = (fmId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'PATCH', `/v1/app/mfi/family-member/${fmId}`, { token: o.token ?? staff, host: o.host, json: body, headers: o.headers });

const application = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data;
const fmRows = async (appId: string) =>
  s.db.query<{ id: string; record_index: number }>(
    `SELECT id, record_index FROM family_members WHERE tenant_id='sahayog' AND application_id=$1 ORDER BY record_index`,
    [appId],
  );

/** An application through KYC (stages BORROWER_INFO, BORROWER_BASIC_INFO). */
const kycDone = async () => (await kycSubmittedApplication(s, staff)).id;

/** A FamilyMemberInfo body (REQ-FAM-1) whose four files are uploads for the application. */
const familyBody = (appId: string, over: Record<string, unknown> = {}, host?: string) => familyMemberBody(s, staff, appId, over, host);

/** A family member created and checked to be 200. */
const created = async (appId: string, over: Record<string, unknown> = {}) => {
  const r = await post(appId, await familyBody(appId, over));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

beforeAll(async () => {
  ({ s, staff, colleague, reviewer, udaanStaff } = await workflowServer());
});
afterAll(async () => {
  await s.close();
});

describe('adding a family member', () => {
  it('200 with the member, id, record_index 0 and approval_checks APPROVED; stage FAMILY_MEMBER once; GET one and the list show it', async () => {
    const appId = await kycDone();
    const body = await familyBody(appId, { pan: 'aaaaf1234a', email: 'kamla@example.com', extra: 'dropped' });
    const r = await post(appId, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { extra: _x, ...sent } = body;
    expect(r.body).toEqual({
      success: true,
      status_code: 200,
      data: {
        ...sent,
        pan: 'AAAAF1234A',
        id: expect.stringMatching(HEX32),
        application_id: appId,
        record_index: 0,
        approval_checks: { decision: 'APPROVED', reasons: [] },
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect((await application(appId)).stages).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'FAMILY_MEMBER']);
    expect((await getOne(r.body.data.id)).body.data).toEqual(r.body.data);
    expect((await list(appId)).body).toEqual({ success: true, status_code: 200, data: { list: [r.body.data] } });

    const second = await created(appId, { name: 'Shankar Kumar', gender: 'MALE' });
    expect(second.record_index).toBe(1);
    expect((await application(appId)).stages).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'FAMILY_MEMBER']);
    const events = await s.db.query<{ body: Record<string, unknown> }>(
      `SELECT body FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind='family_member' ORDER BY seq`,
      [appId],
    );
    expect(events.map((e) => e.body)).toEqual([
      { action: 'create', family_member_id: r.body.data.id, record_index: 0, decision: 'APPROVED' },
      { action: 'create', family_member_id: second.id, record_index: 1, decision: 'APPROVED' },
    ]);
  });

  it(`at most ${FAMILY_LIMIT}: the ${FAMILY_LIMIT + 1}th → 409, nothing stored`, async () => {
    const appId = await kycDone();
    for (let i = 0; i < FAMILY_LIMIT; i++) await created(appId, { name: `Member ${i}` });
    const r = await post(appId, await familyBody(appId, { name: 'One Too Many' }));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ success: false, status_code: 409, message: FAMILY_MSG.limit });
    expect(r.body.message).toBe('At most 6 family members can be added');
    expect(await fmRows(appId)).toHaveLength(FAMILY_LIMIT);
  });
});

describe('rules (400) and gates (409), nothing stored', () => {
  it.each<[string, (b: Record<string, unknown>) => Record<string, unknown>, string]>([
    ['name left out', ({ name: _n, ...b }) => b, FAMILY_MSG.name],
    ['phone too short', (b) => ({ ...b, phone: '98765' }), FAMILY_MSG.phoneRequired],
    ['mobile pattern', (b) => ({ ...b, phone: '1234567890' }), MSG.invalidMobile],
    ['pan too short', (b) => ({ ...b, pan: 'AAAAF' }), FAMILY_MSG.pan],
    ['guardian relationship', (b) => ({ ...b, guardian_relationship: '' }), 'Please select guardian relationship'],
    ['dob not a date', (b) => ({ ...b, dob: '31-02-1990' }), FAMILY_MSG.dob],
    ['income 0', (b) => ({ ...b, income: 0 }), FAMILY_MSG.income],
    ['voter id file left out', ({ voter_id_file: _v, ...b }) => b, FAMILY_MSG.voterFile],
    ['email not valid', (b) => ({ ...b, email: 'kamla@' }), MSG.invalidEmail],
    ['record_index not a whole number', (b) => ({ ...b, record_index: 1.5 }), MSG.invalidInput],
  ])('%s → 400 with its message', async (_n, change, message) => {
    const appId = await kycDone();
    const r = await post(appId, change(await familyBody(appId)));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, status_code: 400, message });
    expect(await fmRows(appId)).toEqual([]);
  });

  it('a body that is not an object → 400 Invalid input', async () => {
    const appId = await kycDone();
    expect((await post(appId, [1, 2])).body).toEqual({ success: false, status_code: 400, message: MSG.invalidInput });
  });

  it('a file that is not an upload of this application → 400', async () => {
    const appId = await kycDone();
    const other = await kycDone();
    const r = await post(appId, await familyBody(appId, { aadhaar_back_file: await uploadFor(s, staff, other, 'AADHAAR_BACK') }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(KYC_SERVER_MSG.fileNotFound);
    expect(await fmRows(appId)).toEqual([]);
  });

  it('KYC not submitted yet → 409', async () => {
    const { id } = await verifiedBorrowerApplication(s, staff);
    const r = await post(id, await familyBody(id));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ success: false, status_code: 409, message: FAMILY_SERVER_MSG.kycFirst });
    expect(await fmRows(id)).toEqual([]);
    expect((await application(id)).stages).toEqual(['BORROWER_INFO']);
  });

  it('a rejected application → 409 Application Rejected! with the stored decision', async () => {
    const { id } = await kycSubmittedApplication(s, staff, { pan: 'BADCR1234D' });
    const r = await post(id, await familyBody(id));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ message: REJECTED_MSG, data: { approval_checks: { decision: 'REJECTED' } } });
    expect(await fmRows(id)).toEqual([]);
  });

  it('a record index already taken → 409', async () => {
    const appId = await kycDone();
    await created(appId, { record_index: 3 });
    const r = await post(appId, await familyBody(appId, { record_index: 3 }));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(FAMILY_SERVER_MSG.indexTaken);
  });
});

describe('update (PATCH /v1/app/mfi/family-member/{id})', () => {
  it('merges the fields over the stored ones and revalidates the whole; an unchanged patch writes nothing', async () => {
    const appId = await kycDone();
    const fm = await created(appId);
    const moved = await patch(fm.id, { address: '99 Station Road, Pune', income: 9500, record_index: 5, id: 'x' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toEqual({
      ...fm,
      address: '99 Station Road, Pune',
      income: 9500,
      updated_at: expect.any(String),
    });
    expect((await getOne(fm.id)).body.data).toEqual(moved.body.data);
    const same = await patch(fm.id, { address: '99 Station Road, Pune' });
    expect(same.status).toBe(200);
    expect(same.body.data.updated_at).toBe(moved.body.data.updated_at);

    expect((await patch(fm.id, { address: 'short' })).body).toEqual({ success: false, status_code: 400, message: FAMILY_MSG.address });
    expect((await patch(fm.id, { dob: '' })).body).toEqual({ success: false, status_code: 400, message: FAMILY_MSG.dob });
    const otherApp = await kycDone();
    const foreign = await patch(fm.id, { pan_file: await uploadFor(s, staff, otherApp, 'PAN', { pdf: true }) });
    expect(foreign.body).toEqual({ success: false, status_code: 400, message: KYC_SERVER_MSG.fileNotFound });
    expect((await getOne(fm.id)).body.data).toEqual(moved.body.data);

    expect((await patch(fm.id, { address: '1 Other Road, Pune' }, { token: colleague })).status).toBe(403);
    expect((await patch('0'.repeat(32), { address: '1 Other Road, Pune' })).body).toEqual({
      success: false,
      status_code: 404,
      message: FAMILY_SERVER_MSG.notFound,
    });
    expect((await getOne('0'.repeat(32))).status).toBe(404);
  });
});

describe('list, tenants, owners, replay', () => {
  it('the list is ordered by record_index; without one the next index is used; the branch review role reads it, another officer may not', async () => {
    const appId = await kycDone();
    await created(appId, { name: 'Second Member', record_index: 2 });
    await created(appId, { name: 'First Member', record_index: 0 });
    await created(appId, { name: 'Third Member' });
    const r = await list(appId);
    expect(r.body.data.list.map((m: { record_index: number; name: string }) => `${m.record_index}:${m.name}`)).toEqual([
      '0:First Member',
      '2:Second Member',
      '3:Third Member',
    ]);
    // Need to know: another initiating officer is refused (403); the review role of the branch reads.
    expect((await list(appId, { token: colleague })).status).toBe(403);
    expect((await list(appId, { token: reviewer })).body.data.list).toHaveLength(3);
    expect((await list(await kycDone())).body.data).toEqual({ list: [] });
  });

  it('another tenant: its token here → 401; its officer on its own host → 404 for every call', async () => {
    const appId = await kycDone();
    const fm = await created(appId);
    const body = await familyBody(appId);
    expect((await list(appId, { token: udaanStaff })).status).toBe(401);
    const there = { token: udaanStaff, host: UDAAN };
    for (const r of [
      await list(appId, there),
      await post(appId, body, there),
      await getOne(fm.id, there),
      await patch(fm.id, { address: '1 Other Road, Pune' }, there),
    ]) {
      expect(r.status, JSON.stringify(r.body)).toBe(404);
    }
    expect(await fmRows(appId)).toHaveLength(1);
  });

  it('another officer of the tenant cannot write (403), nothing stored', async () => {
    const appId = await kycDone();
    const r = await post(appId, await familyBody(appId), { token: colleague });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(SERVER_MSG.forbidden);
    expect(await fmRows(appId)).toEqual([]);
  });

  it('a replay with the same Idempotency-Key answers the first response again; one row', async () => {
    const appId = await kycDone();
    const body = await familyBody(appId);
    const headers = { 'Idempotency-Key': `fm-${appId}` };
    const first = await post(appId, body, { headers });
    const replay = await post(appId, body, { headers });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await fmRows(appId)).toHaveLength(1);

    const patchHeaders = { 'Idempotency-Key': `fm-patch-${appId}` };
    const p1 = await patch(first.body.data.id, { income: 12000 }, { headers: patchHeaders });
    const p2 = await patch(first.body.data.id, { income: 12000 }, { headers: patchHeaders });
    expect(p2.body).toEqual(p1.body);
    expect(p2.res.headers.get('idempotent-replayed')).toBe('true');
  });
});
