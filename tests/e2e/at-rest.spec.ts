// At-rest scan: after an officer captures a borrower (PAN, mobile, Aadhaar, name, address, a photo) the raw
// files of the Chromium profile (IndexedDB LevelDB and blobs, Cache Storage) hold none of it in clear; the application
// id, which IndexedDB keeps in clear as a key, is found, so the scan reads the right files. Wrong PINs count and the
// fifth erases the phone's copy; 'Forgot PIN?' with an OTP sign-in sets a new PIN and keeps the work.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, fillAndKeep, PIN, signIn, smallJpeg, storedKeys } from './helpers';
import { startBorrower, verifyField } from './workflow-steps';

const BASE = `http://pragati.localhost:${E2E_PORT}`;
const BORROWER = {
  pan: 'ABCDE1234F',
  mobile: '9876543210',
  aadhaar: '999988887777',
  name: 'Ramesh Kumar',
  address: 'House 12, MG Road, Near Shivaji Market',
};

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

/** Which needles occur in any file under `dirs`, as one-byte or two-byte (UTF-16) text, case-insensitive for names. */
function foundIn(dirs: string[], needles: Record<string, string>): string[] {
  const bufs = dirs
    .flatMap((d) => {
      try {
        return filesUnder(d);
      } catch {
        return [];
      }
    })
    .map((f) => readFileSync(f));
  const found: string[] = [];
  for (const [what, text] of Object.entries(needles)) {
    const forms = [text, text.toUpperCase()].flatMap((t) => [Buffer.from(t, 'latin1'), Buffer.from(t, 'utf16le')]);
    if (bufs.some((b) => forms.some((f) => b.includes(f)))) found.push(what);
  }
  return found;
}

async function wrongPin(page: Page, pin: string) {
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

test('nothing personal in clear on disk; wrong PINs count, warn before the last try and erase; forgot PIN keeps the work', async ({
  playwright,
}, info) => {
  test.setTimeout(240_000);
  const profile = mkdtempSync(join(tmpdir(), 'flo-profile-'));
  const launch = info.project.use.launchOptions ?? {};
  const open = () =>
    playwright.chromium.launchPersistentContext(profile, {
      ...launch,
      baseURL: BASE,
      viewport: { width: 360, height: 740 },
      geolocation: { latitude: 18.52, longitude: 73.85, accuracy: 10 },
      permissions: ['geolocation'],
    });
  try {
    let ctx = await open();
    let page = ctx.pages()[0] ?? (await ctx.newPage());
    await signIn(page, '9000000001');
    await expect(page.getByText(/Hello /)).toBeVisible();
    await startBorrower(page, BORROWER.mobile, BORROWER.name);
    const appId = new URL(page.url().replace('#/', '')).searchParams.get('id')!;
    await verifyField(page, 'PAN', BORROWER.pan, 'pan');
    await expect(page.locator('#pan-state')).toHaveText(/^Verified/);
    await page.getByLabel('Aadhaar number').fill(BORROWER.aadhaar);
    await fillAndKeep(page, page.getByRole('textbox', { name: 'Address', exact: true }), BORROWER.address);
    // A geotagged photo kept on the phone (and queued), through the real photo field.
    await page.goto(`/#/application/cpv-info?id=${appId}`);
    await page
      .getByLabel('Shop Photo', { exact: true })
      .setInputFiles({ name: 'shop.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
    await expect(page.getByTestId('geotag').first()).toBeVisible();
    // The photo and its queued upload are on the disk before the profile is closed and scanned.
    await expect.poll(() => storedKeys(page, /^flo-e-/, 'files'), { message: 'the photo is on the disk' }).toHaveLength(1);
    await expect.poll(async () => (await storedKeys(page, /^flo-e-/, 'outbox'))?.length ?? 0).toBeGreaterThan(0);
    const token = await page.evaluate(() => globalThis.__floToken?.() ?? '');
    expect(token.length).toBeGreaterThan(20);
    await ctx.close();

    const dirs = [join(profile, 'Default', 'IndexedDB'), join(profile, 'Default', 'Service Worker')];
    expect(foundIn(dirs, { appId })).toEqual(['appId']);
    // The login token and the officer's own bank account are sealed, in no clear storage (Local Storage too).
    const storage = [...dirs, join(profile, 'Default', 'Local Storage')];
    expect(foundIn(storage, { token, 'officer account number': '30012345671' })).toEqual([]);
    expect(
      foundIn(dirs, {
        pan: BORROWER.pan,
        mobile: BORROWER.mobile,
        aadhaar: BORROWER.aadhaar,
        'aadhaar with spaces': '9999 8888 7777',
        name: BORROWER.name,
        address: BORROWER.address,
      }),
    ).toEqual([]);

    // Reopened: locked. Wrong PINs count; the fourth warns of what the fifth erases.
    ctx = await open();
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto('/#/');
    await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
    for (let i = 1; i <= 3; i += 1) {
      await wrongPin(page, '000000');
      await expect(page.getByText(`Wrong PIN. ${5 - i} tries left.`)).toBeVisible();
    }
    await wrongPin(page, '000000');
    await expect(page.getByText(/^Wrong PIN\. One more wrong PIN erases this phone's copy of your work/)).toBeVisible();
    // The right PIN still opens it, and the count starts again.
    await page.getByLabel('PIN', { exact: true }).fill(PIN);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText(/Hello /)).toBeVisible();

    // Forgot PIN: an OTP sign-in sets a new PIN, and the borrower typed before is still there.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
    await page.getByRole('button', { name: 'Forgot PIN?' }).click();
    await signIn(page, '9000000001', '123456', { pin: false });
    await expect(page.getByRole('heading', { name: 'Set a new PIN' })).toBeVisible();
    await page.getByLabel('New PIN').fill('246810');
    await page.getByLabel('Confirm PIN').fill('246810');
    await page.getByRole('button', { name: 'Set PIN' }).click();
    await expect(page.getByText(/Hello /)).toBeVisible();
    await page.goto(`/#/application/mobile?id=${appId}`);
    await expect(page.getByLabel('Full name')).toHaveValue(BORROWER.name);

    // Five wrong PINs erase the phone's copy: back to sign-in, and the database is gone.
    await page.reload();
    for (let i = 1; i <= 4; i += 1) {
      await wrongPin(page, '111111');
      await expect(page.getByText(i < 4 ? `Wrong PIN. ${5 - i} tries left.` : /One more wrong PIN erases/)).toBeVisible();
    }
    await wrongPin(page, '111111');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(
      await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).filter((n) => n?.startsWith('flo-e-'))),
    ).toEqual([]);
    await ctx.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});
