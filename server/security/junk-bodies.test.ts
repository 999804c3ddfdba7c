// Bad input never crashes. Every JSON write route (the staff steps on an application its
// caller may write, the public and partner routes, the checks) gets junk: wrong shapes, prototype keys, numbers JSON
// turns into Infinity, lone UTF-16 surrogates (valid JSON text PostgreSQL's jsonb cannot hold), deep and wide bodies.
// Each answer is a 4xx with the usual envelope, never a 500, and the error body never echoes what was sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycSubmittedApplication } from '../test-borrower';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let owner: string;
let reviewer: string;
let appId: string;
beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
  reviewer = await signIn(s.app, '9000000002');
  appId = (await kycSubmittedApplication(s, owner)).id;
}, 60_000);
afterAll(async () => {
  await s.close();
});

const MARK = 'zqxjunkmark';
/** Raw JSON texts: some cannot be written as JS objects (a lone surrogate escape, 1e400). */
const JUNK: [string, (field: string) => string][] = [
  ['an array', () => '[1,2,3]'],
  ['a string', () => `"${MARK}"`],
  ['null', () => 'null'],
  ['__proto__ key', (f) => `{"__proto__":{"${f}":"${MARK}","status":"PD2_COMPLETE"},"${f}":{"__proto__":{"x":1}}}`],
  ['constructor.prototype', (f) => `{"constructor":{"prototype":{"${f}":"${MARK}"}},"${f}":"${MARK}"}`],
  ['a lone high surrogate', (f) => `{"${f}":"${MARK}\\ud800"}`],
  ['a lone low surrogate in a key', () => `{"\\udc00${MARK}":"x"}`],
  ['a lone surrogate nested', (f) => `{"${f}":[{"a":"\\udbff"}],"remarks":"\\ud83d"}`],
  ['1e400 (Infinity)', (f) => `{"${f}":1e400,"amount":-1e400}`],
  ['negative and fractional numbers', (f) => `{"${f}":-1.5,"amount":-0.0001}`],
  ['wrong types everywhere', (f) => `{"${f}":{"$gt":""},"type":[],"decision":123,"name":true}`],
  ['a wide array', (f) => `{"${f}":[${Array(5000).fill('0').join(',')}]}`],
  ['deep nesting', (f) => `{"${f}":${'['.repeat(15)}1${']'.repeat(15)}}`],
  ['not JSON', () => `{${MARK}`],
];

const app = (p: string) => `/v1/app/mfi/${'§'}${p}`;
const ROUTES: [method: string, path: string, field: string, who: 'owner' | 'reviewer' | 'none', base?: string][] = [
  ['PATCH', app(''), 'name', 'owner'],
  ['PUT', app(''), 'name', 'owner'],
  ['PATCH', app('/basic-info'), 'guardian_name', 'owner'],
  ['POST', app('/co-applicant'), 'name', 'owner'],
  ['POST', app('/family-member'), 'name', 'owner'],
  ['POST', app('/business-detail'), 'business_name', 'owner'],
  ['POST', app('/employment-info'), 'employer_name', 'owner'],
  ['POST', app('/bank-account'), 'account_holder_name', 'owner'],
  ['PATCH', app('/reference'), 'name', 'owner'],
  ['POST', app('/deviations/decision'), 'remarks', 'reviewer'],
  ['POST', '/v1/kfs/preview', 'amount', 'reviewer'],
  ['POST', '/v1/bureau/bre', 'application_id', 'reviewer'],
  ['POST', '/v1/uploads', 'file_name', 'owner'],
  ['POST', '/v1/otp/send', 'mobile', 'none'],
  ['POST', '/v1/otp/verify', 'otp', 'none'],
  ['POST', '/v1/auth/send-otp', 'mobile', 'none'],
  ['POST', '/v1/join-us/request', 'name', 'none'],
  ['POST', '/v1/validation/mobile/otp/send', 'mobile', 'owner'],
  ['POST', '/v1/verify_pan_lite', 'pan', 'owner', '/api/verification'],
  ['POST', '/v1/name_matcher', 'name', 'owner', '/api/verification'],
];

describe.each(ROUTES)('%s %s', (method, rawPath, field, who, base) => {
  it.each(JUNK)('%s → 4xx, never 500, input not echoed', async (_n, body) => {
    const token = who === 'owner' ? owner : who === 'reviewer' ? reviewer : undefined;
    const r = await call(s.app, method, rawPath.replace('§', appId), {
      token,
      base,
      body: body(field),
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    expect(r.body.success).toBe(false);
    expect(JSON.stringify(r.body)).not.toContain(MARK);
  });
});

describe('junk in the query of the lookups', () => {
  it.each([
    ['/v1/app/mfi?search_by=%ED%A0%80', 'owner'],
    ['/v1/app/mfi?search_by=%F0%9F', 'owner'],
    ['/v1/app/mfi?page=-1&size=1e400', 'owner'],
    ['/v1/loan-application/presigned-url?file_id=..%2F..%2Fetc%2Fpasswd', 'owner'],
    ['/v1/loan-application/presigned-url?file_id=%00', 'owner'],
    ['/v1/track?tracker_id=%ED%A0%80', 'none'],
    ['/v1/join-us/track?tracker_id=PTR%ED%A0%80', 'none'],
    ['/v1/join-us/track?tracker_id=%C0%AF', 'none'],
    ['/v1/app/mfi/phone-number/%ED%A0%80', 'owner'],
    ['/v1/files/..%2F..%2Fetc%2Fpasswd?exp=1&sig=x', 'none'],
  ])('GET %s → never 500', async (path, who) => {
    const r = await call(s.app, 'GET', path, { token: who === 'owner' ? owner : undefined });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
  });
});

it('no junk reached a stored row', async () => {
  const [row] = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM applications WHERE data::text LIKE $1`, [`%${MARK}%`]);
  expect(row?.n).toBe(0);
  expect(({} as Record<string, unknown>).status).toBeUndefined();
});
