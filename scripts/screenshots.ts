// Screenshots of the product as an officer sees it, at 360×740 (phone) and 1280×800, into docs/screenshots/.
// Usage: npx vite build && npx tsx scripts/screenshots.ts   (starts its own sandbox on a free port)
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { passPin, pick } from '../tests/e2e/helpers';
import {
  addStatements,
  borrowerThroughKyc,
  coApplicant,
  cpvVisit,
  fillBankAccount,
  fillBorrowerPerson,
  fillBusiness,
  fillFamilyMember,
  fillKyc,
  fillTheRest,
  firstStageToCpv,
  verifyField,
} from '../tests/e2e/workflow-steps';
import { openKycScreen } from '../bench/browser-kit';
import { chromiumOptions, startSandbox } from './sandbox-process';

const PORT = Number(process.env.SHOT_PORT ?? 4192);
const OUT = 'docs/screenshots';
const SIZES = { 360: { width: 360, height: 740 }, 1280: { width: 1280, height: 800 } } as const;

async function context(
  browser: Browser,
  size: keyof typeof SIZES,
  host: string,
): Promise<{ ctx: BrowserContext; page: Page; base: string }> {
  const ctx = await browser.newContext({
    viewport: SIZES[size],
    geolocation: { latitude: 18.5204, longitude: 73.8567, accuracy: 12 },
    permissions: ['geolocation'],
  });
  return { ctx, page: await ctx.newPage(), base: `http://${host}:${PORT}` };
}

/** Waits for toasts to go (they last 2–4 s) so they do not cover the header, then shoots. */
async function shot(page: Page, name: string) {
  await page
    .locator('.Toastify__toast')
    .first()
    .waitFor({ state: 'detached', timeout: 8000 })
    .catch(() => undefined);
  await page.screenshot({ path: join(OUT, `${name}.png`) });
}

async function signIn(page: Page, base: string, mobile: string) {
  await page.goto(`${base}/#/login`);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByText('Enter the OTP sent to your mobile').waitFor();
  await page.getByLabel('OTP').fill('123456');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await passPin(page);
  await page.getByText(/Hello /).waitFor();
}

async function jpeg(page: Page, w: number, h: number, quality: number): Promise<Buffer> {
  const b64 = await page.evaluate(
    async ([w, h, q]) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d')!;
      // Per-pixel noise: it does not compress, so the stored photo stays over 1 MB and goes up in chunks.
      const img = g.createImageData(w, h);
      for (let i = 0; i < img.data.length; i += 1) img.data[i] = i % 4 === 3 ? 255 : Math.random() * 255;
      g.putImageData(img, 0, 0);
      const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/jpeg', q));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    },
    [w, h, quality] as const,
  );
  return Buffer.from(b64, 'base64');
}

async function otpSheet(page: Page, title: string, before?: () => Promise<void>) {
  const sheet = page.getByRole('dialog', { name: title });
  await sheet.getByText(/Enter the OTP sent to/).waitFor();
  await before?.();
  await sheet.getByLabel('OTP').fill('123456');
  await sheet.getByRole('button', { name: 'Verify OTP' }).click();
  await sheet.waitFor({ state: 'detached' });
}

async function verify(page: Page, label: string, value: string, id: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.locator(`[aria-describedby="${id}-state"]`).click();
  await page
    .locator(`#${id}-state`)
    .getByText(/^Verified/)
    .waitFor();
}

/** The later first-stage steps at 360×740, on an approved application: co-applicants, family, business, bank, employment. */
async function laterStepShots(browser: Browser) {
  const { ctx, page, base } = await context(browser, 360, 'udaan.localhost');
  await signIn(page, base, '9000000004');
  await page.waitForTimeout(2500);
  const appId = await borrowerThroughKyc(page, '9812300002', { name: 'Ramesh Kumar', pan: 'ABCDE1234F', voter: 'ABC1234567' });
  await page.getByRole('heading', { name: 'Co-applicants' }).waitFor({ timeout: 30_000 });
  await shot(page, 'co-applicants-empty-360');
  await page.getByRole('link', { name: 'Add Co-borrower/Guarantor' }).click();
  await page.getByRole('form', { name: 'Co-applicant details' }).waitFor();
  await shot(page, 'co-applicant-form-360');
  await coApplicant(page, { type: 'Co-borrower', name: 'Sunita Devi', phone: '9123400021', pan: 'SUNIT1234F', voter: 'XYZ7654321' });
  await page.getByRole('button', { name: 'Continue with Deviation' }).click();
  await page.getByRole('listitem', { name: 'Co-borrower Sunita Devi' }).waitFor();
  await shot(page, 'co-applicants-360');
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Add Family Members' }).click();
  await fillFamilyMember(page, { dob: '28022001' });
  await page.screenshot({ path: join(OUT, 'family-form-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('listitem', { name: 'Geeta Kumar' }).waitFor();
  await shot(page, 'family-360');
  await page.getByRole('link', { name: 'Continue' }).click();
  await fillBusiness(page);
  await pick(page, 'Bank', 'State Bank of India');
  await addStatements(page);
  await page.waitForTimeout(3000);
  await page.screenshot({ path: join(OUT, 'business-form-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('heading', { name: 'Bank account details' }).waitFor({ timeout: 30_000 });
  await fillBankAccount(page, (p) =>
    p
      .locator('#bank-state')
      .getByText(/^Verified/)
      .waitFor(),
  );
  await shot(page, 'bank-account-360');
  await page.goto(`${base}/#/application/employment?id=${appId}`);
  await page.getByRole('form', { name: 'Employment details' }).waitFor();
  await shot(page, 'employment-360');
  await ctx.close();
}

/** Workflow screens at 360×740: start, borrower form with its checks, KYC, and a bureau rejection. */
async function workflowShots(browser: Browser) {
  const { ctx, page, base } = await context(browser, 360, 'pragati.localhost');
  await signIn(page, base, '9000000001');
  await page.waitForTimeout(2500);
  await page.getByRole('link', { name: 'Create Application' }).click();
  await page.getByLabel('Borrower mobile number').fill('9812300001');
  await page.getByText(/No application with this number yet/).waitFor();
  await page.getByLabel('Borrower name').fill('Mohan Lal');
  await shot(page, 'borrower-start-360');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('form', { name: 'Borrower details' }).waitFor();
  await shot(page, 'borrower-form-360');
  await page.locator('[aria-describedby="phone-state"]').click();
  await otpSheet(page, 'Verify mobile number', () => shot(page, 'borrower-mobile-otp-360'));
  await page.getByLabel('Aadhaar number').fill('999988887777');
  await page.locator('[aria-describedby="aadhaar-state"]').click();
  await otpSheet(page, 'Verify Aadhaar');
  await verify(page, 'PAN', 'BADCR1234D', 'pan');
  await verify(page, 'Voter ID', 'ABC1234567', 'voter');
  await page
    .locator('.Toastify__toast')
    .first()
    .waitFor({ state: 'detached', timeout: 8000 })
    .catch(() => undefined);
  await page.screenshot({ path: join(OUT, 'borrower-verified-360.png') });
  await fillTheRest(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Name mismatch detected. Please review or continue with deviation.').waitFor();
  await page.screenshot({ path: join(OUT, 'borrower-name-mismatch-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Continue with Deviation' }).click();
  await page.getByRole('heading', { name: 'Borrowers Info' }).waitFor();
  await shot(page, 'kyc-form-360');
  await fillKyc(page);
  await page
    .locator('.ui-file--success')
    .nth(4)
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
  await page.screenshot({ path: join(OUT, 'kyc-filled-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('heading', { name: 'Application Rejected!' }).waitFor({ timeout: 20_000 });
  await shot(page, 'rejection-360');
  await ctx.close();
}

/** The list row of an application, opened from home as a user comes back to it (the list refreshes when online). */
async function listRow(page: Page, base: string, mobile: string) {
  await page.goto(`${base}/#/`);
  await page.getByRole('link', { name: 'View' }).click();
  await page.getByLabel('Search by name, mobile or id').fill(mobile);
  const row = page.getByRole('listitem').filter({ hasText: mobile });
  await row.waitFor();
  return row;
}

/** Second stage at 360×740 across the three roles: list, take offline, CPV visits, PD1 review, references, offer. */
async function secondStageShots(browser: Browser) {
  const mobile = '9812300003';
  const officer = await context(browser, 360, 'pragati.localhost');
  await signIn(officer.page, officer.base, '9000000001');
  const appId = await firstStageToCpv(officer.page, mobile);
  const ownRow = await listRow(officer.page, officer.base, mobile);
  await ownRow.getByText('PD1 INCOMPLETE').waitFor();
  await shot(officer.page, 'applications-360');

  const verifier = await context(browser, 360, 'pragati.localhost');
  const v = verifier.page;
  await signIn(v, verifier.base, '9000000003');
  let row = await listRow(v, verifier.base, mobile);
  await row.getByRole('button', { expanded: false }).click();
  await row.getByRole('button', { name: 'Take offline' }).click();
  await row.getByText(/^On this phone for the visit/).waitFor({ timeout: 30_000 });
  await v.screenshot({ path: join(OUT, 'applications-take-offline-360.png'), fullPage: true });
  await verifier.ctx.setOffline(true);
  row = await listRow(v, verifier.base, mobile);
  await row.getByRole('link', { name: 'Complete PD1' }).click();
  await cpvVisit(v, 'business', 'Shop stocked, owner present', { submit: false });
  await v.screenshot({ path: join(OUT, 'cpv-business-offline-360.png'), fullPage: true });
  await v.getByRole('button', { name: 'Submit' }).click();
  await v.getByRole('heading', { name: 'Success' }).waitFor();
  await shot(v, 'success-360');
  await v.getByRole('link', { name: 'Continue your process' }).click();
  await cpvVisit(v, 'residence', 'House verified with neighbours', { submit: false });
  await v.screenshot({ path: join(OUT, 'cpv-residence-offline-360.png'), fullPage: true });
  await v.getByRole('button', { name: 'Submit' }).click();
  await v.getByRole('heading', { name: 'Success' }).waitFor();
  await verifier.ctx.setOffline(false);
  // Back online the visits land; the list shows 'PD1 Review' once the server has both.
  for (let i = 0; i < 30; i += 1) {
    row = await listRow(v, verifier.base, mobile);
    if (await row.getByRole('link', { name: 'PD1 Review' }).isVisible()) break;
    await v.waitForTimeout(2000);
  }
  await row.getByRole('link', { name: 'PD1 Review' }).click();
  await v.getByLabel('Remarks').fill('Business and residence verified');
  await shot(v, 'pd1-review-360');
  await v.getByRole('button', { name: 'Approve PD1' }).click();
  await v.getByRole('heading', { name: 'Applications' }).waitFor();
  row = await listRow(v, verifier.base, mobile);
  await row.getByRole('region', { name: 'Pd1 Review Remarks' }).waitFor();
  await shot(v, 'applications-remarks-360');
  await v.goto(`${verifier.base}/#/application/cpv-info?id=${appId}`);
  await v.getByText('This visit is recorded.', { exact: false }).waitFor();
  await shot(v, 'cpv-recorded-360');

  const reviewer = await context(browser, 360, 'pragati.localhost');
  const p = reviewer.page;
  await signIn(p, reviewer.base, '9000000002');
  row = await listRow(p, reviewer.base, mobile);
  await row.getByRole('link', { name: 'Complete PD2' }).click();
  await cpvVisit(p, 'business', 'PD2: sales confirmed from the register');
  await p.getByRole('link', { name: 'Continue your process' }).click();
  await cpvVisit(p, 'residence', 'PD2: family met at home');
  await p.getByRole('heading', { name: 'References' }).waitFor({ timeout: 30_000 });
  await pick(p, 'Reference type', 'Personal');
  await p.getByLabel('Name', { exact: true }).fill('Vijay Patil');
  await p.getByLabel('Mobile number').fill('9123400021');
  await p.getByLabel('Address').fill('14 Laxmi Road, Shaniwar Peth, Pune');
  await shot(p, 'references-form-360');
  await p.getByRole('button', { name: 'Submit' }).click();
  await p.getByRole('heading', { name: 'Success' }).waitFor();
  await shot(p, 'success-loan-offers-360');
  await p.goto(`${reviewer.base}/#/application/reference-details?id=${appId}&record_index=1`);
  await pick(p, 'Reference type', 'Business');
  await p.getByLabel('Name', { exact: true }).fill('Kiran Shah');
  await p.getByLabel('Mobile number').fill('9123400022');
  await p.getByLabel('Address').fill('Shop 9, Laxmi Road, Pune');
  await p.getByLabel('Company name').fill('Shah Wholesale');
  await shot(p, 'reference-details-360');
  await p.getByRole('button', { name: 'Submit' }).click();
  await p.getByRole('listitem', { name: 'Kiran Shah' }).waitFor();
  await shot(p, 'references-360');
  await p.goto(`${reviewer.base}/#/application/loan-offer?id=${appId}`);
  await p.getByRole('button', { name: 'Accept Offer' }).waitFor();
  await p.screenshot({ path: join(OUT, 'loan-offer-360.png'), fullPage: true });
  await p.getByRole('button', { name: 'Accept Offer' }).click();
  await p.screenshot({ path: join(OUT, 'loan-offer-confirm-360.png'), fullPage: true });
  await p.getByRole('button', { name: 'Yes, accept' }).click();
  await p.getByRole('heading', { name: 'Final submit' }).waitFor();
  await shot(p, 'final-submit-360');
  await p.setViewportSize(SIZES[1280]);
  await listRow(p, reviewer.base, mobile);
  await shot(p, 'applications-1280');
  for (const c of [officer, verifier, reviewer]) await c.ctx.close();
}

/** Every public page at both sizes, signed out: apply from the mobile OTP to success, track, join us. */
async function publicShots(browser: Browser) {
  for (const size of [360, 1280] as const) {
    const { ctx, page, base } = await context(browser, size, 'pragati.localhost');
    const mobile = `97${String(Date.now()).slice(-8)}`;
    await page.goto(`${base}/#/apply-loan/mobile`);
    await page.getByRole('heading', { name: 'Apply for a loan' }).waitFor();
    await shot(page, `public-apply-mobile-${size}`);
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Get OTP' }).click();
    await otpSheet(page, 'Verify your mobile number', () => shot(page, `public-apply-otp-${size}`));
    await page.getByRole('form', { name: 'Borrower details' }).waitFor();
    await page.getByLabel('Full name').fill('Ramesh Kumar');
    await verifyField(page, 'PAN', 'ABCDE1234F', 'pan');
    await verifyField(page, 'Voter ID', 'ABC1234567', 'voter');
    await page.getByText('Verified: RAMESH KUMAR').first().waitFor();
    await shot(page, `public-apply-borrower-${size}`);
    await fillBorrowerPerson(page, { aadhaar: '567856785678' });
    await fillTheRest(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    const deviation = page.getByRole('button', { name: 'Continue with Deviation' });
    const kyc = page.getByRole('heading', { name: 'Borrowers Info' });
    await kyc.or(deviation).waitFor();
    if (await deviation.isVisible()) await deviation.click();
    await kyc.waitFor();
    await fillKyc(page);
    await shot(page, `public-apply-kyc-${size}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Co-applicants' }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Add Co-borrower/Guarantor' }).click();
    await coApplicant(page, { type: 'Co-borrower', name: 'Sunita Devi', phone: '9123400011', pan: 'SUNTA7654D', voter: 'XYZ7654321' });
    await page.getByRole('listitem', { name: 'Co-borrower Sunita Devi' }).waitFor({ timeout: 20_000 });
    await shot(page, `public-apply-co-applicants-${size}`);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('link', { name: 'Add Family Members' }).click();
    await fillFamilyMember(page, { dob: '28022001' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('listitem', { name: 'Geeta Kumar' }).waitFor({ timeout: 20_000 });
    await shot(page, `public-apply-family-${size}`);
    await page.getByRole('link', { name: 'Continue' }).click();
    await fillBusiness(page);
    await pick(page, 'Bank', 'State Bank of India');
    await addStatements(page);
    await shot(page, `public-apply-business-${size}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'References' }).waitFor({ timeout: 20_000 });
    await pick(page, 'Reference type', 'Personal');
    await page.getByLabel('Name', { exact: true }).fill('Vijay Patil');
    await page.getByLabel('Mobile number').fill('9123400021');
    await page.getByLabel('Address').fill('14 Laxmi Road, Shaniwar Peth, Pune');
    await shot(page, `public-apply-references-${size}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Application submitted' }).waitFor({ timeout: 20_000 });
    await shot(page, `public-apply-success-${size}`);
    await page.getByRole('link', { name: 'Track your application' }).click();
    await page.getByRole('list', { name: 'Application timeline' }).waitFor();
    await shot(page, `public-track-loan-${size}`);

    await page.goto(`${base}/#/join-us`);
    await page.getByRole('heading', { name: 'Partner Registration' }).waitFor();
    await shot(page, `public-join-us-${size}`);
    const partner = `93${String(Date.now()).slice(-8)}`;
    for (const [label, value] of [
      ['First name', 'Rekha'],
      ['Last name', 'Joshi'],
      ['Mobile number', partner],
      ['Email', 'rekha.joshi@example.com'],
      ['Pincode', '411001'],
      ['Bank name', 'State Bank of India'],
      ['Account number', '123456789012'],
      ['IFSC', 'SBIN0001234'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Tilak Road, Sadashiv Peth');
    for (const label of ['PAN card', 'Aadhaar front', 'Aadhaar back', 'Cancelled cheque']) {
      await page
        .getByLabel(label, { exact: true })
        .setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(page, 640, 400, 0.7) });
      await page.getByText(`Uploaded: ${label}.jpg`).waitFor();
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('.tracker-id').waitFor();
    await shot(page, `public-join-us-submitted-${size}`);
    await page.getByRole('link', { name: 'Track your request' }).click();
    await page
      .getByText(/Your partner request PTR/)
      .first()
      .waitFor();
    await shot(page, `public-join-us-track-${size}`);
    await ctx.close();
  }
}

async function main() {
  const server = await startSandbox(PORT);
  const browser = await chromium.launch(chromiumOptions);
  try {
    await publicShots(browser);
    if (process.env.SHOTS === 'public') return;
    await workflowShots(browser);
    await laterStepShots(browser);
    await secondStageShots(browser);
    // Platform screens at both sizes, one tenant per size so OTP limits never bite.
    for (const [size, host] of [
      [360, 'sahayog.localhost'],
      [1280, 'udaan.localhost'],
    ] as const) {
      const { ctx, page, base } = await context(browser, size, host);
      await page.goto(`${base}/#/login`);
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await shot(page, `login-${size}`);
      await page.getByLabel('Mobile number').fill('9000000001');
      await page.getByRole('button', { name: 'Get OTP' }).click();
      await page.getByText('Enter the OTP sent to your mobile').waitFor();
      await shot(page, `otp-${size}`);
      await page.getByLabel('OTP').fill('123456');
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await page.getByRole('heading', { name: 'Set a PIN for this phone' }).waitFor();
      await shot(page, `pin-set-${size}`);
      await passPin(page);
      await page.getByText(/Hello /).waitFor();
      await page
        .getByText('Ready to work offline')
        .waitFor()
        .catch(() => undefined);
      await page.waitForTimeout(2500);
      await shot(page, `home-${size}`);
      await page.getByRole('link', { name: 'Profile' }).click();
      await page.getByRole('heading', { name: 'User Details' }).waitFor();
      await shot(page, `profile-${size}`);
      await ctx.close();
    }

    // Sync center: queued (offline), uploading (slow network), needs attention (a 'photo' the server refuses).
    for (const [size, host] of [
      [360, 'vikas.localhost'],
      [1280, 'sahayog.localhost'],
    ] as const) {
      const { ctx, page, base } = await context(browser, size, host);
      await signIn(page, base, size === 360 ? '9000000001' : '9000000001');
      await page.waitForFunction(() => !!navigator.serviceWorker.controller);
      await page.waitForTimeout(2500);
      await ctx.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Enter your PIN' }).waitFor();
      await shot(page, `pin-unlock-offline-${size}`);
      await passPin(page);
      await page.getByText(/Hello /).waitFor();
      await shot(page, `home-offline-${size}`);
      await openKycScreen(page, base, '9876543210', 'Sunita Patil');
      await page
        .getByLabel('Borrower photo', { exact: true })
        .setInputFiles({ name: 'shop.jpg', mimeType: 'image/jpeg', buffer: await jpeg(page, 1600, 1200, 0.95) });
      await page.getByText('Saved on this phone. It will upload when you are back online.', { exact: true }).waitFor();
      await page.getByTestId('geotag').waitFor();
      await shot(page, `kyc-photo-offline-${size}`);
      await page.getByRole('link', { name: /^Sync:/ }).click();
      await page.getByText('Offline: waiting for a network').waitFor();
      await shot(page, `sync-queued-${size}`);

      // A slow uplink so the chunked upload of a large photo can be seen in progress.
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 300,
        downloadThroughput: 200_000,
        uploadThroughput: 60_000,
      });
      await page.goto(`${base}/#/`);
      await openKycScreen(page, base, '9876543211', 'Ramesh Yadav');
      await page.getByLabel('Borrower photo', { exact: true }).setInputFiles({
        name: 'house.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not really a picture, just text pretending to be one'),
      });
      await page.getByRole('link', { name: /^Sync:/ }).click();
      await ctx.setOffline(false);
      await page
        .getByText(/^Sending \d/)
        .first()
        .waitFor({ timeout: 60_000 })
        .catch(() => undefined);
      await shot(page, `sync-uploading-${size}`);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await page
        .getByText('Waiting for you')
        .waitFor({ timeout: 60_000 })
        .catch(() => undefined);
      await shot(page, `sync-attention-${size}`);
      await ctx.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

void main().then(
  () => console.log(`screenshots written to ${OUT}`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
