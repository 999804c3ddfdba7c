// Login and the borrower form by keyboard only (Tab, typing, Enter, arrows; no clicks). The focus
// is never lost to the page: after 'Get OTP' it is in the OTP field, after an OTP sheet on the check's button, after a
// refused submit on the first wrong field, which a keyboard user can then fix. Pragati tenant (no other spec signs in
// there with 9000000003; the borrower part uses 9000000004 like forms-audit, 3 sign-ins in all).
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, PIN } from './helpers';

test.use({ baseURL: `http://pragati.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 } });

/** Presses Tab until the focused element matches, at most `max` times; fails if it never does. */
async function tabTo(page: Page, selector: string, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await page.locator(`${selector}:focus`).count()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}
const focused = (page: Page) => page.locator(':focus');

async function keyboardSignIn(page: Page, mobile: string) {
  await page.goto('/#/login');
  await tabTo(page, 'input[aria-label="Mobile number"]');
  await page.keyboard.type('12345');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid mobile number');
  await expect(focused(page)).toHaveAttribute('aria-label', 'Mobile number');
  await expect(focused(page)).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(mobile);
  await page.keyboard.press('Enter');
  // The focus moves to the OTP field by itself.
  await expect(focused(page)).toHaveAttribute('aria-label', 'OTP');
  await page.keyboard.type('123456');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Set a PIN for this phone' })).toBeVisible({ timeout: 20_000 });
  await expect(focused(page)).toHaveAccessibleName('New PIN');
  await page.keyboard.type(PIN);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PIN);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Hello /)).toBeVisible({ timeout: 20_000 });
}

test('login by keyboard only, with the skip link', async ({ page }) => {
  await keyboardSignIn(page, '9000000003');
  // The skip link moves the focus to the content without changing the route.
  await page.goto('/#/profile');
  // The screen change puts the focus on the new screen's heading; the skip link is the page's first stop, before the
  // header, so going back from the heading reaches it.
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeFocused();
  for (let i = 0; i < 6 && !(await page.locator('.skip-link:focus').count()); i++) await page.keyboard.press('Shift+Tab');
  await expect(focused(page)).toHaveText('Skip to content');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/profile$/);
  await expect(focused(page)).toHaveAttribute('id', 'app-main');
  expect(await page.title()).toMatch(/^Profile · /);
});

test('the borrower form by keyboard only: verify the mobile, a refused submit, fix the first field', async ({ page }) => {
  test.setTimeout(90_000);
  await keyboardSignIn(page, '9000000004');
  await tabTo(page, 'a:text("Create Application")');
  await page.keyboard.press('Enter');
  await tabTo(page, 'input[name="phone"]');
  await page.keyboard.type(`96${String(Date.now()).slice(-8)}`);
  await expect(page.getByText('No application with this number yet: start a new one below.')).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard Borrower');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Borrower details' })).toBeVisible();

  // Verify the mobile: the sheet takes the focus, and gives it back to the (now verified) button.
  // Verify may come before the new application reaches the server: the sheet waits for it (form-keeps-typing.spec.ts).
  await tabTo(page, '[aria-describedby="phone-state"]');
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Verify mobile number' });
  await expect(sheet.getByText(/Enter the OTP sent to/)).toBeVisible({ timeout: 20_000 });
  await page.keyboard.type('123456');
  await page.keyboard.press('Enter');
  await expect(sheet).toHaveCount(0);
  await expect(page.locator('#phone-state')).toHaveText('Verified');
  await expect(focused(page)).toHaveAttribute('aria-describedby', 'phone-state');

  // Aadhaar typed (its OTP check is not needed to submit); PAN and voter id typed in lower case are shown (and kept)
  // in upper case, then checked.
  await tabTo(page, 'input[name="aadhaar"]');
  await page.keyboard.type('432143214321');
  await expect(focused(page)).toHaveValue('432143214321');
  await tabTo(page, 'input[name="pan"]');
  await page.keyboard.type('abcde1234f');
  await expect(focused(page)).toHaveValue('ABCDE1234F');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await tabTo(page, 'input[name="voter_id"]');
  await page.keyboard.type('abc1234567');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('#voter-state')).toHaveText(/Verified|pending/i);

  // Submit empty: one banner with the count, the focus on the first wrong field (Title), which arrows then fix.
  await tabTo(page, 'button[type="submit"]:not([disabled])', 80);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Borrower details' }).getByRole('alert').first()).toHaveText(
    /^Please select title \(1 of \d+ to fix\)$/,
  );
  await expect(focused(page)).toHaveAccessibleName(/^Title/);
  await expect(focused(page)).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('dialog', { name: 'Select Title' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Select Title' })).toHaveCount(0);
  await expect(focused(page)).toHaveAccessibleName(/^Title (?!Select)/);
  await expect(page.getByRole('form', { name: 'Borrower details' }).getByRole('alert').first()).not.toHaveText(/^Please select title/);
});
