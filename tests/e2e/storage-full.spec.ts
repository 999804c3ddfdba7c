// A full phone part-way through a week offline. The origin's quota is shrunk (CDP
// Storage.overrideQuotaForOrigin) after a first photo is stored; the next photo does not fit. Nothing already stored
// is lost, what the officer typed stays, and the officer is told in plain words what to do. Also: whether the
// browser promised to keep the officer's data (navigator.storage.persist()) is shown where they look.
import { type BrowserContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import { E2E_PORT, keptForOffline, noiseJpeg, signIn, smallJpeg, storedKeys } from './helpers';

const BASE = `http://pragati.localhost:${E2E_PORT}`;
test.use({
  baseURL: BASE,
  viewport: { width: 360, height: 740 },
  geolocation: { latitude: 21.1458, longitude: 79.0882, accuracy: 20 },
  permissions: ['geolocation'],
});

/** Rows of the officer's `files` table on the phone's disk. */
const storedFiles = async (page: Page) => (await storedKeys(page, /^flo-e-/, 'files'))?.length ?? -1;

async function setQuota(cdp: CDPSession, quotaSize?: number) {
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: BASE, ...(quotaSize === undefined ? {} : { quotaSize }) });
}

async function newKycApplication(page: Page, phone: string) {
  await page.getByRole('link', { name: 'Create Application' }).click();
  await page.getByLabel('Borrower mobile number').fill(phone);
  await expect(page.getByText(/No application with this number yet/)).toBeVisible();
  await page.getByLabel('Borrower name').fill('Sunita Devi');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('form', { name: 'Borrower details' })).toBeVisible();
  const id = new URL(page.url().replace('#/', '')).searchParams.get('id')!;
  await page.goto(`/#/application/kyc?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible();
}

// Chromium applies a quota override only to an origin that has stored nothing yet in the context (a later override,
// or one after the first write, is ignored: checked on Chromium 156), so the phone starts small: 4 MB for the app's
// precache (~1.3 MB), the database and the photos. Each noise photo stays over 1 MB once resized, so the phone fills
// part-way through the documents, wherever the precache's size puts that point.
const QUOTA = 4_000_000;
const DOCUMENTS = ['PAN card', 'Aadhaar front', 'Aadhaar back', 'Voter ID card'];

test('a photo that does not fit loses nothing stored, keeps what was typed, and says what to do', async ({ page, context }) => {
  test.setTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await setQuota(cdp, QUOTA);
  await signIn(page, '9000000001');
  await newKycApplication(page, '9876523001');
  await keptForOffline(page);
  await context.setOffline(true);

  await page.getByLabel('Guardian name').fill('Ramesh Kumar');
  await page
    .getByLabel('Borrower photo', { exact: true })
    .setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
  await expect(page.getByRole('button', { name: 'Clear Borrower photo' })).toBeVisible();
  await page.getByLabel("Mother's name").fill('Savitri');

  const told = page.getByText(/This phone is full/);
  let stored = 1;
  let full: string | null = null;
  for (const doc of DOCUMENTS) {
    await page.getByLabel(doc, { exact: true }).setInputFiles({ name: 'doc.jpg', mimeType: 'image/jpeg', buffer: await noiseJpeg(page) });
    await expect(page.getByRole('button', { name: `Clear ${doc}` }).or(told)).toBeVisible({ timeout: 30_000 });
    if (await told.isVisible()) {
      full = doc;
      break;
    }
    stored += 1;
    await expect.poll(() => storedFiles(page)).toBe(stored);
  }
  expect(full, 'the phone filled up part-way through the documents').not.toBeNull();
  expect(stored, 'at least one large photo fitted before the phone was full').toBeGreaterThan(1);
  await expect(told).toContainText(`the ${full} was not saved`);
  await expect(told).toContainText('Send what is waiting when you are online');
  await told.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/storage-full-360.png' });

  // Nothing stored was lost and nothing half-stored was left; what was typed and every earlier photo are on screen.
  expect(await storedFiles(page)).toBe(stored);
  await expect(page.getByLabel('Guardian name')).toHaveValue('Ramesh Kumar');
  await expect(page.getByLabel("Mother's name")).toHaveValue('Savitri');
  for (const doc of ['Borrower photo', ...DOCUMENTS.slice(0, stored - 1)])
    await expect(page.getByRole('button', { name: `Clear ${doc}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Clear ${full}` })).toHaveCount(0);
});

/** Offline, one photo of a new application waiting to be sent. */
async function workWaiting(page: Page, context: BrowserContext, phone: string) {
  await newKycApplication(page, phone);
  await keptForOffline(page);
  await context.setOffline(true);
  await page
    .getByLabel('Borrower photo', { exact: true })
    .setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
  await expect(page.getByRole('button', { name: 'Clear Borrower photo' })).toBeVisible();
  await page.goto('/#/');
}

test('a refused persist() is shown in plain words on the home (with work waiting) and in the sync center', async ({ page, context }) => {
  test.setTimeout(60_000);
  await signIn(page, '9000000001');
  // Headless Chromium without site engagement refuses persistent storage, as phones often do for a web page.
  expect(await page.evaluate(() => navigator.storage.persisted())).toBe(false);
  const line = page.getByText('The phone may delete work saved here that is not sent yet');
  await expect(page.getByText(/Hello /)).toBeVisible();
  await expect(line).toHaveCount(0); // nothing waits yet: nothing to lose
  await workWaiting(page, context, '9876523002');
  await expect(line).toBeVisible();
  await page.screenshot({ path: 'test-results/persist-refused-home-360.png' });
  await page.getByRole('link', { name: 'Sync center' }).click();
  await expect(
    page.getByRole('region', { name: 'Storage on this phone' }).getByText(/may delete work saved here that is not sent yet/),
  ).toBeVisible();
});

test('a granted persist() says the work is protected and the home says nothing', async ({ page, context, browser }) => {
  test.setTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  const root = await browser.newBrowserCDPSession();
  await root.send('Browser.grantPermissions', {
    origin: BASE,
    browserContextId: targetInfo.browserContextId,
    permissions: ['durableStorage'],
  });
  await signIn(page, '9000000001');
  await expect.poll(() => page.evaluate(() => navigator.storage.persisted())).toBe(true);
  await workWaiting(page, context, '9876523003');
  await expect(page.getByText(/Hello /)).toBeVisible();
  await expect(page.getByText('The phone may delete work saved here')).toHaveCount(0);
  await page.goto('/#/sync');
  await expect(page.getByText('Saved work is protected: the browser will not clear it to free space.')).toBeVisible();
});
