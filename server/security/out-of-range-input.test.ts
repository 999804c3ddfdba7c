// Values at the edge of what a route accepts, each as a request: a far-future disbursement date is refused, not a 500;
// a rate just above 0 gives finite money; valibot's 'Received …' never reaches the client; a draft refuses 1e308 and
// drops bidi controls; a full Aadhaar number in Devanagari digits or split by zero-width spaces is refused; a form's
// oversized JSON is told the request is too large, not 'File is too large'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AADHAAR_TEXT_MSG, verhoeffValid } from '../../contracts/aadhaar';
import { BODY_MSG } from '../respond';
import { nextApplication } from '../test-borrower';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let owner: string;
let appId: string;
beforeAll(async () => {
  // A 1 MB upload limit: the body limit in front of every route is then 6 MB, and the oversized form below is small.
  s = await makeTestServer({ maxUploadMb: 1 });
  owner = await signIn(s.app, '9000000001');
  const { id, phone } = nextApplication();
  appId = id;
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: owner, json: { phone, name: 'Ramesh Kumar' } })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await s.close();
});

const stored = async () => (await call(s.app, 'GET', `/v1/app/mfi/${appId}`, { token: owner })).body.data;
const terms = {
  amount: 100000,
  tenure_months: 12,
  interest_rate: 24,
  processing_fee: 1000,
  insurance_fee: 0,
  disbursement_date: '10-12-2026',
};

describe('money and dates', () => {
  it('a disbursement date in year 9999 is refused, not a 500, on every route that takes one', async () => {
    const preview = await call(s.app, 'POST', '/v1/kfs/preview', { token: owner, json: { ...terms, disbursement_date: '31-12-9999' } });
    expect([preview.status, preview.body.message]).toEqual([400, 'Invalid disbursement date']);
    const start = await call(s.app, 'POST', '/v1/bureau/get-emi-start-date-from-disbursement-date', {
      token: owner,
      json: { disbursement_date_str: '31-12-9999' },
    });
    expect([start.status, start.body.message]).toEqual([400, 'Invalid disbursement date']);
  });

  it('a rate just above 0 gives finite money, as at 0 %', async () => {
    const r = await call(s.app, 'POST', '/v1/kfs/preview', { token: owner, json: { ...terms, interest_rate: 1e-300 } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ emi: 8333.33, total_interest: 0, total_payable: 100000 });
  });
});

describe('bodies', () => {
  it("valibot's 'Received …' never reaches the client", async () => {
    const r = await call(s.app, 'POST', '/v1/uploads', { token: owner, json: { file_name: 'x.jpg', mime_type: 'image/jpeg', size: 1.5 } });
    expect(r.status).toBe(400);
    expect(r.body.message).not.toMatch(/received/i);
  });

  it('a number beyond 2^53 is refused and not stored', async () => {
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${appId}`, { token: owner, json: { amount_requested: 1e308 } });
    expect([r.status, r.body.message]).toEqual([400, BODY_MSG.number]);
    expect((await stored()).amount_requested ?? null).not.toBe(1e308);
  });

  it('bidi controls are dropped from stored text; Indic joiners stay', async () => {
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${appId}`, {
      token: owner,
      json: { name: '\u202eevil\u202c Kumar', address: 'क्\u200dष Nagar' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await stored()).toMatchObject({ name: 'evil Kumar', address: 'क्\u200dष Nagar' });
  });

  it('a full Aadhaar number in Devanagari digits, or split by zero-width spaces, is refused in any text', async () => {
    let valid = 234567890120;
    while (!verhoeffValid(String(valid))) valid += 1;
    const digits = String(valid);
    const devanagari = [...digits].map((d) => String.fromCodePoint(0x0966 + Number(d))).join('');
    const zeroWidth = `${digits.slice(0, 4)}\u200b${digits.slice(4, 8)}\u200b${digits.slice(8)}`;
    for (const text of [devanagari, zeroWidth]) {
      const r = await call(s.app, 'PATCH', `/v1/app/mfi/${appId}`, { token: owner, json: { address: `House ${text}` } });
      expect([r.status, r.body.message]).toEqual([400, AADHAAR_TEXT_MSG]);
    }
  });

  it("a form's JSON over the body limit is told the request is too large, not 'File is too large'", async () => {
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${appId}`, {
      token: owner,
      body: JSON.stringify({ name: 'x'.repeat(7 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect([r.status, r.body.message]).toEqual([413, BODY_MSG.tooLarge]);
  });
});
