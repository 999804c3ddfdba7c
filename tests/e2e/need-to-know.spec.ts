// Need to know (docs/security.md): the review role of branch 2 does not see a branch-1 application, in its list or by
// id; another officer who types the borrower's mobile in Create Application is told, in plain words, who holds the
// application and where, and sees nothing of the borrower.
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './helpers';
import { serverCopy, staffPhone, startBorrower } from './workflow-steps';

// pragati: the branch-2 staff sign in nowhere else (OTP limit 5 in 10 minutes per mobile and tenant).
const BASE = `http://pragati.localhost:${E2E_PORT}`;
const NAME = 'Ganga Bai Shinde';

test("a branch-1 application is hidden from the branch-2 reviewer; another officer's lookup names its officer only", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const mobile = `96${String(Date.now()).slice(-7)}4`;

  const officer = await staffPhone(browser, BASE, '9000000001');
  const o = officer.page;
  await startBorrower(o, mobile, NAME);
  const appId = new URLSearchParams(o.url().split('?')[1] ?? '').get('id') ?? '';
  expect(appId).toMatch(/^[0-9a-f]{32}$/);
  await expect.poll(async () => (await serverCopy(o, appId))?.phone, { timeout: 20_000 }).toBe(mobile);

  const reviewer = await staffPhone(browser, BASE, '9000000012');
  const r = reviewer.page;
  // Its branch has no application yet: the count says none (branch 1's are not counted).
  await expect(r.getByRole('region', { name: 'Applications' }).locator('.count')).toHaveText('0');
  await r.goto('/#/applications');
  await r.getByLabel('Search by name, mobile or id').fill(mobile);
  await expect(r.getByText('No data')).toBeVisible();
  await expect(r.getByRole('listitem').filter({ hasText: mobile })).toHaveCount(0);
  // By id, the server answers as for another lender's application.
  const status = await r.evaluate(async (id) => {
    const res = await fetch(`/api/main/v1/app/mfi/${id}`, { headers: { token: globalThis.__floToken?.() ?? '' } });
    return res.status;
  }, appId);
  expect(status).toBe(404);

  const other = await staffPhone(browser, BASE, '9000000004');
  const p = other.page;
  await p.getByRole('link', { name: 'Create Application' }).click();
  await p.getByLabel('Borrower mobile number').fill(mobile);
  await expect(
    p.getByText('This mobile already has an application with Anil Deshmukh (Pune Branch). Ask them or the branch to continue it.'),
  ).toBeVisible();
  await expect(p.getByText(NAME)).toHaveCount(0);
  await expect(p.getByLabel('Borrower name')).toHaveValue('');
  expect(p.url()).not.toContain(appId);

  await officer.ctx.close();
  await reviewer.ctx.close();
  await other.ctx.close();
});
