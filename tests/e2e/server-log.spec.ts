// The sandbox's log carries a request id on every request line and no personal value typed or received: mobiles,
// OTPs, tokens, borrower names. The spec makes its own traffic first (a sign-in, an application named for the scan,
// an officer's first stage through the API), so it holds alone; in a whole run, playwright.config.ts runs it after
// every other spec, so the log it reads is the log of that whole run.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, apiSignIn, firstStage } from './api-seed';

const readLog = () => readFileSync(`${process.env.E2E_DATA_DIR}/server.log`, 'utf8');

test('the server log holds request ids and no mobile, OTP, token or borrower name', async () => {
  test.setTimeout(90_000);
  const officer = await apiSignIn('9000000001');
  const named = randomBytes(16).toString('hex');
  await api('PUT', `/v1/app/mfi/${named}`, {
    token: officer,
    json: { phone: `97${String(Date.now()).slice(-8)}`, name: 'Meena Devi' },
    want: 201,
  });
  const staged = await firstStage(officer, `96${String(Date.now()).slice(-8)}`);
  // A request's line is written as its answer goes out: the last one of the stage is in the log before the scan.
  await expect.poll(() => readLog().includes(`/v1/app/mfi/${staged}/bank-account`), { message: 'the last request is logged' }).toBe(true);

  const all = readLog()
    .split('\n')
    .filter((l) => l.trim() !== '');
  // The log is JSON lines only; no start-up banner (fixture staff, sandbox OTP) and nothing else in plain text.
  // (Lines the build step writes before the server starts are not the server's.)
  const start = all.findIndex((l) => l.startsWith('{'));
  const notJson = all.slice(start).filter((l) => !l.startsWith('{') && !/^\s*(at |npm warn|\(node:|\(Use )/.test(l));
  expect(notJson.slice(0, 3), 'plain lines in the server log').toEqual([]);
  const lines = all.filter((l) => l.startsWith('{'));
  expect(lines.length).toBeGreaterThan(50);
  const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => 'path' in e || 'status' in e);
  expect(requests.length).toBeGreaterThan(50);
  for (const r of requests) expect(String(r.req_id ?? ''), JSON.stringify(r)).not.toBe('');
  const logged = lines.join('\n');
  const found = (pattern: RegExp) => logged.match(pattern)?.slice(0, 3) ?? [];
  expect(found(/\b[6-9]\d{9}\b/g), 'a mobile number').toEqual([]);
  expect(found(/\b(123456|000000)\b/g), 'an OTP').toEqual([]);
  expect(found(/\b[0-9a-f]{64}\b/g), 'a session token').toEqual([]);
  expect(found(/Lakshmi Bai|Meena Devi/g), 'a borrower name').toEqual([]);
});
