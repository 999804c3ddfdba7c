// 'Take offline' on a phone that signed in moments ago, over a slow link: the application's data is quick, the app's
// own screens (the service worker's precache) are not. The row says the visit is on the phone only once both are, and
// the visit then opens with no network.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, firstStage } from './api-seed';
import { E2E_PORT } from './helpers';
import { listRow, staffPhone } from './workflow-steps';

const BASE = `http://sahayog.localhost:${E2E_PORT}`;

test("'Take offline' says the visit is on the phone only once the app's screens are kept too", async ({ browser }) => {
  test.setTimeout(120_000);
  const mobile = `95${String(Date.now()).slice(-8)}`;
  const id = await firstStage(await apiSignIn('9000000001'), mobile);
  // Each file the service worker keeps for offline use comes slowly; the page's own requests do not.
  const verifier = await staffPhone(browser, BASE, '9000000003', undefined, {
    network: (ctx) =>
      ctx.route(/\/assets\//, async (r) => {
        if (r.request().serviceWorker()) await new Promise((go) => setTimeout(go, 80));
        await r.fallback();
      }),
  });
  await takeOfflineThenVisit(verifier, mobile, id);
});

test("a precache the link broke is installed again by 'Take offline', which then holds the visit", async ({ browser }) => {
  test.setTimeout(120_000);
  const mobile = `95${String(Date.now() + 1).slice(-8)}`;
  const id = await firstStage(await apiSignIn('9000000001'), mobile);
  // The first precache loses one file: that install fails and the phone is left with no service worker.
  let dropped = 0;
  const verifier = await staffPhone(browser, BASE, '9000000003', undefined, {
    network: (ctx) =>
      ctx.route(/\/assets\//, async (r) => {
        if (r.request().serviceWorker() && dropped === 0) {
          dropped += 1;
          return r.abort('internetdisconnected');
        }
        await r.fallback();
      }),
  });
  const v = verifier.page;
  await expect.poll(() => dropped).toBe(1);
  await expect
    .poll(() =>
      v.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return !reg?.active && !reg?.installing && !reg?.waiting;
      }),
    )
    .toBe(true);
  await takeOfflineThenVisit(verifier, mobile, id);
});

/** At the branch: 'Take offline' on the row, which then holds the visit with the worker active; offline, the visit opens. */
async function takeOfflineThenVisit(verifier: { ctx: BrowserContext; page: Page }, mobile: string, id: string) {
  const v = verifier.page;
  const row = await listRow(v, mobile);
  await row.getByRole('button', { name: 'Take offline' }).click();
  // A row that holds the visit offers to refresh it.
  await expect(row.getByRole('button', { name: 'Refresh offline copy' })).toBeVisible({ timeout: 60_000 });
  expect(await v.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.active)).toBe(true);

  await verifier.ctx.setOffline(true);
  await v.goto(`/#/application/cpv-info?id=${id}`);
  await expect(v.getByRole('form', { name: 'CPV info' })).toBeVisible();
  await verifier.ctx.close();
}
