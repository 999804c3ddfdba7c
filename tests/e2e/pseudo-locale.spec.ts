// The pseudo-locale en-XA (accented, ~40 % longer, bracketed) at 320 px: key screens show no sideways page scroll and
// no button whose text is wider than the button. Screenshots go to test-results/pseudo-locale/ (outside the tree).
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

test.use({ viewport: { width: 320, height: 640 } });

async function pickPseudo(page: Page) {
  await page.getByRole('button', { name: '[Ƥşéûδô]' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
}

async function fits(page: Page, name: string) {
  await page.screenshot({ path: `test-results/pseudo-locale/${name}.png`, fullPage: true });
  const layout = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
    clipped: [...document.querySelectorAll('button')]
      .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
      .map((b) => b.textContent?.trim() ?? ''),
  }));
  expect(layout.scrollWidth, `${name}: page scrolls sideways`).toBeLessThanOrEqual(layout.innerWidth);
  expect(layout.clipped, `${name}: clipped buttons`).toEqual([]);
}

test('login and OTP step in en-XA at 320 px', async ({ page }) => {
  await page.goto('/#/login');
  await pickPseudo(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[Ŵéļçôɱé Ƀàçķ ·+\]$/);
  await fits(page, 'login');
  await page.getByRole('textbox').first().fill('9000000001');
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('input[autocomplete="one-time-code"]')).toBeVisible();
  await fits(page, 'login-otp');
});

test('public apply page in en-XA at 320 px', async ({ page }) => {
  await page.goto('/#/apply-loan/mobile');
  await pickPseudo(page);
  await fits(page, 'apply');
});

test('PIN and profile in en-XA at 320 px; the switch keeps typed text', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByLabel('Mobile number').fill('9000000001');
  await pickPseudo(page);
  await expect(page.getByRole('textbox').first()).toHaveValue('9000000001');
  await page.getByRole('button', { name: 'English' }).click();
  await signIn(page, '9000000001');
  await page.goto('/#/profile');
  await pickPseudo(page);
  await fits(page, 'profile');
});
