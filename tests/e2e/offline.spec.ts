// The offline promise in a real browser: the app opens with no network, a half-typed form survives the page
// being killed, a photo taken offline uploads once with its geotag when the network is back.
import { expect, test } from '@playwright/test';
import { E2E_PORT, fillAndKeep, keptForOffline, noiseJpeg, passPin, pick, signIn, smallJpeg } from './helpers';

const FIELD = { latitude: 21.1458, longitude: 79.0882 };
const NO_GPS = { latitude: 0, longitude: 0 };
const NO_LOCATION = 'No location was found for this photo. It will be sent with location 0, 0.';
test.use({ geolocation: { ...FIELD, accuracy: 20 }, permissions: ['geolocation'], viewport: { width: 360, height: 740 } });

test.describe('on the udaan tenant', () => {
  // Each spec signs in on its own tenant host: OTP send limits count per tenant and mobile.
  test.use({ baseURL: `http://udaan.localhost:${E2E_PORT}` });

  test('mobile confirmed at the branch, then offline: borrower, checks, KYC and five geotagged files queue and land exactly once', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, '9000000001');
    await expect(page.getByText(/Hello Anil/)).toBeVisible();
    await expect(page.getByText('Ready to work offline')).toBeVisible();
    await keptForOffline(page);
    // Chromium's own installability check (manifest, icons, service worker): nothing in the way.
    const installCheck = await context.newCDPSession(page);
    const { installabilityErrors } = await installCheck.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    await installCheck.detach();

    // At the branch, with a network: the application is started and the borrower confirms the mobile by OTP.
    await page.getByRole('link', { name: 'Create Application' }).click();
    await page.getByLabel('Borrower mobile number').fill('9876512345');
    await expect(page.getByText('No application with this number yet: start a new one below.')).toBeVisible();
    await page.getByLabel('Borrower name').fill('Lakshmi Bai');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('form', { name: 'Borrower details' })).toBeVisible();
    const appId = new URL(page.url().replace('#/', '')).searchParams.get('id');
    expect(appId).toMatch(/^[0-9a-f]{32}$/);
    await page.locator('[aria-describedby="phone-state"]').click();
    const sheet = page.getByRole('dialog', { name: 'Verify mobile number' });
    await sheet.getByLabel('OTP').fill('123456');
    await expect(sheet.getByText(/Enter the OTP sent to/)).toBeVisible();
    await sheet.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.locator('#phone-state')).toHaveText('Verified');

    // Out of coverage: the app still opens, says so, and reads from the phone.
    await context.setOffline(true);
    await page.reload();
    // A reload starts locked: the PIN opens the phone's copy with no network.
    await passPin(page);
    await expect(page.getByText(/Hello Anil/)).toBeVisible();
    await expect(page.getByText(/You are offline\. Your work is saved on this phone/)).toBeVisible();
    await expect(page.locator('#phone-state')).toHaveText('Verified');

    // PAN and voter id are checked later: the fields say so, and the submit is allowed behind them.
    await page.getByLabel('PAN', { exact: true }).fill('ABCDE1234F');
    await page.locator('[aria-describedby="pan-state"]').click();
    await expect(page.locator('#pan-state')).toHaveText('Pending verification: checked as soon as the phone is online.');
    // Submit's reason names only what still holds it: the queued PAN check no longer does.
    await expect(page.getByRole('button', { name: 'Submit', exact: true })).toHaveAccessibleDescription('Verify the voter ID to submit.');
    await page.getByLabel('Voter ID', { exact: true }).fill('ABC1234567');
    await page.locator('[aria-describedby="voter-state"]').click();
    await page.getByLabel('Aadhaar number').fill('999988887777');
    // Its Verify waits for the network, and says so, as the mobile's does.
    await expect(page.getByText('Verifying the Aadhaar number needs the network.')).toBeVisible();
    await pick(page, 'Title', 'Mrs.');
    await page.getByLabel('Full name').fill('Lakshmi Bai');
    await pick(page, 'Gender', 'Female');
    await pick(page, 'Marital status', 'Married');
    await page.getByLabel('DOB (DD-MM-YYYY)').fill('12031984');
    await expect(page.getByLabel('Age')).not.toHaveValue('');
    // No network for the pincode lookup: what the officer types stays.
    await page.getByLabel('Pincode').fill('440001');
    await page.getByLabel('City').fill('Nagpur');
    await page.getByLabel('District').fill('Nagpur');
    await page.getByLabel('State').fill('Maharashtra');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('House 4, Sitabuldi Main Road');
    await pick(page, 'Address type', 'Residence');
    await pick(page, 'Address ownership', 'Rented');
    await page.getByLabel('Years here').fill('3');
    await pick(page, 'House type', 'Pakka');
    await page.getByLabel(/^Loan amount/).fill('90000');
    await page.getByLabel(/^EMI you can pay/).fill('8000');
    await pick(page, 'Purpose of the loan', 'Purchase of additional stock or raw material');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible();

    // A half-typed KYC form survives the page being killed.
    await page.getByLabel('Guardian name').fill('Ramrao Bai');
    await fillAndKeep(page, page.getByLabel("Mother's name"), 'Sarita Devi');
    await page.close();
    const again = await context.newPage();
    await again.goto(`/#/application/kyc?id=${appId}`);
    await passPin(again);
    await expect(again.getByLabel('Guardian name')).toHaveValue('Ramrao Bai');
    await expect(again.getByLabel("Mother's name")).toHaveValue('Sarita Devi');
    await expect(again.getByText('Restored what you typed earlier.')).toBeVisible();
    await pick(again, 'Guardian relationship', 'Spouse');
    await again.getByLabel('Family members').fill('4');
    await again.getByLabel('Earning members').fill('2');
    await pick(again, 'Category', 'OBC');
    await pick(again, 'Religion', 'Hindu');
    await pick(again, 'Mother tongue', 'Marathi');
    await pick(again, 'Education', '10th Pass');

    // The borrower photo, picked offline: stored on the phone; a picture without GPS says it goes as 0, 0; the documents too.
    await again
      .getByLabel('Borrower photo', { exact: true })
      .setInputFiles({ name: 'borrower.jpg', mimeType: 'image/jpeg', buffer: await noiseJpeg(again) });
    await expect(again.getByText('Saved on this phone. It will upload when you are back online.').first()).toBeVisible();
    await expect(again.getByText(NO_LOCATION).first()).toBeVisible();
    for (const label of ['PAN card', 'Aadhaar front', 'Aadhaar back', 'Voter ID card']) {
      await again
        .getByLabel(label, { exact: true })
        .setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(again) });
    }
    await expect(again.getByText(NO_LOCATION)).toHaveCount(5);
    await again.getByRole('button', { name: 'Submit' }).click();
    await expect(again.getByText('Saved on this phone. It will be sent when the phone is online.')).toBeVisible();
    // Checks (2), the borrower, five files and the KYC step wait on the phone.
    await expect(again.getByRole('link', { name: /^Sync: 9 waiting/ })).toBeVisible();

    await again.getByRole('link', { name: /^Sync:/ }).click();
    await expect(again.getByText('Offline: waiting for a network')).toBeVisible();
    await expect(again.getByTestId('count-queued')).toHaveText('9');

    // Back online over an uplink that stalls after the first 256 KB chunk until the test has seen the sync center
    // show the bytes sent and a progress bar: the photo goes up in chunks, then the rest follows.
    let releaseChunks = () => {};
    const chunksHeld = new Promise<void>((resolve) => {
      releaseChunks = resolve;
    });
    let chunks = 0;
    await again.route('**/api/main/v1/uploads/*', async (route) => {
      if (route.request().method() === 'PATCH' && ++chunks > 1) await chunksHeld;
      await route.continue();
    });
    await context.setOffline(false);
    await expect(again.getByText(/^Sending \d+(\.\d)? KB of 1\.\d MB$/)).toBeVisible({ timeout: 30_000 });
    await expect(again.getByRole('progressbar', { name: 'Borrower photo upload progress' })).toBeVisible();
    releaseChunks();
    await expect(again.getByText('Everything is on the server')).toBeVisible({ timeout: 30_000 });
    await expect(again.getByTestId('count-queued')).toHaveText('0');
    await expect(again.getByRole('link', { name: 'Sync: all sent' })).toBeVisible();

    const token = await again.evaluate(() => globalThis.__floToken?.() ?? '');
    const get = (path: string) =>
      again.evaluate(
        async ([p, t]) => {
          const r = await fetch(`/api/main${p}`, { headers: { token: t! } });
          return { status: r.status, body: await r.json() };
        },
        [path, token] as const,
      );
    const files = await get(`/v1/app/mfi/${appId}/files`);
    expect(files.status).toBe(200);
    const list = files.body.data.files as Array<{
      file_type: string;
      geo_tag: { latitude: number; longitude: number };
      size: number;
    }>;
    expect(list).toHaveLength(5);
    expect(list.map((f) => f.file_type).sort()).toEqual(['AADHAAR_BACK', 'AADHAAR_FRONT', 'BORROWER_PHOTO', 'PAN', 'VOTER_ID']);
    // Picked from the phone (a file input), pictures without GPS are tagged 0, 0, not where the phone stands
    // (REQ-FILE-5: 0/0 when no position is known).
    for (const f of list) expect(f.geo_tag).toMatchObject(NO_GPS);
    expect(list.find((f) => f.file_type === 'BORROWER_PHOTO')!.size).toBeGreaterThan(1024 * 1024);
    const app = await get(`/v1/app/mfi/${appId}`);
    expect(app.body.data).toMatchObject({
      phone: '9876512345',
      name: 'Lakshmi Bai',
      pan: 'ABCDE1234F',
      city: 'Nagpur',
      mother_name: 'Sarita Devi',
      photo_geo_tag_info: JSON.stringify(NO_GPS),
      stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
      approval_checks: { decision: 'APPROVED' },
      verifications: { pan: { value: 'ABCDE1234F', name: 'RAMESH KUMAR' }, voter_id: { value: 'ABC1234567', name: 'RAMESH KUMAR' } },
    });
  });
});

test.describe('on the vikas tenant', () => {
  test.use({ baseURL: `http://vikas.localhost:${E2E_PORT}` });

  test('logout with unsent work warns twice, then wipes the phone', async ({ page, context }) => {
    await signIn(page, '9000000001');
    await expect(page.getByText(/Hello Anil/)).toBeVisible();
    await keptForOffline(page);
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Create Application' }).click();
    await page.getByLabel('Borrower mobile number').fill('9876512346');
    // Offline the lookup read only this phone's copy, and says so: another phone's application would not be found.
    await expect(
      page.getByText('Offline, only this phone was searched. No application with this number yet: start a new one below.'),
    ).toBeVisible();
    await page.getByLabel('Borrower name').fill('Meena Devi');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('form', { name: 'Borrower details' })).toBeVisible();
    // Offline the mobile cannot be verified (Verify is disabled, so a fix's focus lands on the number): it says why.
    await expect(page.getByLabel('Borrower mobile number', { exact: true })).toHaveAccessibleDescription(
      'Verifying the mobile number needs the network.',
    );
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
