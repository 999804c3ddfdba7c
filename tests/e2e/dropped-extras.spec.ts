// The parts a page works without (the toasts, the visitor's status bar) load after the first paint. A link that drops
// their code is asked again, and code that never comes leaves the page as it is: never a blank page, never what was
// typed lost.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './helpers';

test.use({ baseURL: `http://sahayog.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

/** The file the build made of a module (the Vite manifest of the build the e2e server serves). */
const chunkOf = (module: string) => {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const file = manifest[module]?.file;
  if (!file) throw new Error(`${module} is not in the build`);
  return new RegExp(`/${file.replace(/[.]/g, '\\.')}$`);
};

for (const drops of [1, 3]) {
  test(`the toasts' code dropped ${drops === 1 ? 'once is asked again' : 'every time leaves the page as it is'}; the typing stays`, async ({
    page,
  }) => {
    let tries = 0;
    let failed = 0;
    const toasts = chunkOf('node_modules/react-toastify/dist/index.mjs');
    page.on('requestfailed', (r) => {
      if (toasts.test(r.url())) failed += 1;
    });
    await page.route(toasts, async (route) => {
      tries += 1;
      if (tries <= drops) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await page.goto('/#/join-us');
    await page.getByLabel('Last name').fill('Joshi');
    // Each retry is a new request (a dropped load is not kept as failed); the last comes 2 s after the one before.
    await expect.poll(() => tries, { timeout: 15_000 }).toBe(drops === 1 ? 2 : 3);
    // The last drop has reached the page, and the page has painted twice since (what a throw would have emptied).
    await expect.poll(() => failed).toBe(drops);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(page.locator('.Toastify')).toHaveCount(drops === 1 ? 1 : 0, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Partner Registration' })).toBeVisible();
    await expect(page.getByLabel('Last name')).toHaveValue('Joshi');
  });
}
