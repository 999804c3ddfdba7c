// Field evidence end to end, on the sahayog tenant's staff (no other spec signs them in): an officer with no network
// takes the same shop photo for two applications, the second with a location of accuracy 0; the phone warns at once;
// back online the photos carry their evidence to the server, whose own flags are on the file rows; the verification
// role's PD1 review shows them beside the visit's photos. The location wait shows its figure and takes a worse fix only
// with a reason.
import { type Page, expect, test } from '@playwright/test';
import { E2E_PORT, keptForOffline } from './helpers';
import { staffPhone } from './workflow-steps';

const BASE = `http://sahayog.localhost:${E2E_PORT}`;
// Chromium's fake camera (a test pattern) and auto-accepted camera prompt, beside the config's own flags.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});
const SHOP = { latitude: 18.5215, longitude: 73.8571 };

type ServerFile = {
  file_id: string;
  file_type: string;
  capture: string | null;
  integrity_flags: Array<{ flag: string; other_application_id?: string }>;
};
const serverFiles = (page: Page, appId: string) =>
  page.evaluate(async (id) => {
    const r = await fetch(`/api/main/v1/app/mfi/${id}/files`, { headers: { token: globalThis.__floToken?.() ?? '' } });
    return (await r.json()).data.files;
  }, appId) as Promise<ServerFile[]>;

/** A shop front drawn on a canvas: the one picture both applications get. */
const shopJpeg = (page: Page) =>
  page
    .evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = 640;
      c.height = 480;
      const g = c.getContext('2d')!;
      g.fillStyle = '#9cc7e6';
      g.fillRect(0, 0, 640, 90);
      g.fillStyle = '#c9b27c';
      g.fillRect(0, 90, 640, 330);
      g.fillStyle = '#b91c1c';
      g.fillRect(80, 110, 480, 70);
      g.fillStyle = '#fff';
      g.font = 'bold 44px sans-serif';
      g.fillText('LAXMI KIRANA', 150, 162);
      for (let i = 0; i < 16; i++) {
        g.fillStyle = i % 2 ? '#15803d' : '#f8fafc';
        g.fillRect(70 + i * 31.25, 180, 31.25, 36);
      }
      g.fillStyle = '#292524';
      g.fillRect(80, 216, 480, 204);
      for (let s = 0; s < 4; s++)
        for (let b = 0; b < 14; b++) {
          g.fillStyle = `hsl(${(b * 53 + s * 97) % 360} 60% 50%)`;
          g.fillRect(90 + b * 33, 230 + s * 45, 26, 30);
        }
      g.fillStyle = '#57534e';
      g.fillRect(0, 420, 640, 60);
      const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/jpeg', 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return s;
    })
    .then((s) => Buffer.from(s, 'latin1'));

async function newApplication(page: Page, mobile: string): Promise<string> {
  return page.evaluate(async (phone) => {
    const id = crypto.randomUUID().replace(/-/g, '');
    const r = await fetch(`/api/main/v1/app/mfi/${id}`, {
      method: 'PUT',
      headers: { token: globalThis.__floToken?.() ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ phone, pincode: '411001' }),
    });
    if (r.status !== 201) throw new Error(`create ${r.status}`);
    return id;
  }, mobile);
}

test('the same shop photo in two applications and a location of accuracy 0 are flagged offline, on the server and on PD1 review', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const officer = await staffPhone(browser, BASE, '9000000001', SHOP);
  const o = officer.page;
  const stamp = String(Date.now()).slice(-7);
  const [first, second] = [await newApplication(o, `981${stamp}`), await newApplication(o, `982${stamp}`)];
  const shop = await shopJpeg(o);

  // The first shop visit, with no network: the photo is picked (flagged), located within the limit, kept on the phone.
  await o.goto(`/#/application/cpv-info?id=${first}`);
  await expect(o.getByRole('form', { name: 'CPV info' })).toBeVisible();
  // The shell (and the resize worker) come from the service worker once the network is gone.
  await keptForOffline(o);
  await officer.ctx.setOffline(true);
  await expect(o.getByText('Pick from phone (flagged)').first()).toBeVisible();
  await o.getByLabel('Shop Photo', { exact: true }).setInputFiles({ name: 'shop.jpg', mimeType: 'image/jpeg', buffer: shop });
  await expect(o.getByText('Saved on this phone. It will upload when you are back online.')).toBeVisible({ timeout: 20_000 });
  await expect(o.getByRole('list', { name: 'Flags' }).first()).toContainText('Picked from the phone, not taken with the camera');

  // A worse fix waits, with its figure, and is taken only with a reason.
  await officer.ctx.setGeolocation({ ...SHOP, accuracy: 300 });
  await o
    .getByLabel('Shop Selfie Photo', { exact: true })
    .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: shop.subarray(0) });
  await expect(o.getByTestId('accuracy-figure')).toHaveText('±300 m');
  // The receiver settles: the figure shrinks, still above the limit.
  await officer.ctx.setGeolocation({ ...SHOP, accuracy: 120 });
  await expect(o.getByTestId('accuracy-figure')).toHaveText('±120 m');
  await o.getByRole('group', { name: 'Location for this photo' }).scrollIntoViewIfNeeded();
  await o.screenshot({ path: 'test-results/screenshots/field-evidence-location-wait-360.png' });
  await o.getByRole('button', { name: 'Use ±120 m' }).click();
  await expect(o.getByText('Give a reason to use a less accurate location')).toBeVisible();
  await o.getByLabel('Reason to use this location').fill('Inside a covered market');
  await o.getByRole('button', { name: 'Use ±120 m' }).click();
  await expect(o.getByTestId('accuracy-figure')).toHaveCount(0);

  // The second application, the same picture, a location of accuracy 0: the phone warns at once.
  await officer.ctx.setGeolocation({ ...SHOP, accuracy: 0 });
  await o.goto(`/#/application/cpv-info?id=${second}`);
  await expect(o.getByRole('form', { name: 'CPV info' })).toBeVisible();
  await o.getByLabel('Shop Photo', { exact: true }).setInputFiles({ name: 'shop.jpg', mimeType: 'image/jpeg', buffer: shop });
  await expect(o.getByText('This photo looks the same as a photo of another application on this phone.', { exact: false })).toBeVisible({
    timeout: 20_000,
  });
  const phoneFlags = o.getByRole('list', { name: 'Flags' }).first();
  await expect(phoneFlags).toContainText('Location looks simulated (accuracy 0)');
  await expect(phoneFlags).toContainText('Same photo as in another application');
  await phoneFlags.scrollIntoViewIfNeeded();
  await o.screenshot({ path: 'test-results/screenshots/field-evidence-phone-warning-360.png' });
  await expect(o.getByRole('region', { name: 'Field evidence' })).toContainText('(on this phone, not sent yet)');

  // Back online: the photos go with their evidence, and the server's own flags are on the file rows.
  await officer.ctx.setOffline(false);
  const shopPhotoOf = async (id: string) => (await serverFiles(o, id)).find((f) => f.file_type === 'SHOP_PHOTO');
  await expect
    .poll(async () => (await shopPhotoOf(second))?.integrity_flags.map((f) => f.flag), { timeout: 60_000 })
    .toEqual(['MOCK_SUSPECTED', 'NOT_LIVE_CAPTURE', 'DUPLICATE_PHOTO']);
  expect(await shopPhotoOf(second)).toMatchObject({ capture: 'picked' });
  expect((await shopPhotoOf(second))?.integrity_flags).toContainEqual({ flag: 'DUPLICATE_PHOTO', other_application_id: first });
  expect((await shopPhotoOf(first))?.integrity_flags).toContainEqual({ flag: 'DUPLICATE_PHOTO', other_application_id: second });
  await expect
    .poll(async () => (await serverFiles(o, first)).find((f) => f.file_type === 'SHOP_SELFIE_PHOTO')?.integrity_flags.map((f) => f.flag), {
      timeout: 30_000,
    })
    .toContain('LOW_ACCURACY');

  // The verification role's PD1 review shows each visit photo with the server's flags under it (not in a list at the end).
  const verifier = await staffPhone(browser, BASE, '9000000003', SHOP);
  const v = verifier.page;
  await v.goto(`/#/application/personal-discussion?id=${second}`);
  const shopPhoto = () => v.getByTestId('visit-photo').filter({ has: v.getByRole('figure', { name: 'Shop Photo', exact: true }) });
  await expect(v.getByRole('region', { name: 'Field evidence' })).toHaveCount(0);
  const summary = shopPhoto();
  await expect(summary).toContainText('Same photo as in another application');
  await expect(summary).toContainText(`application …${first.slice(-6)}`);
  await expect(summary).toContainText('Location looks simulated (accuracy 0)');
  await expect(summary).not.toContainText('on this phone');
  await summary.scrollIntoViewIfNeeded();
  await v.screenshot({ path: 'test-results/screenshots/field-evidence-pd1-review-360.png' });
  await v.goto(`/#/application/personal-discussion?id=${first}`);
  // Each flag under its own photo: the worse fix is the selfie's, the duplicate the shop photo's.
  const selfie = v.getByTestId('visit-photo').filter({ has: v.getByRole('figure', { name: 'Shop Selfie Photo', exact: true }) });
  await expect(selfie).toContainText('Location accuracy worse than the limit (±120 m: Inside a covered market)');
  await expect(shopPhoto()).toContainText(`application …${second.slice(-6)}`);
  await officer.ctx.close();
  await verifier.ctx.close();
});

test('a shop photo taken with the camera, at the shop, within the accuracy limit carries no flag', async ({ browser }) => {
  test.setTimeout(120_000);
  const officer = await staffPhone(browser, BASE, '9000000001', SHOP);
  const o = officer.page;
  const appId = await newApplication(o, `983${String(Date.now()).slice(-7)}`);
  await o.goto(`/#/application/cpv-info?id=${appId}`);
  const field = o.locator('.ui-file').filter({ has: o.getByLabel('Shop Photo', { exact: true }) });
  await field.getByRole('button', { name: 'Take photo' }).click();
  const sheet = o.getByRole('dialog', { name: 'Take photo' });
  await expect(sheet.getByRole('button', { name: 'Capture' })).toBeEnabled({ timeout: 20_000 });
  await sheet.getByRole('button', { name: 'Capture' }).click();
  await expect(field.getByTestId('geotag')).toContainText('(±12 m)', { timeout: 20_000 });
  await expect(field.getByRole('list', { name: 'Flags' })).toHaveCount(0);
  // Sent with its evidence (a camera capture), and nothing the server's rules find.
  await expect
    .poll(async () => (await serverFiles(o, appId)).find((f) => f.file_type === 'SHOP_PHOTO'), { timeout: 30_000 })
    .toMatchObject({ capture: 'camera', integrity_flags: [] });
  await officer.ctx.close();
});
