// Runs last (files run in name order, one worker): the sandbox's log of this whole e2e run must carry
// request ids and no personal value typed or received during it: mobiles, OTPs, tokens, borrower names.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

test('the server log of the whole e2e run holds no mobile, OTP, token or borrower name', () => {
  const log = readFileSync(`${process.env.E2E_DATA_DIR}/server.log`, 'utf8');
  const all = log.split('\n').filter((l) => l.trim() !== '');
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
