// Every look at a borrower's identity is on record (docs/security.md "Access log"; DPDP Rules 2025 Rule 6): a file
// link issued, the file's bytes served, an application read or found by mobile, co-applicants read. Who (user id and
// role), what (file id or field names, never values), when. Read by the review role of the branch and the head office.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_KEEP_DAYS, purgeAccessLog } from '../services/access-log';
import { blob, call, form, makeTestServer, pdfBytes, signIn, type TestServer } from '../test-helpers';

const APP = 'ac'.repeat(16);
const PHONE = '9876512345';
let s: TestServer;
const t: Record<string, string> = {};
const ids: Record<string, number> = {};
let fileId = '';

const log = (who: string) => call(s.app, 'GET', `/v1/app/mfi/${APP}/access-log`, { token: t[who] });

beforeAll(async () => {
  s = await makeTestServer();
  for (const m of ['01', '02', '03', '12', '14']) {
    t[m] = await signIn(s.app, `90000000${m}`);
    ids[m] = (await s.db.query<{ id: number }>(`SELECT id FROM users WHERE tenant_id='sahayog' AND mobile=$1`, [`90000000${m}`]))[0]!.id;
  }
  const put = await call(s.app, 'PUT', `/v1/app/mfi/${APP}`, {
    token: t['01'],
    json: { phone: PHONE, name: 'Sita Devi', dob: '15-01-1990' },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(201);
  fileId = (
    await call(s.app, 'POST', '/v1/file/upload', {
      token: t['01'],
      body: form({ file: blob(pdfBytes()), file_type: 'PAN', application_id: APP }),
    })
  ).body.data.file_id;
});
afterAll(async () => {
  await s.close();
});

describe('the access log', () => {
  it('records an application read, a lookup by mobile, a file link and the bytes served, with who and what', async () => {
    expect((await call(s.app, 'GET', `/v1/app/mfi/${APP}`, { token: t['03'] })).status).toBe(200);
    expect((await call(s.app, 'GET', `/v1/app/mfi/phone-number/${PHONE}`, { token: t['01'] })).status).toBe(200);
    const url = (await call(s.app, 'GET', `/v1/loan-application/presigned-url?file_id=${fileId}`, { token: t['02'] })).body.data.file_url;
    expect(url).toContain(`by=${encodeURIComponent(`user:${ids['02']}`)}`);
    expect((await s.app.fetch(new Request(`http://sahayog.localhost${url}`))).status).toBe(200);

    const r = await log('02');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const entries = r.body.data.entries as Record<string, unknown>[];
    expect(entries.map((e) => [e.action, e.user_id, e.role])).toEqual([
      ['file.bytes', ids['02'], 'REVIEW'],
      ['file.url', ids['02'], 'REVIEW'],
      ['application.lookup', ids['01'], 'INITIATING_OFFICER'],
      ['application.read', ids['03'], 'VERIFICATION'],
    ]);
    expect(entries[0]).toMatchObject({ file_id: fileId, user_name: 'Priya Kulkarni', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(entries[3]!.fields).toEqual(['dob']);
    // Names of fields only: the values never enter the log.
    const stored = JSON.stringify(await s.db.query('SELECT * FROM access_log'));
    expect(stored).not.toContain('15-01-1990');
    expect(stored).not.toContain(PHONE);
  });

  it('a forged reader on a signed link is refused, not recorded as someone else', async () => {
    const url = (await call(s.app, 'GET', `/v1/loan-application/presigned-url?file_id=${fileId}`, { token: t['02'] })).body.data
      .file_url as string;
    const forged = url.replace(/by=[^&]+/, `by=${encodeURIComponent(`user:${ids['14']}`)}`);
    expect((await s.app.fetch(new Request(`http://sahayog.localhost${forged}`))).status).toBe(403);
  });

  it('is for the review role of the branch and the head office only', async () => {
    expect((await log('14')).status).toBe(200);
    expect((await log('01')).status).toBe(403);
    expect((await log('03')).status).toBe(403);
    expect((await log('12')).status).toBe(404);
  });

  it('keeps entries at least a year: a purge never removes one younger than 365 days', async () => {
    expect(ACCESS_LOG_KEEP_DAYS).toBe(365);
    const before = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM access_log'))[0]!.n;
    await s.db.query(`UPDATE access_log SET at = now() - interval '364 days'`);
    expect(await purgeAccessLog(s.db, new Date(), 30)).toBe(0);
    await s.db.query(`UPDATE access_log SET at = now() - interval '366 days' WHERE id = (SELECT min(id) FROM access_log)`);
    expect(await purgeAccessLog(s.db, new Date())).toBe(1);
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM access_log'))[0]!.n).toBe(before - 1);
  });
});
