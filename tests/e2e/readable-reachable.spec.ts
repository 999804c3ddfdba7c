// Every screen readable and reachable at 320, 360 and 1280 px, in two tenants: no sideways scroll, no text out of its
// button, no figure or label split inside, the officer's name whole, axe-core clean, and after every screen change
// the focus on the new screen's heading (never on <body>). The KFS at 320 px: its schedule reflows, every column
// on the screen, and the acceptance button holds its text.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiSignIn, firstStage, throughPd2 } from './api-seed';
import { expectAxeClean, expectNoOverflow, LONG } from './audit-helpers';
import { E2E_PORT, signIn } from './helpers';
import {
  expectFiguresWhole,
  expectFocusOnHeading,
  expectLabelsWhole,
  expectNameWhole,
  expectTargets24,
  expectTextInsideButtons,
  heightOf,
  WALK_WIDTHS,
} from './readable-helpers';

const TENANTS = [
  ['sahayog', `http://localhost:${E2E_PORT}`],
  ['pragati', `http://pragati.localhost:${E2E_PORT}`],
] as const;

async function phone(browser: Browser, baseURL: string, width: number) {
  const ctx = await browser.newContext({ baseURL, viewport: { width, height: 740 }, bypassCSP: true });
  return { ctx, page: await ctx.newPage() };
}

/** All the screen checks, on the screen as it is. */
async function readable(page: Page, what: string) {
  await expectNoOverflow(page, what);
  await expectTextInsideButtons(page, what);
  await expectFiguresWhole(page, what);
  await expectLabelsWhole(page, what);
  await expectTargets24(page, what);
  await expectAxeClean(page, what);
  // Kept with the run's results, to look at (the narrowest width is the one that breaks first).
  if (page.viewportSize()?.width === 320)
    await page.screenshot({ path: test.info().outputPath(`${what.replace(/\W+/g, '-')}.png`), fullPage: true });
}

for (const [tenant, base] of TENANTS) {
  test(`public pages in ${tenant}: readable at every width, the focus on each new page's heading`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { ctx, page } = await phone(browser, base, 320);
    await page.goto('/#/apply-loan/mobile');
    await expect(page.getByRole('heading', { name: 'Apply for a loan', level: 1 })).toBeVisible({ timeout: 20_000 });
    for (const width of WALK_WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      await page.getByRole('navigation', { name: 'Public pages' }).getByRole('link', { name: 'Track' }).click();
      await expectFocusOnHeading(page, 'Track your loan');
      await readable(page, `${tenant} track ${width}`);
      await page.getByRole('navigation', { name: 'Public pages' }).getByRole('link', { name: 'Join us' }).click();
      await expectFocusOnHeading(page, 'Partner Registration');
      await readable(page, `${tenant} join us ${width}`);
      // Every floating label is whole (none cut with an ellipsis).
      const cut = await page.$$eval('.ui-float__label', (ls) =>
        ls.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
      );
      expect(cut, `${tenant} join us ${width}: labels cut`).toEqual([]);
      await page.getByRole('navigation', { name: 'Public pages' }).getByRole('link', { name: 'Apply' }).click();
      await expectFocusOnHeading(page, 'Apply for a loan');
      await readable(page, `${tenant} apply ${width}`);
    }
    await ctx.close();
  });

  test(`the officer's screens in ${tenant}: readable at every width, the focus on each new screen's heading`, async ({ browser }) => {
    test.setTimeout(150_000);
    const { ctx, page } = await phone(browser, base, 320);
    await signIn(page, '9000000001');
    // The unlock paints the first screen: the focus starts at its heading.
    await expectFocusOnHeading(page, 'Applications');
    for (const width of WALK_WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      await readable(page, `${tenant} home ${width}`);
      await expectNameWhole(page, `${tenant} home ${width}`);
      await page.getByRole('link', { name: 'Profile' }).click();
      await expectFocusOnHeading(page, 'User Details');
      await readable(page, `${tenant} profile ${width}`);
      expect(await page.title()).toMatch(/^Profile · /);
      await page.getByRole('link', { name: 'Home' }).click();
      await expectFocusOnHeading(page, 'Applications');
      await page.getByRole('link', { name: 'Create Application' }).click();
      await expectFocusOnHeading(page, 'Borrower Information');
      await readable(page, `${tenant} new application ${width}`);
      expect(await page.title()).toMatch(/^Borrower Information · /);
      await page.getByRole('link', { name: 'Home' }).click();
      await expectFocusOnHeading(page, 'Applications');
    }
    // A long name wraps in the header, whole, at the narrowest width (the layout is the page's own; only the text is
    // made longer than any seeded officer's).
    await page.setViewportSize({ width: 320, height: 740 });
    await page.locator('.app-header .hello').evaluate((el, long) => {
      el.textContent = `Hello ${long}`;
    }, LONG);
    await expectNameWhole(page, `${tenant} long name`);
    await expectNoOverflow(page, `${tenant} long name`);
    await ctx.close();
  });
}

test("the verification role's day: each line of it a 44 px target", async ({ browser }) => {
  const { ctx, page } = await phone(browser, TENANTS[0][1], 320);
  await signIn(page, '9000000003');
  const today = page.getByRole('region', { name: 'Today' });
  for (const name of [/need attention$/, /visits pending$/, /waiting to be sent$/])
    expect(await heightOf(today.getByRole('link', { name })), String(name)).toBeGreaterThanOrEqual(44);
  await ctx.close();
});

test('the KFS at 320 px: the schedule reflows with every column on the screen, the acceptance holds its text', async ({ browser }) => {
  test.setTimeout(150_000);
  const [officer, verifier, reviewer] = [await apiSignIn('9000000001'), await apiSignIn('9000000003'), await apiSignIn('9000000002')];
  const id = await firstStage(officer, `93${String(Date.now()).slice(-8)}`);
  await throughPd2(id, verifier, reviewer);
  const { ctx, page } = await phone(browser, TENANTS[0][1], 320);
  await signIn(page, '9000000002');
  await page.goto(`/#/application/loan-offer?id=${id}`);
  await expectFocusOnHeading(page, 'Loan offer');
  await expect(page.getByRole('button', { name: 'Accept Offer' })).toBeEnabled({ timeout: 20_000 });
  await readable(page, 'loan offer 320');
  await page.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(page.getByRole('heading', { name: 'Key Facts Statement' })).toBeVisible({ timeout: 20_000 });
  const schedule = page.getByRole('table', { name: 'Repayment schedule (₹)' });
  // Still a table to a screen reader, its header and one row for each instalment.
  await expect(schedule.getByRole('row').first()).toBeVisible();
  expect(await schedule.getByRole('columnheader').count()).toBe(6);
  const rightmost = await schedule.evaluate((t) =>
    Math.max(...[...t.querySelectorAll('th, td')].map((c) => c.getBoundingClientRect().right)),
  );
  expect(rightmost, 'the Balance column is on the screen').toBeLessThanOrEqual(320);
  await readable(page, 'KFS 320');
  await ctx.close();
});
