import { expect, test } from '@playwright/test';
import { E2E_PORT as PORT, signIn } from './helpers';

test('signed-out user opening home is sent to /login', async ({ page }) => {
  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('invalid mobile shows the message and makes no call', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid mobile number');
});

for (const [mobile, first] of [
  ['9000000001', 'Anil'],
  ['9000000002', 'Priya'],
  ['9000000003', 'Sanjay'],
  ['9000000004', 'Meena'],
] as const) {
  test(`staff ${mobile} signs in and sees Hello`, async ({ page }) => {
    await signIn(page, mobile);
    await expect(page.getByText(new RegExp(`Hello ${first} `))).toBeVisible();
    await page.goto('/#/login');
    await expect(page).toHaveURL(/#\/$/);
  });
}

test('wrong OTP shows the retry message and clears the field; resend counts down', async ({ page }) => {
  await signIn(page, '9000000001', '000000');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid OTP. Please try again.');
  await expect(page.getByLabel('OTP')).toHaveValue('');
  await expect(page.getByText(/Resend OTP in \d+s/)).toBeVisible();
});

test('unknown designation is logged out after the profile loads', async ({ page }) => {
  await signIn(page, '9000000005');
  // The token is stored on verify, then dropped once /v1/user/me shows the unknown designation.
  await expect
    .poll(() => page.evaluate(() => [localStorage.getItem('flo.signed-in'), globalThis.__floToken?.() ?? null]), { timeout: 10_000 })
    .toEqual([null, null]);
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByText('Sign in with your mobile number')).toBeVisible();
});

test('profile shows User Details and Logout returns to /login', async ({ page }) => {
  await signIn(page, '9000000003');
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/login$/);
});

for (const tenant of ['udaan', 'vikas']) {
  test(`tenant favicon follows the host name (${tenant})`, async ({ page }) => {
    await page.goto(`http://${tenant}.localhost:${PORT}/#/login`);
    await expect(page.locator('#app-favicon')).toHaveAttribute('href', `/tenants/${tenant}/favicon.svg`);
  });
}

// A weak network must not hold the app at a blank page: the tenant's configuration the device has is used at once.
test('a repeat visit starts from the stored tenant configuration while the network hangs on it', async ({ page }) => {
  await page.goto(`http://udaan.localhost:${PORT}/#/login`);
  await expect(page.locator('#app-favicon')).toHaveAttribute('href', '/tenants/udaan/favicon.svg');
  await page.route('**/v1/public/tenant/hostname/**', () => undefined); // never answered
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 3_000 });
  await expect(page.locator('#app-favicon')).toHaveAttribute('href', '/tenants/udaan/favicon.svg');
});

test('a first visit whose tenant configuration never comes starts without the brand after the wait', async ({ page }) => {
  await page.route('**/v1/public/tenant/hostname/**', () => undefined);
  await page.goto(`http://vikas.localhost:${PORT}/#/login`);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 10_000 });
});
