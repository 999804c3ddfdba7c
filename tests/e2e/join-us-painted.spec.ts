// Partner registration paints its twenty fields before its form code (react-hook-form, rules, draft) has
// arrived, so its first download stays under 120 KB. What a visitor types in between must be kept: the values, the
// field being typed in and its caret, and the draft that survives a reload.
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from './helpers';

// Service workers blocked: the held chunk must be fetched by the page, where page.route sees it.
test.use({ baseURL: `http://sahayog.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

/** When the visitor's database last saved the partner draft (0: not yet). */
const draftSavedAt = (page: Page) =>
  page.evaluate(async () => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => /^flo-u-.*-guest$/.test(n));
    if (!name) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const row = await new Promise<{ updatedAt?: number } | undefined>((resolve) => {
      const req = db.transaction('drafts').objectStore('drafts').get('public:join-us');
      req.onsuccess = () => resolve(req.result as { updatedAt?: number } | undefined);
      req.onerror = () => resolve(undefined);
    });
    db.close();
    return row?.updatedAt ?? 0;
  });

test('typing into the painted partner form before its code arrives is kept, with the focus, and saved as a draft', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const formCode = /\/assets\/join-us-form-[^/]+\.js$/;
  let asked = false;
  await page.route(formCode, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto('/#/join-us');
  const painted = page.locator('form[data-painted-form="join-us"]');
  await expect(painted).toBeVisible();
  await page.getByLabel('First name').fill('Rekha');
  await page.getByLabel('Pincode').fill('411001');
  await page.getByLabel('Mobile number').click();
  await page.keyboard.type('98ab7');
  // The painted inputs keep what the real ones would (digits only in the mobile), and Submit waits for the code.
  await expect(page.getByLabel('Mobile number')).toHaveValue('987');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expect.poll(() => asked).toBe(true);
  await expect(painted).toBeVisible();

  release();
  await expect(painted).toHaveCount(0);
  await expect(page.getByLabel('First name')).toHaveValue('Rekha');
  await expect(page.getByLabel('Mobile number')).toHaveValue('987');
  await expect(page.getByLabel('Mobile number')).toBeFocused();
  // A pincode typed before the code arrived is the visitor's edit: it is looked up (REQ-VAL-3).
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await page.keyboard.type('6543210');
  await expect(page.getByLabel('Mobile number')).toHaveValue('9876543210');
  // The real form's rules now run (REQ-PUB-3 messages). The last edit's time is taken before it: the draft saved for
  // it may already be written by the time the message shows.
  const lastEdit = await page.evaluate(() => Date.now());
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Invalid email')).toBeVisible();

  // The typing before the code arrived was saved as the draft: a reload restores it.
  await expect.poll(() => draftSavedAt(page)).toBeGreaterThanOrEqual(lastEdit);
  await page.unroute(formCode);
  await page.reload();
  await expect(page.getByText('Restored what you typed earlier.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Rekha');
  await expect(page.getByLabel('Mobile number')).toHaveValue('9876543210');
});

test('a form code the link dropped is asked again once back online, the painted fields and their typing kept', async ({
  page,
  context,
}) => {
  const formCode = /\/assets\/join-us-form-[^/]+\.js$/;
  let tries = 0;
  await page.route(formCode, async (route) => {
    tries += 1;
    if (tries === 1) await route.abort('internetdisconnected');
    else await route.continue();
  });
  // Any other chunk the dropped link loses is asked again too (the visitor's status bar took the page to
  // the error screen).
  let statusTries = 0;
  await page.route(/\/assets\/public-status-[^/]+\.js$/, async (route) => {
    statusTries += 1;
    if (statusTries === 1) await route.abort('internetdisconnected');
    else await route.continue();
  });
  await page.goto('/#/join-us');
  await page.getByLabel('Last name').fill('Joshi');
  await expect.poll(() => tries).toBe(1);
  await context.setOffline(true);
  await expect(page.locator('form[data-painted-form="join-us"]')).toBeVisible();
  await context.setOffline(false);
  await expect(page.locator('form[data-painted-form="join-us"]')).toHaveCount(0);
  expect(tries).toBe(2);
  await expect(page.getByLabel('Last name')).toHaveValue('Joshi');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  // The status chunk loads once the visitor's database is open, which may come after this point; when it was asked for
  // and dropped, it was asked again (lazy-component.test.tsx holds the retry itself).
  if (statusTries > 0) await expect.poll(() => statusTries).toBe(2);
  await expect(page.getByRole('heading', { name: /Error/ })).toHaveCount(0);
  await expect(page.getByLabel('Last name')).toHaveValue('Joshi');
});
