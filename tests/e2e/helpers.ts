import { expect, type Locator, type Page } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4174);

/** The officer's PIN in the e2e runs (the phone's data is locked with it). */
export const PIN = '135790';

/**
 * Signs a seeded staff member in through the real login screen (sandbox OTP 123456). A successful sign-in on a phone
 * without this officer's PIN sets it; one with a PIN already set unlocks (`pin: false` leaves the PIN screen open).
 */
export async function signIn(page: Page, mobile: string, otp = '123456', o: { pin?: boolean } = {}) {
  await page.goto('/#/login');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByText('Enter the OTP sent to your mobile')).toBeVisible();
  await page.getByLabel('OTP').fill(otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  // A wrong OTP, or the designation that is logged out, never reaches the PIN.
  if (otp !== '123456' || mobile === '9000000005' || o.pin === false) return;
  await passPin(page);
}

/** Sets the PIN on a first sign-in, or unlocks with it (a reload, a new tab, an auto-lock). */
export async function passPin(page: Page) {
  const set = page.getByRole('heading', { name: 'Set a PIN for this phone' });
  const unlock = page.getByRole('heading', { name: 'Enter your PIN' });
  await expect(set.or(unlock)).toBeVisible({ timeout: 20_000 });
  if (await set.isVisible()) {
    await page.getByLabel('New PIN').fill(PIN);
    await page.getByLabel('Confirm PIN').fill(PIN);
    await page.getByRole('button', { name: 'Set PIN' }).click();
  } else {
    await page.getByLabel('PIN', { exact: true }).fill(PIN);
    await page.getByRole('button', { name: 'Unlock' }).click();
  }
  await expect(set.or(unlock)).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Offline, every screen's code comes from the service worker's precache: a phone goes without a network only once the
 * worker is in charge of the page (it installs in the background after the first visit).
 */
export async function keptForOffline(page: Page) {
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
}

/**
 * The primary keys of one table of the first database whose name matches, read with the raw IndexedDB API (keys are
 * kept in clear): what is on the phone's disk, apart from what a screen shows. Null when there is no such database.
 */
export const storedKeys = (page: Page, dbName: RegExp, table: string) =>
  page.evaluate(
    async ({ source, table }) => {
      const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => new RegExp(source).test(n));
      if (!name) return null;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        // Never create a database the app has just deleted, and never hold up the app's own upgrade or delete.
        req.onupgradeneeded = () => req.transaction?.abort();
        req.onsuccess = () => {
          req.result.onversionchange = () => req.result.close();
          resolve(req.result);
        };
        req.onerror = () => reject(req.error);
      });
      try {
        return await new Promise<string[]>((resolve, reject) => {
          const req = db.transaction(table).objectStore(table).getAllKeys();
          req.onsuccess = () => resolve(req.result.map(String));
          req.onerror = () => reject(req.error);
        });
      } finally {
        db.close();
      }
    },
    { source: dbName.source, table },
  );

/** The newest `updatedAt` of the drafts in the first database whose name matches (0: none), read with the raw API. */
const newestDraftAt = (page: Page, dbName: RegExp) =>
  page.evaluate(async (source) => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => new RegExp(source).test(n));
    if (!name) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onupgradeneeded = () => req.transaction?.abort();
      req.onsuccess = () => {
        req.result.onversionchange = () => req.result.close();
        resolve(req.result);
      };
      req.onerror = () => reject(req.error);
    });
    try {
      return await new Promise<number>((resolve, reject) => {
        const req = db.transaction('drafts').objectStore('drafts').getAll();
        req.onsuccess = () => resolve(Math.max(0, ...req.result.map((r: { updatedAt?: number }) => r.updatedAt ?? 0)));
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  }, dbName.source);

/**
 * Fills a field of an autosaved form, then waits until a draft written after that keystroke is on the disk: a reload,
 * a closed tab or a scan of the profile that follows sees what was typed. The draft's `updatedAt` is stamped after the
 * form's values are read, so a later millisecond proves it carries the keystroke; a save stamped in the very
 * millisecond of the keystroke proves it once no later save follows, for an edit it missed would schedule one.
 */
export async function fillAndKeep(page: Page, field: Locator, value: string, dbName = /^flo-e-/) {
  await page.evaluate(() => {
    const w = window as unknown as { __lastInputAt?: number };
    if (w.__lastInputAt !== undefined) return;
    w.__lastInputAt = 0;
    document.addEventListener(
      'input',
      () => {
        w.__lastInputAt = Date.now();
      },
      true,
    );
  });
  await field.fill(value);
  const typedAt = await page.evaluate(() => (window as unknown as { __lastInputAt: number }).__lastInputAt);
  expect(typedAt, 'the fill reached the page as an input event').toBeGreaterThan(0);
  let sameMsSince = 0;
  await expect
    .poll(
      async () => {
        const at = await newestDraftAt(page, dbName);
        if (at > typedAt) return true;
        if (at < typedAt) return false;
        sameMsSince ||= Date.now();
        return Date.now() - sameMsSince > 1_000;
      },
      { message: 'the draft with the last keystroke is on the disk', timeout: 15_000 },
    )
    .toBe(true);
}

/** Chooses an option of one of our Select controls (its button is named by the label, then the value). */
export async function pick(page: Page, label: string, option: string) {
  // The control whose label is exactly `label` (a longer label starting the same, e.g. 'Bank name', is another).
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const control = page.locator('.ui-select').filter({ has: page.locator('.ui-select__label', { hasText: exact }) });
  await control.locator('.ui-select__trigger').click();
  const choice = page.getByRole('option', { name: option, exact: true });
  await choice.click();
  // A click that landed while the list was still settling (a busy CI machine) is made again, once.
  if (await choice.isVisible()) await choice.click({ timeout: 2000 }).catch(() => undefined);
}

/** A small real JPEG (a document photo). */
export async function smallJpeg(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 200;
    const g = c.getContext('2d')!;
    g.fillStyle = '#dde';
    g.fillRect(0, 0, 320, 200);
    g.fillStyle = '#123';
    g.fillText('INCOME TAX DEPARTMENT', 20, 40);
    const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/jpeg', 0.8));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    return btoa(String.fromCharCode(...bytes));
  });
  return Buffer.from(b64, 'base64');
}

/**
 * A real 1600×1200 JPEG of per-pixel noise drawn in the page (the resize worker and the preview decode it): noise does
 * not compress, so even resized it stays over 1 MB (the chunked, resumable upload; a quota that fills fast).
 */
export async function noiseJpeg(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 1600;
    c.height = 1200;
    const g = c.getContext('2d')!;
    const img = g.createImageData(1600, 1200);
    for (let i = 0; i < img.data.length; i += 1) img.data[i] = i % 4 === 3 ? 255 : Math.random() * 255;
    g.putImageData(img, 0, 0);
    const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/jpeg', 0.95));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}
