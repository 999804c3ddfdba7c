// REQ-UI-1: a full-screen loading overlay blocks the main content while a call the screen waits on is in flight.
// The real server answers; the test only holds each answer until it has seen the overlay.
import { expect, type Page, test } from '@playwright/test';

test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

/** Holds the next request to `path` until `release` is called, then lets the real server answer it. */
async function hold(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((ok) => {
    release = ok;
  });
  let seen = () => {};
  const arrived = new Promise<void>((ok) => {
    seen = ok;
  });
  await page.route(
    `**${path}`,
    async (route) => {
      seen();
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return { arrived, release };
}

test('sending and verifying the OTP block the screen behind the overlay, then give it back', async ({ page }) => {
  const overlay = page.getByRole('progressbar', { name: 'Loading' });
  await page.goto('/#/login');
  await page.getByLabel('Mobile number').fill('9000000001');
  await expect(overlay).toHaveCount(0);

  const send = await hold(page, '/api/main/v1/auth/send-otp');
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await send.arrived;
  await expect(overlay).toBeVisible();
  expect(await overlay.boundingBox()).toMatchObject({ x: 0, y: 0, width: 360, height: 740 });
  send.release();
  await expect(page.getByText('Enter the OTP sent to your mobile')).toBeVisible();
  await expect(overlay).toHaveCount(0);

  const verify = await hold(page, '/api/main/v1/auth/verify-otp');
  await page.getByLabel('OTP').fill('123456');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await verify.arrived;
  await expect(overlay).toBeVisible();
  verify.release();
  await expect(page.getByRole('heading', { name: /Set a PIN for this phone|Enter your PIN/ })).toBeVisible({ timeout: 20_000 });
  await expect(overlay).toHaveCount(0);
});
