// A signed-in start draws its PIN form before the app's own code has run (public/early-form.js loads
// src/features/lock/early-unlock.ts). The form is no picture of one: what is typed there, a submitted PIN (right or
// wrong) and 'Forgot PIN?' are taken over by the app's PIN screen once its code arrives. Here the app's entry script is
// held back, so the early form is alone on the page for as long as the test needs.
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, PIN, signIn } from './helpers';

// No service worker: the entry script is fetched from the network, where the test can hold it.
test.use({ baseURL: `http://udaan.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

const early = (page: Page) => page.locator('form[data-early]');
const appForm = (page: Page) => page.locator('form[aria-label="Unlock"]:not([data-early])');

/** Signs in (the app then keeps what the early form needs), reloads with the entry script held; returns its release. */
async function startWithAppHeld(page: Page): Promise<() => void> {
  await signIn(page, '9000000001');
  await expect(page.getByText(/Hello /)).toBeVisible();
  await page.waitForFunction(() => localStorage.getItem('flo.early-unlock') !== null);
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // The held entry script keeps the page from loading: only the navigation itself is waited for.
  await page.reload({ waitUntil: 'commit' });
  await expect(early(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  expect(await page.evaluate(() => document.querySelectorAll('#root > *').length)).toBe(1);
  return release;
}

test('the right PIN on the early form opens the app once its code arrives', async ({ page }) => {
  const release = await startWithAppHeld(page);
  await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
  await page.keyboard.type(PIN);
  await page.keyboard.press('Enter');
  await expect(early(page).getByRole('button', { name: 'Unlocking...' })).toBeDisabled();
  release();
  await expect(page.getByText(/Hello /)).toBeVisible();
  await expect(page.locator('form[aria-label="Unlock"]')).toHaveCount(0);
});

test('a wrong PIN on the early form is counted by the app, which asks again', async ({ page }) => {
  const release = await startWithAppHeld(page);
  await page.getByLabel('PIN', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Unlock' }).click();
  release();
  await expect(appForm(page).getByText('Wrong PIN. 4 tries left.')).toBeVisible();
  await expect(appForm(page).getByLabel('PIN', { exact: true })).toHaveValue('');
  await appForm(page).getByLabel('PIN', { exact: true }).fill(PIN);
  await appForm(page).getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText(/Hello /)).toBeVisible();
});

test('digits typed on the early form stay in the field when the app takes it over', async ({ page }) => {
  const release = await startWithAppHeld(page);
  await page.keyboard.type(PIN.slice(0, 3));
  // A short PIN is refused on the spot, in the screen's words, and the digits stay.
  await page.keyboard.press('Enter');
  await expect(early(page).getByText('Enter your 6-digit PIN', { exact: true })).toBeVisible();
  release();
  await expect(appForm(page)).toBeVisible();
  await expect(early(page)).toHaveCount(0);
  const field = appForm(page).getByLabel('PIN', { exact: true });
  await expect(field).toHaveValue(PIN.slice(0, 3));
  await expect(field).toBeFocused();
  await page.keyboard.type(PIN.slice(3));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Hello /)).toBeVisible();
});

test("'Forgot PIN?' on the early form leads to the sign-in that sets a new PIN", async ({ page }) => {
  const release = await startWithAppHeld(page);
  await page.getByRole('button', { name: 'Forgot PIN?' }).click();
  release();
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  // The next start is the app's own: the phone waits for the OTP sign-in, and has no early form to draw meanwhile.
  expect(await page.evaluate(() => localStorage.getItem('flo.early-unlock'))).toBeNull();
  await page.reload();
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  await expect(early(page)).toHaveCount(0);
});
