// REQ-AUTH-12 for the visitor: the guest token runs out while a check waits in the queue. The dead token is
// removed, the queue pauses intact, the page says so in plain words and verifies the same mobile again on the same
// screen, with what was typed kept; then the queue sends the check once.
import { expect, test } from '@playwright/test';
import { auditAtWidths } from './audit-helpers';
import { E2E_PORT } from './helpers';
import { otp } from './workflow-steps';

// bypassCSP: the forms audit runs axe-core (injected inline) on the page with the 'Session ended' bar.
test.use({ baseURL: `http://vikas.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 }, bypassCSP: true });

test('a dead guest token: the visitor verifies again on the same screen, nothing typed is lost, the check goes once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/#/apply-loan/mobile');
  await page.getByLabel('Mobile number').fill(`93${String(Date.now()).slice(-8)}`);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await otp(page, 'Verify your mobile number');
  const form = page.getByRole('form', { name: 'Borrower details' });
  await expect(form).toBeVisible();
  await form.getByLabel('Full name').fill('Typed Before Expiry');

  // The server ends the guest token; the page does not know yet.
  const dead = await page.evaluate(async () => {
    const token = localStorage.getItem('flo.guest-token') ?? '';
    await fetch('/api/main/v1/user/logout', { method: 'PUT', headers: { token } });
    return token;
  });
  const panAnswers: number[] = [];
  page.on('response', (r) => r.url().endsWith('/v1/verify_pan_lite') && panAnswers.push(r.status()));

  await form.getByLabel('PAN', { exact: true }).fill('ABCDE1234F');
  await page.locator('[aria-describedby="pan-state"]').click();
  const ended = page.getByRole('complementary', { name: 'Session ended' });
  await expect(ended.getByText('Your session has ended. Verify your mobile number again to send what you saved.')).toBeVisible({
    timeout: 20_000,
  });
  expect(await page.evaluate(() => localStorage.getItem('flo.guest-token'))).toBeNull();
  expect(panAnswers).toEqual([401]);
  await expect(page.locator('#pan-state')).toHaveText(/Pending/);
  await expect(form.getByLabel('Full name')).toHaveValue('Typed Before Expiry');
  // Forms audit: the bar above the form at every width; the form's Submit still answers with its banner.
  await auditAtWidths(
    page,
    'session-ended',
    async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(ended).toBeInViewport();
    },
    { long: false },
  );
  await expect(form.getByLabel('Full name')).toHaveValue('Typed Before Expiry');

  await ended.getByRole('button', { name: 'Verify mobile number' }).click();
  await otp(page, 'Verify your mobile number');
  await expect(ended).toHaveCount(0);
  await expect(page.locator('#pan-state')).toHaveText(/Verified/, { timeout: 20_000 });
  expect(panAnswers).toEqual([401, 200]);
  const fresh = await page.evaluate(() => localStorage.getItem('flo.guest-token'));
  expect(fresh).toBeTruthy();
  expect(fresh).not.toBe(dead);
  await expect(form.getByLabel('Full name')).toHaveValue('Typed Before Expiry');
});
