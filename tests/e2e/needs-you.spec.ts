// REQ-AUTHZ-6 at 360×740: what the officer captured offline comes back to the officer. A junk PAN and a name
// mismatch captured with no network are listed on the home with the borrower's name once back online; the PAN field
// reopens, is corrected and verifies; the mismatch is continued as a deviation and shows as pending. Then a CPV visit
// submitted offline and corrected before sync leaves exactly its 4 photos on the server.
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, keptForOffline, passPin, smallJpeg, storedKeys } from './helpers';
import {
  borrowerThroughKyc,
  cpvVisit,
  fillBorrowerPerson,
  fillTheRest,
  firstStageToCpv,
  listRow,
  otp,
  serverCopy,
  staffPhone,
  startBorrower,
} from './workflow-steps';

// The default tenant (localhost): the other specs' OTPs are counted on their own tenants.
const BASE = `http://localhost:${E2E_PORT}`;
const FIELD = { latitude: 18.5204, longitude: 73.8567 };
const shot = (name: string) => `test-results/screenshots/${name}`;
const appIdOf = (page: Page) => new URL(page.url().replace('#/', '')).searchParams.get('id')!;

/** Starts the borrower and verifies the mobile (the OTP needs the network), then back home. */
async function startVerified(page: Page, mobile: string, name: string) {
  await page.goto('/#/');
  await startBorrower(page, mobile, name);
  const id = appIdOf(page);
  await page.locator('[aria-describedby="phone-state"]').click();
  await otp(page, 'Verify mobile number');
  await expect(page.locator('#phone-state')).toHaveText('Verified');
  return id;
}

/** Offline: the PAN and voter id checks queue, the rest is typed, the submit waits behind the checks. */
async function borrowerOffline(page: Page, id: string, pan: string, voter: string) {
  await page.goto(`/#/application/mobile?id=${id}`);
  await passPinIfAsked(page);
  await page.getByLabel('PAN', { exact: true }).fill(pan);
  await page.locator('[aria-describedby="pan-state"]').click();
  await expect(page.locator('#pan-state')).toHaveText(/^Pending/);
  await page.getByLabel('Voter ID', { exact: true }).fill(voter);
  await page.locator('[aria-describedby="voter-state"]').click();
  await expect(page.locator('#voter-state')).toHaveText(/^Pending/);
  await fillBorrowerPerson(page, { aadhaar: '567856785678', offline: true });
  await fillTheRest(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible();
}

async function passPinIfAsked(page: Page) {
  if (await page.getByRole('heading', { name: 'Enter your PIN' }).isVisible()) await passPin(page);
}

test('junk PAN and a name mismatch captured offline come back on the home, and are fixed there', async ({ browser }) => {
  test.setTimeout(240_000);
  const { ctx, page } = await staffPhone(browser, BASE, '9000000001', FIELD);
  const stamp = String(Date.now()).slice(-7);
  const junk = await startVerified(page, `951${stamp}`, 'Ramesh Kumar');
  const mismatch = await startVerified(page, `952${stamp}`, 'Mohan Lal');

  await keptForOffline(page);
  await ctx.setOffline(true);
  // A borrower met with no network: 'Create Application' says first what needs it (the mobile OTP) and what does not.
  await page.goto('/#/');
  await page.getByRole('link', { name: 'Create Application' }).click();
  await expect(page.getByText(/^No network: you can start the application, fill in the borrower details/)).toBeVisible();
  // Junk that cannot be a PAN is caught in front of the borrower, before anything is queued.
  await page.goto(`/#/application/mobile?id=${junk}`);
  await page.getByLabel('PAN', { exact: true }).fill('1234567890');
  await page.locator('[aria-describedby="pan-state"]').click();
  await expect(page.getByText('PAN is 5 letters, 4 digits and a letter (AAAAA9999A)')).toBeVisible();
  // A well-formed PAN the department refuses, and a mismatch of names (PAN: SURESH SHARMA, voter id: RAMESH KUMAR).
  await borrowerOffline(page, junk, 'ZZZZZ9999Z', 'ABC1234567');
  await borrowerOffline(page, mismatch, 'PQRSX5678K', 'ABC1234567');
  await page.goto('/#/');
  // Nothing of these two needs the officer yet: their checks and submits wait on this phone (3 each). The count is read
  // once the home has read the phone (until then it shows no number); the officer's other applications on the server
  // (an earlier run or repeat on this tenant) may need them, so the list is asked about these two borrowers only.
  await expect(page.getByRole('link', { name: '6 waiting to be sent' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^\d+ need attention$/ })).toBeVisible();
  await expect(page.locator('#needs-you li').filter({ hasText: new RegExp(`\\+91 95[12]${stamp}`) })).toHaveCount(0);

  // Back online: the checks and the submits land, and what the server decided is on the home with whose it is.
  await ctx.setOffline(false);
  const pan = page.getByRole('listitem', {
    name: new RegExp(`Ramesh Kumar · \\+91 951${stamp}: PAN ZZZZZ9999Z: PAN verification failed,INVALID PAN!`),
  });
  // The mismatch the server recorded from the queued submit is requested already: it waits for the review role, and
  // says whose names and what was compared (not asked again with 'Continue with Deviation').
  const names = page.getByRole('listitem', {
    name: new RegExp(
      `Mohan Lal · \\+91 952${stamp}: Borrower name mismatch \\(Mohan Lal\\): PAN "[A-Z ]+"( · voter id "[A-Z ]+")? · typed "Mohan Lal": deviation pending\\. Waiting for the review role`,
    ),
  });
  await expect(pan).toBeVisible({ timeout: 60_000 });
  await expect(names).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/^Sync of .* finished: \d+ items need you below\.$/)).toBeVisible();
  // The mouse still rests where Submit was, in the bottom bar, where toasts rise: a toast under a resting mouse
  // pauses by design (a reader can finish it), so the pointer moves off as a person's would before the screenshot.
  await page.mouse.move(180, 10);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 20_000 });
  await page.screenshot({ path: shot('needs-you-home-360.png'), fullPage: true });
  await page.goto('/#/sync');
  await expect(page.getByTestId('count-attention')).not.toHaveText('0');
  await page.mouse.move(180, 10);
  await expect(
    page.getByRole('listitem', { name: new RegExp(`^Borrower details: Ramesh Kumar · Ramesh Kumar · \\+91 951${stamp}`) }),
  ).toContainText('Verify PAN, voter id and mobile number before submitting');
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 20_000 });
  await page.screenshot({ path: shot('needs-you-sync-360.png'), fullPage: true });

  // The PAN: the tap opens the borrower form with what was submitted; the field is open, corrected, verified.
  await page.goto('/#/');
  await pan.getByRole('link', { name: 'Correct the PAN' }).click();
  await expect(page.locator('#pan-state')).toHaveText('PAN verification failed,INVALID PAN!');
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Ramesh Kumar');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('22 Laxmi Road, Shaniwar Peth');
  // On the borrower form itself, the banner's fix takes the officer to the field (a link to this page went nowhere).
  await page.getByRole('region', { name: 'Needs you on this application' }).getByRole('button', { name: 'Correct the PAN' }).click();
  await expect(page.getByLabel('PAN', { exact: true })).toBeFocused();
  await page.getByLabel('PAN', { exact: true }).fill('ABCDE1234F');
  await page.locator('[aria-describedby="pan-state"]').click();
  await expect(page.locator('#pan-state')).toHaveText('Verified: RAMESH KUMAR', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await serverCopy(page, junk)).stages, { timeout: 30_000 }).toContain('BORROWER_INFO');

  // The mismatch: pending (the review role's turn), it needs the officer no more and offers no 'Continue with Deviation'.
  await page.goto('/#/');
  await expect(pan).toHaveCount(0);
  await expect(names).toBeVisible();
  await expect(names.getByRole('button', { name: 'Continue with Deviation' })).toHaveCount(0);
  expect((await serverCopy(page, mismatch)).deviations).toMatchObject([{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING' }]);
  await ctx.close();
});

test('a CPV visit submitted offline reopens with what was submitted; corrected before sync, the server holds its 4 photos', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const mobile = `953${String(Date.now()).slice(-7)}`;
  const officer = await staffPhone(browser, BASE, '9000000001', FIELD);
  const appId = await firstStageToCpv(officer.page, mobile);
  const verifier = await staffPhone(browser, BASE, '9000000003', FIELD);
  const v = verifier.page;
  const r = await listRow(v, mobile);
  await r.getByRole('button', { expanded: false }).click();
  await r.getByRole('button', { name: 'Take offline' }).click();
  await expect(r.getByText(/^On this phone for the visit: data and \d+ documents/)).toBeVisible({ timeout: 20_000 });

  // Offline needs the service worker in charge (the screens' code is precached then).
  await keptForOffline(v);
  await verifier.ctx.setOffline(true);
  await r.getByRole('link', { name: 'Complete PD1' }).click();
  await cpvVisit(v, 'business', 'Shop stocked, owner present');
  await expect(v.getByRole('heading', { name: 'Success' })).toBeVisible();
  // Back to the visit, still offline: it opens with what was submitted; one figure is corrected, no photo retaken.
  await v.goto(`/#/application/cpv-info?id=${appId}&type=BUSINESS_PLACE_VERIFICATION`);
  await expect(v.getByRole('region', { name: 'CPV info (recorded)' })).toContainText('3 stored');
  await v.getByRole('button', { name: 'Edit' }).click();
  await expect(v.getByLabel('Monthly Sales')).toHaveValue('90000');
  await v.getByLabel('Monthly Sales').fill('95000');
  await v.getByRole('button', { name: 'Submit' }).click();
  await expect(v.getByRole('heading', { name: 'Success' })).toBeVisible();

  await verifier.ctx.setOffline(false);
  await expect.poll(async () => (await serverCopy(officer.page, appId)).stages, { timeout: 60_000 }).toContain('CPV_BUSINESS_PLACE');
  const files = await officer.page.evaluate(async (id) => {
    const res = await fetch(`/api/main/v1/app/mfi/${id}/files`, { headers: { token: globalThis.__floToken?.() ?? '' } });
    return (await res.json()).data.files as Array<{ file_type: string }>;
  }, appId);
  expect(
    files
      .filter((f) => /^(SHOP_|QR_CODE)/.test(f.file_type))
      .map((f) => f.file_type)
      .sort(),
  ).toEqual(['QR_CODE', 'SHOP_PHOTO', 'SHOP_PHOTO_PD2', 'SHOP_SELFIE_PHOTO']);
  expect((await serverCopy(officer.page, appId)).cpv_business).toMatchObject({ monthly_sales: 95000 });
  await officer.ctx.close();
  await verifier.ctx.setOffline(false);
  await verifier.ctx.close();
});

test('an unfinished co-borrower is a draft in its list; the unlock after a restart returns to the screen the officer was on', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // 9000000004 (role AGENT, an initiating officer): its sign-in OTPs are counted apart from the tests above.
  const { ctx, page } = await staffPhone(browser, BASE, '9000000004', FIELD);
  const appId = await borrowerThroughKyc(page, `954${String(Date.now()).slice(-7)}`, {
    name: 'Ramesh Kumar',
    pan: 'ABCDE1234F',
    voter: 'ABC1234567',
  });
  await expect(page.getByRole('heading', { name: 'Co-applicants' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('No data')).toBeVisible();
  await page.getByRole('link', { name: 'Add Co-borrower/Guarantor' }).click();
  await page.getByLabel('Full name').fill('Sunita Devi');
  for (const label of ['PAN card', 'Aadhaar front']) {
    await page
      .getByLabel(label, { exact: true })
      .setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
  }
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Co-applicants' })).toBeVisible();
  const draft = page.getByRole('listitem', { name: 'Draft Sunita Devi' });
  await expect(draft).toContainText('Draft, not submitted');
  await expect(page.getByText('No data')).toHaveCount(0);
  // The list can show a draft a moment before its write reaches the disk (Dexie's live queries update first): the
  // phone is killed once the draft is stored, as it would be minutes later in the field.
  const draftKey = `${appId}|co-applicant|0`;
  await expect.poll(() => storedKeys(page, /^flo-e-/, 'drafts'), { message: 'the draft is on the disk' }).toContain(draftKey);

  // The browser is killed on this screen; the app is opened again at its start page: the PIN, then this screen.
  await page.close();
  const again = await ctx.newPage();
  await again.goto('/#/');
  await passPin(again);
  // The unlock reads the last screen from the encrypted database, then that screen's code: slower on a loaded machine.
  await expect(again.getByRole('heading', { name: 'Co-applicants' })).toBeVisible({ timeout: 15_000 });
  expect(again.url()).toContain(`id=${appId}`);
  expect(await storedKeys(again, /^flo-e-/, 'drafts'), 'the draft is still on the disk after the restart').toContain(draftKey);
  await again.getByRole('listitem', { name: 'Draft Sunita Devi' }).getByRole('link').click();
  await expect(again.getByLabel('Full name')).toHaveValue('Sunita Devi');
  await ctx.close();
});
