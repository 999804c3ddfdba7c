import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('every signed-out route opens for a visitor; a signed-in user is sent home from them', async ({ page }) => {
  for (const path of ['/join-us', '/join-us/track', '/apply-loan/mobile', '/apply-loan/track']) {
    await page.goto(`/#${path}`);
    await expect(page).toHaveURL(new RegExp(`#${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await signIn(page, '9000000001');
  await expect(page.getByText(/Hello Anil/)).toBeVisible();
  await page.goto('/#/apply-loan/mobile');
  await expect(page).toHaveURL(/#\/$/);
});

test('a signed-out visitor opening a staff stage goes to /login', async ({ page }) => {
  await page.goto('/#/application/cpv-info?id=abc');
  await expect(page).toHaveURL(/#\/login/);
});

test('a staff stage opened by its address shows inside the app frame', async ({ page }) => {
  await signIn(page, '9000000002');
  await expect(page.getByText(/Hello Priya/)).toBeVisible(); // sign-in's own move to / must not win over the goto
  await page.goto('/#/application/final-submit');
  await expect(page.getByRole('heading', { name: 'Final submit' })).toBeVisible();
  await expect(page.getByText('Powered By')).toBeVisible();
});

test('an unknown route shows the fallback screen with status', async ({ page }) => {
  await page.goto('/#/no/such/screen');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('404 Not Found')).toBeVisible();
});

test('the resend countdown runs down to a Resend OTP button that sends again', async ({ page }) => {
  await page.clock.install();
  await page.goto('/#/login');
  await page.getByLabel('Mobile number').fill('9000000001');
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByText('Resend OTP in 30s')).toBeVisible();
  await page.clock.runFor(10_000);
  await expect(page.getByText('Resend OTP in 20s')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);
  await page.clock.runFor(21_000);
  const resend = page.getByRole('button', { name: 'Resend OTP' });
  await expect(resend).toBeVisible();
  const answer = page.waitForResponse((r) => r.url().includes('/v1/auth/resend-otp'));
  await resend.click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByText(/Resend OTP in (30|29)s/)).toBeVisible();
});
