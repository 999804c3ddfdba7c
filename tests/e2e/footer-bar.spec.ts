// Platform §2's fixed bottom footer bar holds the step's Submit (issue 19, the shared StepSubmit): in reach without
// scrolling, covering nothing at 320–412 px, and in the flow on a short viewport (a keyboard that shrinks the page).
import { expect, type Page, test } from '@playwright/test';

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

for (const width of [320, 360, 412]) {
  test(`Submit sits in the fixed bar and covers nothing at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/#/join-us');
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await expect(submit).toBeInViewport();
    expect(await bar(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    const box = (await bar(page).boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(740, 0);
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
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeAttached();
  expect(await bar(page).evaluate((el) => getComputedStyle(el).position)).toBe('static');
  await page.getByRole('textbox').first().focus();
  await expect(page.getByRole('textbox').first()).toBeInViewport();
});
