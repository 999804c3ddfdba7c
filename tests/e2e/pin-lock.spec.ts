// A shared phone: the app locks itself after the tenant's idle time and the PIN opens it with the typed work
// kept; two officers on one browser profile each get their own encrypted database and never see the other's work; a
// completed logout leaves no database of that officer and nothing personal in Cache Storage.
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, fillAndKeep, passPin, signIn } from './helpers';

test.use({ baseURL: `http://udaan.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 } });

const userDbs = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases())
      .map((d) => d.name ?? '')
      .filter((n) => /^flo-[eu]-/.test(n))
      .sort(),
  );

// The mobiles must be new on the tenant: a known one is looked up and the form leaves for that application.
async function typeBorrower(page: Page, mobile: string, name: string) {
  await page.getByRole('link', { name: 'Create Application' }).click();
  await page.getByLabel('Borrower mobile number').fill(mobile);
  await page.getByLabel('Borrower name').fill(name);
}

test('idle for the tenant time: locked; the PIN opens it again with what was typed', async ({ page }) => {
  await page.clock.install();
  await signIn(page, '9000000001');
  await expect(page.getByText(/Hello /)).toBeVisible();
  await typeBorrower(page, '9876519001', 'Idle Lock Borrower');
  // Udaan locks after 15 idle minutes (tenant idle_lock_minutes).
  await page.clock.runFor('14:00');
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toHaveCount(0);
  await page.clock.runFor('01:30');
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await expect(page.getByText('Idle Lock Borrower')).toHaveCount(0);
  await passPin(page);
  await expect(page.getByLabel('Borrower name')).toHaveValue('Idle Lock Borrower');
});

test('two officers on one phone keep apart; a completed logout leaves no trace of the officer', async ({ page }) => {
  await signIn(page, '9000000001');
  await expect(page.getByText(/Hello /)).toBeVisible();
  await page.getByRole('link', { name: 'Create Application' }).click();
  await page.getByLabel('Borrower mobile number').fill('9876519002');
  // What the first officer typed is on the disk, in that officer's database, before the phone changes hands.
  await fillAndKeep(page, page.getByLabel('Borrower name'), 'First Officer Borrower');
  // The phone is handed over: the first officer's session ends without a logout.
  await page.evaluate(() => {
    localStorage.removeItem('flo.signed-in');
    localStorage.removeItem('flo.profile');
  });
  await page.reload();
  await signIn(page, '9000000004');
  await expect(page.getByText(/Hello Meena/)).toBeVisible();
  expect(await userDbs(page)).toHaveLength(2);
  await page.getByRole('link', { name: 'Create Application' }).click();
  await expect(page.getByLabel('Borrower name')).toHaveValue('');
  await expect(page.getByText('First Officer Borrower')).toHaveCount(0);

  // The second officer logs out: their database is gone, the first officer's stays (still locked by their PIN).
  const before = await userDbs(page);
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  const after = await userDbs(page);
  expect(after).toHaveLength(1);
  expect(before).toEqual(expect.arrayContaining(after));
  // Cache Storage holds the app, never a borrower.
  const cached = await page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) texts.push(req.url, await (await cache.match(req))!.text());
    }
    return texts.join('\n');
  });
  expect(cached).not.toContain('First Officer Borrower');
  expect(cached).not.toContain('9876519002');
});
