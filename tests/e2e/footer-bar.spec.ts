// REQ-UI-4 fixed bottom footer bar holds the step's Submit (the shared StepSubmit): in reach without
// scrolling, covering nothing at 320–412 px and in the 480 px frame of a wide screen, and in the flow on a short
// viewport (a keyboard that shrinks the page).
import { expect, type Locator, type Page, test } from '@playwright/test';
import { keptForOffline, signIn } from './helpers';
import { startBorrower } from './workflow-steps';

const bar = (page: Page) => page.locator('.ui-footer-bar');

/** At the page's very bottom: how far the lowest visible content reaches below the bar's top (≤ 0: nothing covered). */
const coveredAtBottom = (page: Page) =>
  page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const top = document.querySelector('.ui-footer-bar')!.getBoundingClientRect().top;
    let lowest = -Infinity;
    for (const el of document.querySelectorAll<HTMLElement>('main *, footer, footer *')) {
      if (el.closest('.ui-footer-bar') || !el.getClientRects().length) continue;
      lowest = Math.max(lowest, el.getBoundingClientRect().bottom);
    }
    return lowest - top;
  });

for (const width of [320, 360, 412, 1280]) {
  test(`Submit sits in the fixed bar and covers nothing at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/#/join-us');
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    // Enabled: the form's code has taken over the fields it painted first.
    await expect(submit).toBeEnabled();
    await expect(submit).toBeInViewport();
    expect(await bar(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    const box = (await bar(page).boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(740, 0);
    // One row: Submit (48 px) and the bar's padding, at any width (at 1280 the phone padding once squeezed it to 0 px).
    expect(box.height).toBeLessThan(100);
    expect(box.width).toBeLessThanOrEqual(480);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await coveredAtBottom(page)).toBeLessThanOrEqual(0);

    // A field the keyboard focuses near the bar is scrolled clear of it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const last = page.getByRole('textbox').last();
    await last.focus();
    const field = (await last.boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual((await bar(page).boundingBox())!.y);
  });
}

test('a short viewport (a keyboard that shrinks the page) puts the bar in the flow', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 380 });
  await page.goto('/#/join-us');
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeEnabled();
  expect(await bar(page).evaluate((el) => getComputedStyle(el).position)).toBe('static');
  await page.getByRole('textbox').first().focus();
  await expect(page.getByRole('textbox').first()).toBeInViewport();
});

/** A disabled Submit says why beside it: the reason is on screen with the button, and the button is described by it. */
async function expectReasonBeside(page: Page, submit: Locator, reason: string) {
  await expect(submit).toBeDisabled();
  await expect(submit).not.toHaveAttribute('aria-busy', 'true');
  await expect(submit).toBeInViewport();
  const line = page.getByText(reason, { exact: true });
  await expect(line).toBeInViewport();
  // The reason is a line or two above Submit, never a column of letters the whole screen tall.
  const { height } = (await bar(page).boundingBox())!;
  expect(height).toBeLessThan(200);
  // A toast stands above the taller bar, not over the reason (the page's own rule for the toast container).
  const toastBottom = await page.evaluate(() => {
    const box = Object.assign(document.createElement('div'), {
      className: 'Toastify__toast-container Toastify__toast-container--bottom-center',
    });
    document.body.append(box);
    const bottom = Number.parseFloat(getComputedStyle(box).bottom);
    box.remove();
    return bottom;
  });
  expect(toastBottom).toBeGreaterThanOrEqual(height);
  await expect(submit).toHaveAccessibleDescription(reason);
  expect(await line.evaluate((el) => !!el.closest('.ui-footer-bar'))).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('a refused step says why beside its disabled Submit, in view at 320, 360, 412 and 1280 px', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, '9000000004');
  await expect(page.getByText(/Hello /)).toBeVisible();
  await startBorrower(page, `96${String(Date.now()).slice(-8)}`, 'Reason Borrower');
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  // The borrower form holds Submit back until the checks are done, and says so beside it.
  await expectReasonBeside(page, submit, 'Verify the mobile number, PAN and voter ID to submit.');
  // The CPV visit is the verification role's: an initiating officer is refused, at the top of the page as at its end.
  const appId = new URL(page.url().replace('#/', '')).searchParams.get('id');
  await page.goto(`/#/application/cpv-info?id=${appId}&type=BUSINESS_PLACE_VERIFICATION`);
  await expect(page.getByRole('form', { name: 'CPV info' })).toBeVisible();
  for (const width of [360, 320, 412, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectReasonBeside(page, submit, 'Your role cannot change this step of the application.');
    if (width === 360) await page.screenshot({ path: 'test-results/screenshots/forms/cpv-refused.png' });
    expect(await coveredAtBottom(page)).toBeLessThanOrEqual(0);
  }
});

test("offline, the visitor's Submit says why beside it at 320, 360 and 412 px", async ({ page, context }) => {
  await page.goto('/#/join-us');
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeEnabled();
  // As a visitor's phone is after its first visit: the app is kept for offline use before the network goes.
  await keptForOffline(page);
  await context.setOffline(true);
  for (const width of [320, 360, 412]) {
    await page.setViewportSize({ width, height: 740 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectReasonBeside(
      page,
      page.getByRole('button', { name: 'Submit', exact: true }),
      'You are offline. Registering needs a network: what you typed stays here.',
    );
    expect(await coveredAtBottom(page)).toBeLessThanOrEqual(0);
  }
});
