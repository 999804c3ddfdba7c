// A form never loses what was typed, or a sheet the officer opened, when its data arrives from the server, and
// an OTP check pressed before the server has the new application waits for it (it answered "Application not found").
// The create's answer is held (the real server answers it once released) while the officer types and opens a sheet on
// the new borrower form; the answer then lands in the phone's database and the form must keep both.
import { expect, test } from '@playwright/test';
import { E2E_PORT, signIn } from './helpers';

test.use({ baseURL: `http://udaan.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

test('the borrower form keeps typing and an open sheet when its record comes back; Verify waits for the server to have it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, '9000000001');
  await expect(page.getByText(/Hello /)).toBeVisible();

  let release = () => {};
  const released = new Promise<void>((ok) => {
    release = ok;
  });
  let held = false;
  await page.route(/\/api\/main\/v1\/app\/mfi\/[0-9a-f]{32}$/, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    held = true;
    await released;
    await route.fallback();
  });

  await page.getByRole('link', { name: 'Create Application' }).click();
  await page.getByLabel('Borrower mobile number').fill(`95${String(Date.now()).slice(-8)}`);
  await expect(page.getByText('No application with this number yet: start a new one below.')).toBeVisible();
  await page.getByLabel('Borrower name').fill('Held Answer');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  const form = page.getByRole('form', { name: 'Borrower details' });
  await expect(form).toBeVisible();
  await expect.poll(() => held).toBe(true);

  // The officer goes on while the create is on its way: types the name, and opens the Title sheet.
  await form.getByLabel('Full name').fill('Typed While Waiting');
  await form.getByRole('button', { name: /^Title/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Select Title' });
  await expect(sheet).toBeVisible();

  await sheet.getByRole('option', { name: 'Mr.', exact: true }).click();
  await expect(sheet).toHaveCount(0);

  // Verify the mobile before the server has the application: the sheet waits for it, then sends the OTP.
  await page.locator('[aria-describedby="phone-state"]').click();
  const otpSheet = page.getByRole('dialog', { name: 'Verify mobile number' });
  await expect(otpSheet.getByText(/Sending OTP to/)).toBeVisible();
  release();
  await expect(otpSheet.getByText(/Enter the OTP sent to/)).toBeVisible({ timeout: 20_000 });
  await otpSheet.getByLabel('OTP').fill('123456');
  await otpSheet.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(otpSheet).toHaveCount(0);
  await expect(page.locator('#phone-state')).toHaveText('Verified');
  await expect(page.getByRole('link', { name: 'Sync: all sent' })).toBeVisible({ timeout: 20_000 });
  await expect(form.getByRole('button', { name: /^Title Mr\./ })).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue('Typed While Waiting');
});
