// Statement parsing on the banking API (POST /api/banking/v1/identity) and statement analysis on the main API (POST
// /v1/banking/bank-statement-info, the CAM): deterministic sandbox answers, the wrong password, PDFs only, a CAM PDF
// behind a presigned URL that can be fetched, 'Bank code not found' (also for the listed bank without a code).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_MSG } from '../../contracts/business';
import { BANKS } from '../fixtures/banks';
import { STATEMENT_MSG } from '../services/bank-statements';
import { kycSubmittedApplication, uploadFor } from '../test-borrower';
import { blob, call, form, makeTestServer, pdfBytes, signIn, type TestServer } from '../test-helpers';

const UDAAN = 'udaan.localhost';
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

let s: TestServer;
let staff: string;
let udaanStaff: string;
let appId: string;
let statement: string;

const identity = (body: unknown, o: { token?: string; host?: string } = {}) =>
  call(s.app, 'POST', '/v1/identity', { base: '/api/banking', token: o.token ?? staff, host: o.host, json: body });
const cam = (body: unknown, o: { token?: string; host?: string; headers?: Record<string, string> } = {}) =>
  call(s.app, 'POST', '/v1/banking/bank-statement-info', { token: o.token ?? staff, host: o.host, json: body, headers: o.headers });

beforeAll(async () => {
  s = await makeTestServer();
  staff = await signIn(s.app, '9000000001');
  udaanStaff = await signIn(s.app, '9000000001', UDAAN);
  appId = (await kycSubmittedApplication(s, staff)).id;
  statement = await uploadFor(s, staff, appId, 'BANK_STATEMENT', { pdf: true });
});
afterAll(async () => {
  await s.close();
});

describe('statement parsing (banking API POST /v1/identity)', () => {
  it('answers results[].identity_data: the borrower as holder, account number and IFSC from the file, the same every time', async () => {
    const r = await identity({ bank_name: 'State Bank of India', files: [{ file_id: statement, password: '' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      success: true,
      status_code: 200,
      results: [
        {
          file_id: statement,
          identity_data: {
            name: 'RAMESH KUMAR',
            account_number: expect.stringMatching(/^[1-9]\d{11}$/),
            account_type: expect.stringMatching(/^(SAVINGS|CURRENT)$/),
            ifsc: expect.stringMatching(/^SBIN0[A-Z0-9]{6}$/),
            bank_name: 'State Bank of India',
          },
        },
      ],
    });
    const again = await identity({ bank_name: 'SBIN', files: [{ file_id: statement, password: null }] });
    expect(again.body).toEqual(r.body);
  });

  it('a statement uploaded without an application gets a synthetic holder; an unknown bank keeps its name', async () => {
    const up = await call(s.app, 'POST', '/v1/file/upload', {
      token: staff,
      body: form({ file: blob(pdfBytes(), 'application/pdf'), file_type: 'BANK_STATEMENT' }, 'st.pdf'),
    });
    const fileId = up.body.data.file_id as string;
    const r = await identity({ bank_name: 'Gramin Bank', files: [{ file_id: fileId, password: 'open' }, { file_id: statement }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [first, second] = r.body.results;
    expect(first.identity_data.name).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(first.identity_data).toMatchObject({ bank_name: 'Gramin Bank', ifsc: expect.stringMatching(IFSC) });
    expect(second).toMatchObject({ file_id: statement, identity_data: { name: 'RAMESH KUMAR' } });
  });

  it.each<[string, () => Promise<unknown>, number, string]>([
    [
      'the wrong password → 400',
      async () => ({ bank_name: 'SBIN', files: [{ file_id: statement, password: 'wrong' }] }),
      400,
      STATEMENT_MSG.wrongPassword,
    ],
    ['no files → 400', async () => ({ bank_name: 'SBIN', files: [] }), 400, BUSINESS_MSG.bankStatement],
    ['an unknown file → 404', async () => ({ bank_name: 'SBIN', files: [{ file_id: 'a'.repeat(32) }] }), 404, STATEMENT_MSG.notFound],
    [
      'an image → 400',
      async () => ({ bank_name: 'SBIN', files: [{ file_id: await uploadFor(s, staff, appId, 'BANK_STATEMENT') }] }),
      400,
      BUSINESS_MSG.statementsPdf,
    ],
  ])('%s', async (_n, body, status, message) => {
    const r = await identity(await body());
    expect(r.status).toBe(status);
    expect(r.body).toEqual({ success: false, status_code: status, message });
  });

  it("another tenant's file → 404; no token → 401", async () => {
    expect((await identity({ bank_name: 'SBIN', files: [{ file_id: statement }] }, { token: udaanStaff, host: UDAAN })).status).toBe(404);
    expect(
      (await call(s.app, 'POST', '/v1/identity', { base: '/api/banking', json: { bank_name: 'SBIN', files: [{ file_id: statement }] } }))
        .status,
    ).toBe(401);
  });
});

describe('statement analysis (main API POST /v1/banking/bank-statement-info)', () => {
  it('answers a presigned download_url of a CAM summary PDF that can be fetched; the same statement reuses its CAM', async () => {
    const r = await cam({ bank_name: 'SBIN', password: '', file_id: statement, mfi_app_id: appId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      success: true,
      status_code: 200,
      data: {
        download_url: expect.stringMatching(/^\/api\/main\/v1\/files\/[0-9a-f]{32}\?exp=\d+&by=user%3A\d+&sig=[0-9a-f]+$/),
        file_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    });
    const res = await s.app.fetch(new Request(`http://sahayog.localhost${r.body.data.download_url}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = new TextDecoder().decode(await res.arrayBuffer());
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('CAM summary');
    expect(text).toContain('RAMESH KUMAR');
    expect(text).toContain('State Bank of India \\(SBIN\\)');

    const again = await cam(
      { bank_name: 'sbin', password: '', file_id: statement, mfi_app_id: appId },
      { headers: { 'Idempotency-Key': 'cam-1' } },
    );
    expect(again.body.data.file_id).toBe(r.body.data.file_id);
    const files = (await call(s.app, 'GET', `/v1/app/mfi/${appId}/files`, { token: staff })).body.data.files as { file_type: string }[];
    expect(files.filter((f) => f.file_type === 'CAM_SUMMARY')).toHaveLength(1);
  });

  it('an unknown bank code, or the listed bank without a code → 400 Bank code not found', async () => {
    const noCode = BANKS.filter((b) => !b.code);
    expect(noCode.map((b) => b.name)).toEqual(['Local Co-operative Bank']);
    for (const bankName of ['ZZZZ', '', 'Local Co-operative Bank']) {
      const r = await cam({ bank_name: bankName, password: '', file_id: statement, mfi_app_id: appId });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ success: false, status_code: 400, message: 'Bank code not found' });
    }
  });

  it('an image statement or the wrong password → 422 (the client shows its CAM message and goes on)', async () => {
    const jpeg = await uploadFor(s, staff, appId, 'BANK_STATEMENT');
    const img = await cam({ bank_name: 'SBIN', password: '', file_id: jpeg, mfi_app_id: appId });
    expect(img.status).toBe(422);
    expect(img.body.message).toBe(STATEMENT_MSG.camNeedsPdf);
    const pwd = await cam({ bank_name: 'SBIN', password: 'wrong', file_id: statement, mfi_app_id: appId });
    expect(pwd.status).toBe(422);
    expect(pwd.body.message).toBe(STATEMENT_MSG.wrongPassword);
  });

  it('a statement of another application → 400; another tenant → 404', async () => {
    const other = (await kycSubmittedApplication(s, staff)).id;
    const r = await cam({ bank_name: 'SBIN', password: '', file_id: statement, mfi_app_id: other });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(STATEMENT_MSG.fileNotFound);
    const t = await cam({ bank_name: 'SBIN', password: '', file_id: statement, mfi_app_id: appId }, { token: udaanStaff, host: UDAAN });
    expect(t.status).toBe(404);
  });
});
