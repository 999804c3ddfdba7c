// The offline promise in a real browser: the app opens with no network, a half-typed form survives the page
// being killed, a photo taken offline uploads once with its geotag when the network is back.
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, signIn } from './helpers';

const FIELD = { latitude: 21.1458, longitude: 79.0882 };
test.use({ geolocation: { ...FIELD, accuracy: 20 }, permissions: ['geolocation'], viewport: { width: 360, height: 740 } });

/**
 * A real JPEG drawn in the page (the resize worker and the preview decode it). Per-pixel noise does not
 * compress, so even resized it stays over 1 MB and goes up through the chunked, resumable upload.
 */
async function realJpeg(page: Page): Promise<Buffer> {
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

test.describe('on the udaan tenant', () => {
  // Each spec signs in on its own tenant host: OTP send limits count per tenant and mobile.
  test.use({ baseURL: `http://udaan.localhost:${E2E_PORT}` });

  test('offline: opens, keeps the draft, queues the photo, then sends it exactly once with its geotag', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signIn(page, '9000000001');
    await expect(page.getByText(/Hello Anil/)).toBeVisible();
    await expect(page.getByText('Ready to work offline')).toBeVisible();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    // Chromium's own installability check (manifest, icons, service worker): nothing in the way.
    const installCheck = await context.newCDPSession(page);
    const { installabilityErrors } = await installCheck.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    await installCheck.detach();

    // No network: the app still opens, says so, and reads from the phone.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(/Hello Anil/)).toBeVisible();
    await expect(page.getByText(/You are offline\. Your work is saved on this phone/)).toBeVisible();

    // A half-typed form survives the page being killed.
    await page.getByRole('link', { name: 'Create Application' }).click();
    await page.getByLabel('Borrower mobile number').fill('9876512345');
    await page.getByLabel('Borrower name').fill('Lakshmi Bai');
    await page.waitForTimeout(500);
    await page.close();
    const again = await context.newPage();
    await again.goto('/#/application/mobile');
    await expect(again.getByLabel('Borrower name')).toHaveValue('Lakshmi Bai');
    await expect(again.getByLabel('Borrower mobile number')).toHaveValue('9876512345');
    await expect(again.getByText('Restored what you typed earlier.')).toBeVisible();
    await again.getByRole('button', { name: 'Save and continue' }).click();
    // Created on the phone: its id is made here, and the borrower form opens for it.
    await expect(again.getByRole('form', { name: 'Borrower details' })).toBeVisible();
    await expect(again.getByText('Verifying the mobile number needs the network.')).toBeVisible();
    const appId = new URL(again.url().replace('#/', '')).searchParams.get('id');
    expect(appId).toMatch(/^[0-9a-f]{32}$/);
    await again.goto(`/#/application/kyc?id=${appId}`);
    await expect(again.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible();

    // The borrower photo, picked offline: stored on the phone with the device's location.
    await again
      .getByLabel('Borrower photo', { exact: true })
      .setInputFiles({ name: 'borrower.jpg', mimeType: 'image/jpeg', buffer: await realJpeg(again) });
    await expect(again.getByText('Saved on this phone. It will upload when you are back online.')).toBeVisible();
    await expect(again.getByTestId('geotag')).toContainText('21.14580, 79.08820');
    await again.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(again.getByText(/Hello Anil/)).toBeVisible();
    await expect(again.getByRole('link', { name: /^Sync: 3 waiting/ })).toBeVisible();

    await again.getByRole('link', { name: /^Sync:/ }).click();
    await expect(again.getByText('Offline: waiting for a network')).toBeVisible();
    await expect(again.getByTestId('count-queued')).toHaveText('3');

    // Back online over a slow uplink (each 256 KB chunk held 800 ms): the photo goes up in chunks and the sync
    // center shows its bytes and a progress bar.
    await again.route('**/api/main/v1/uploads/*', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await context.setOffline(false);
    await expect(again.getByText(/^Sending \d+(\.\d)? KB of 1\.\d MB$/)).toBeVisible({ timeout: 30_000 });
    await expect(again.getByRole('progressbar', { name: 'Borrower photo upload progress' })).toBeVisible();
    await expect(again.getByText('Everything is on the server')).toBeVisible({ timeout: 30_000 });
    await expect(again.getByTestId('count-queued')).toHaveText('0');
    await expect(again.getByRole('link', { name: 'Sync: all sent' })).toBeVisible();

    const token = await again.evaluate(() => localStorage.getItem('flo.token'));
    const get = (path: string) =>
      again.evaluate(async ([p, t]) => {
        const r = await fetch(`/api/main${p}`, { headers: { token: t! } });
        return { status: r.status, body: await r.json() };
      }, [path, token] as const);
    const files = await get(`/v1/app/mfi/${appId}/files`);
    expect(files.status).toBe(200);
    const list = files.body.data.files as Array<{
      file_type: string;
      geo_tag: { latitude: number; longitude: number };
      size: number;
    }>;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ file_type: 'BORROWER_PHOTO', geo_tag: FIELD });
    expect(list[0]!.size).toBeGreaterThan(1024 * 1024);
    const app = await get(`/v1/app/mfi/${appId}`);
    expect(app.body.data).toMatchObject({ phone: '9876512345', name: 'Lakshmi Bai', photo_geo_tag_info: JSON.stringify(FIELD) });
  });
});

test.describe('on the vikas tenant', () => {
  test.use({ baseURL: `http://vikas.localhost:${E2E_PORT}` });

  test('logout with unsent work warns twice, then wipes the phone', async ({ page, context }) => {
    await signIn(page, '9000000001');
    await expect(page.getByText(/Hello Anil/)).toBeVisible();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Create Application' }).click();
    await page.getByLabel('Borrower mobile number').fill('9876512346');
    await page.getByLabel('Borrower name').fill('Meena Devi');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('form', { name: 'Borrower details' })).toBeVisible();
    await page.goto('/#/profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('1 item has not reached the server yet. Logging out deletes it from this phone.')).toBeVisible();
    await page.getByRole('button', { name: 'Log out anyway' }).click();
    await expect(page.getByText('Log out and lose the unsent work? This cannot be undone.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Log out anyway' }).click();
    await page.getByRole('button', { name: 'Log out and delete' }).click();
    await expect(page).toHaveURL(/#\/login/);
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).filter((d) => d.name?.startsWith('flo-u-')).length))
      .toBe(0);
  });
});
