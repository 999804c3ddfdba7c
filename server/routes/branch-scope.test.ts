// Branches and need to know (docs/security.md "Need to know"): the review and verification roles reach their own
// branch's applications, the head office every one (read only), an initiating officer only its own. Outside the branch
// is answered as another tenant's (404); another officer's application in the branch is 403; a lookup by mobile that
// finds another officer's borrower names the officer and branch and nothing of the borrower.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { blob, call, form, makeTestServer, pdfBytes, publicSignIn, signIn, type TestServer } from '../test-helpers';

const APP_1 = 'b1'.repeat(16); // branch 1, officer 9000000001
const APP_2 = 'b2'.repeat(16); // branch 2, officer 9000000011
const PHONE_1 = '9876511111';
const PHONE_2 = '9876522222';
const NAME_1 = 'Lakshmi Borrower';

let s: TestServer;
const t: Record<string, string> = {};
let file1 = '';
let publicApp = '';

const get = (who: string, path: string) => call(s.app, 'GET', path, { token: t[who] });
const listIds = async (who: string, search = '') =>
  (await get(who, `/v1/app/mfi?size=100${search ? `&search_by=${search}` : ''}`)).body.data.list.map((a: { id: string }) => a.id);

beforeAll(async () => {
  s = await makeTestServer();
  for (const m of ['01', '02', '03', '04', '11', '12', '13', '14']) t[m] = await signIn(s.app, `90000000${m}`);
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${APP_1}`, { token: t['01'], json: { phone: PHONE_1, name: NAME_1 } })).status).toBe(201);
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${APP_2}`, { token: t['11'], json: { phone: PHONE_2, name: 'Branch Two' } })).status).toBe(
    201,
  );
  const up = await call(s.app, 'POST', '/v1/file/upload', {
    token: t['01'],
    body: form({ file: blob(pdfBytes()), file_type: 'PAN', application_id: APP_1 }),
  });
  file1 = up.body.data.file_id;
  publicApp = (await publicSignIn(s.app, '9876533333')).applicationId;
});
afterAll(async () => {
  await s.close();
});

describe("an application belongs to its creating officer's branch", () => {
  it('stores and answers the branch', async () => {
    const rows = await s.db.query<{ id: string; branch_id: string }>(
      'SELECT id, branch_id FROM applications WHERE tenant_id=$1 ORDER BY id',
      ['sahayog'],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.branch_id]))).toMatchObject({ [APP_1]: 'B1', [APP_2]: 'B2', [publicApp]: 'B1' });
    expect((await get('01', `/v1/app/mfi/${APP_1}`)).body.data.branch_id).toBe('B1');
  });
});

describe('the review and verification roles reach their own branch only', () => {
  it.each([
    ['review, branch 2, a branch-1 application', '12', APP_1, 404],
    ['verification, branch 2, a branch-1 application', '13', APP_1, 404],
    ['review, branch 1, a branch-2 application', '02', APP_2, 404],
    ['verification, branch 1, a branch-2 application', '03', APP_2, 404],
    ['review, branch 2, a public application (branch 1)', '12', publicApp, 404],
    ['review, branch 2, its own branch', '12', APP_2, 200],
    ['verification, branch 1, its own branch', '03', APP_1, 200],
    ['review, branch 1, a public application', '02', publicApp, 200],
  ])('%s: %s → %s', async (_n, who, id, status) => {
    const r = await get(who, `/v1/app/mfi/${id || publicApp}`);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    if (status === 404) expect(r.body.message).toBe('Application not found');
  });

  it('lists, counts and searches the branch only', async () => {
    expect(await listIds('12')).toEqual([APP_2]);
    expect(await listIds('12', PHONE_1)).toEqual([]);
    expect((await listIds('02')).sort()).toEqual([APP_1, publicApp].sort());
    expect((await get('12', '/v1/app/mfi/count')).body.data.count).toBe(1);
    expect((await get('13', '/v1/app/mfi/count')).body.data.count).toBe(1);
  });

  it("does not find another branch's application by mobile", async () => {
    expect((await get('12', `/v1/app/mfi/phone-number/${PHONE_1}`)).status).toBe(404);
    expect((await get('02', `/v1/app/mfi/phone-number/${PHONE_1}`)).body.data.id).toBe(APP_1);
  });

  it('opens no file, co-applicant or family list, KFS or household of another branch', async () => {
    for (const path of [
      `/v1/app/mfi/${APP_1}/files`,
      `/v1/app/mfi/${APP_1}/co-applicant`,
      `/v1/app/mfi/${APP_1}/family-member`,
      `/v1/app/mfi/${APP_1}/kfs`,
      `/v1/app/mfi/${APP_1}/household`,
    ]) {
      expect((await get('12', path)).status, path).toBe(404);
    }
    const presign = await get('12', `/v1/loan-application/presigned-url?file_id=${file1}`);
    expect(presign.body).toEqual({ success: false, message: SERVER_MSG.notFound, status_code: 404 });
    expect((await get('02', `/v1/loan-application/presigned-url?file_id=${file1}`)).status).toBe(200);
  });

  it('acts on no application of another branch', async () => {
    const r = await call(s.app, 'POST', `/v1/app/mfi/${APP_1}/deviations/decision`, {
      token: t['12'],
      json: { type: 'BORROWER_NAME_MISMATCH_DEVIATION', decision: 'APPROVED', remarks: 'ok' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(404);
  });
});

describe('the head office reads every branch and writes nothing', () => {
  it('reads and lists both branches', async () => {
    expect((await get('14', `/v1/app/mfi/${APP_1}`)).status).toBe(200);
    expect((await get('14', `/v1/app/mfi/${APP_2}`)).status).toBe(200);
    expect(await listIds('14')).toEqual(expect.arrayContaining([APP_1, APP_2, publicApp]));
    expect((await get('14', `/v1/loan-application/presigned-url?file_id=${file1}`)).status).toBe(200);
  });
  it('is refused every write (403)', async () => {
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${APP_1}`, { token: t['14'], json: { name: 'Changed' } });
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    const create = await call(s.app, 'PUT', `/v1/app/mfi/${'e'.repeat(32)}`, { token: t['14'], json: { phone: '9876544444' } });
    expect(create.status).toBe(403);
  });
});

describe('an initiating officer reads its own applications only', () => {
  it.each([
    ['another officer of the branch', '04', APP_1, 403],
    ['an officer of another branch', '11', APP_1, 404],
    ['a public application', '01', publicApp, 403],
    ['its own', '01', APP_1, 200],
  ])('%s: %s → %s', async (_n, who, id, status) => {
    const r = await get(who, `/v1/app/mfi/${id || publicApp}`);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(JSON.stringify(r.body).includes(NAME_1)).toBe(status === 200);
  });

  it("a lookup by mobile of another officer's borrower says who holds it, nothing of the borrower", async () => {
    for (const who of ['04', '11']) {
      const r = await get(who, `/v1/app/mfi/phone-number/${PHONE_1}`);
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body).toEqual({
        success: false,
        status_code: 409,
        message: 'This mobile already has an application with Anil Deshmukh (Pune Branch). Ask them or the branch to continue it.',
        data: { held_elsewhere: true, officer_name: 'Anil Deshmukh', branch_name: 'Pune Branch' },
      });
      expect(JSON.stringify(r.body)).not.toContain(NAME_1);
      expect(JSON.stringify(r.body)).not.toContain(APP_1);
    }
    expect((await get('01', `/v1/app/mfi/phone-number/${PHONE_1}`)).body.data.name).toBe(NAME_1);
    expect((await get('04', '/v1/app/mfi/phone-number/9876599999')).status).toBe(404);
  });

  it('lists and counts its own only', async () => {
    expect(await listIds('04')).toEqual([]);
    expect(await listIds('11')).toEqual([APP_2]);
  });
});
