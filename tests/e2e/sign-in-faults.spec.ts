// REQ-AUTH-8: a failure at each call between the OTP and the home leaves a way forward (retry, or back to the login), never an
// empty page, also on a reload and on #/login. Each call of the path is failed once on its way to the real server
// (a 500, or the link dropped), then the officer goes on from what the screen offers and reaches the home.
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, passPin } from './helpers';

test.use({ baseURL: `http://pragati.localhost:${E2E_PORT}`, serviceWorkers: 'block' });

type Fault = 'status500' | 'drop';
async function failOnce(page: Page, path: RegExp, fault: Fault) {
  let left = 1;
  await page.route(path, async (route) => {
    if (left <= 0) return route.fallback();
    left -= 1;
    if (fault === 'drop') return route.abort('connectionreset');
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Server fault' }),
    });
  });
}

async function toOtp(page: Page, mobile: string) {
  await page.goto('/#/login');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
}
async function verify(page: Page) {
  await expect(page.getByText('Enter the OTP sent to your mobile')).toBeVisible();
  await page.getByLabel('OTP').fill('123456');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
}
const home = (page: Page) => expect(page.getByText(/Hello Vikram |Hello \w+ /)).toBeVisible({ timeout: 20_000 });

for (const fault of ['status500', 'drop'] as const) {
  test(`send OTP (${fault}): Get OTP again goes on`, async ({ page }) => {
    await failOnce(page, /\/api\/main\/v1\/auth\/send-otp$/, fault);
    await toOtp(page, '9000000001');
    await expect(page.getByRole('button', { name: 'Get OTP' })).toBeEnabled();
    await page.getByRole('button', { name: 'Get OTP' }).click();
    await verify(page);
    await passPin(page);
    await home(page);
  });

  test(`verify OTP (${fault}): the message, then Verify OTP again goes on`, async ({ page }) => {
    await failOnce(page, /\/api\/main\/v1\/auth\/verify-otp$/, fault);
    await toOtp(page, '9000000001');
    await verify(page);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to verify OTP. Please try again.');
    await page.getByLabel('OTP').fill('123456');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await passPin(page);
    await home(page);
  });

  test(`profile (${fault}): 'Error fetching profile' with Try again; a reload and #/login open the login`, async ({ page }) => {
    await failOnce(page, /\/api\/main\/v1\/user\/me$/, fault);
    await toOtp(page, '9000000001');
    await verify(page);
    await expect(page.getByText('Error fetching profile').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to login' })).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await passPin(page);
    await home(page);
  });

  test(`profile (${fault}) then a reload: the login, not an empty page`, async ({ page }) => {
    await failOnce(page, /\/api\/main\/v1\/user\/me$/, fault);
    await toOtp(page, '9000000002');
    await verify(page);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.goto('/#/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await toOtp(page, '9000000002');
    await verify(page);
    await passPin(page);
    await home(page);
  });

  test(`key escrow (${fault}): Set PIN says so and Set PIN again goes on`, async ({ page }) => {
    await failOnce(page, /\/api\/main\/v1\/user\/key-escrow$/, fault);
    await toOtp(page, '9000000003');
    await verify(page);
    await page.getByLabel('New PIN').fill('246810');
    await page.getByLabel('Confirm PIN').fill('246810');
    await page.getByRole('button', { name: 'Set PIN' }).click();
    await expect(page.getByText(/Could not set the PIN/)).toBeVisible();
    await page.getByRole('button', { name: 'Set PIN' }).click();
    await home(page);
  });
}

test('tenant configuration (500): the login and the home still open', async ({ page }) => {
  await failOnce(page, /\/api\/main\/v1\/public\/tenant\/hostname\/[^/]+\/config$/, 'status500');
  await toOtp(page, '9000000004');
  await verify(page);
  await passPin(page);
  await home(page);
});

test('the start after a reload, with every first read failing once: the PIN, then the home', async ({ page }) => {
  await toOtp(page, '9000000006');
  await verify(page);
  await passPin(page);
  await home(page);
  for (const path of [
    /\/api\/main\/v1\/public\/tenant\/hostname\/[^/]+\/config$/,
    /\/api\/main\/v1\/bank\/list$/,
    /\/api\/main\/v1\/mfi\/business-category$/,
    /\/api\/main\/v1\/app\/mfi\/count$/,
    /\/api\/main\/v1\/app\/mfi\?/,
  ])
    await failOnce(page, path, 'status500');
  await page.reload();
  await passPin(page);
  await home(page);
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
});

test('a sign-in closed on the PIN screen leaves no session: a reload opens the login', async ({ page }) => {
  await toOtp(page, '9000000001');
  await verify(page);
  await expect(page.getByRole('heading', { name: 'Set a PIN for this phone' })).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});
