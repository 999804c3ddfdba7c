// The public apply flow in a real browser, signed out (REQ-PUB-1, REQ-PUB-2): a visitor applies from the mobile OTP to
// the success page with the fixture identities (the staff step screens in the public flow), closes the tab mid-way and
// finds the draft again, then tracks the application by its External Loan Id; the guest token cannot touch another
// application.
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, fillAndKeep, keptForOffline, pick, storedKeys } from './helpers';
import { coApplicant, fillBorrowerPerson, fillBusiness, fillFamilyMember, fillKyc, fillTheRest, otp, verifyField } from './workflow-steps';

test.use({ baseURL: `http://sahayog.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 } });

const freshMobile = (lead: string) => `${lead}${String(Date.now()).slice(-8)}`;

async function verifyMobile(page: Page, mobile: string) {
  await page.goto('/#/apply-loan/mobile');
  await expect(page.getByRole('heading', { name: 'Apply for a loan', level: 1 })).toBeVisible();
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await otp(page, 'Verify your mobile number');
  await expect(page.getByRole('form', { name: 'Borrower details' })).toBeVisible();
}

/** The guest token and application id the public OTP stored in the page. */
const guest = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('flo.guest-token') ?? '', app: localStorage.getItem('flo.guest-app') ?? '' }));

/** Rows of the visitor's database that hold personal data (drafts, files, queue, cached records); -1: no database. */
async function guestRows(page: Page) {
  let rows = 0;
  for (const table of ['drafts', 'files', 'outbox', 'applications', 'coApplicants', 'familyMembers', 'references']) {
    const keys = await storedKeys(page, /^flo-u-.*-guest$/, table);
    if (!keys) return -1;
    rows += keys.length;
  }
  return rows;
}

test('a visitor applies from the mobile OTP to success, continues a draft after closing the tab, and tracks it', async ({
  context,
  page,
}) => {
  test.setTimeout(240_000);
  const mobile = freshMobile('97');
  // The public pages carry the lender's brand, the legal links and a title for sharing.
  await verifyMobile(page, mobile);
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
  await expect(page).toHaveTitle(/^Apply for a loan · /);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /Apply for a small-business loan/);
  await expect(page.locator('#phone-state')).toHaveText('Verified');
  const { token, app: appId } = await guest(page);
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  expect(appId).toMatch(/^[0-9a-f]{32}$/);
  expect(page.url()).not.toContain(token);

  // The borrower form the officers use, with the fixture PAN and voter id.
  await page.getByLabel('Full name').fill('Ramesh Kumar');
  await verifyField(page, 'PAN', 'ABCDE1234F', 'pan');
  await expect(page.locator('#pan-state')).toHaveText(/^Verified/);
  await verifyField(page, 'Voter ID', 'ABC1234567', 'voter');
  await expect(page.locator('#voter-state')).toHaveText(/^Verified/);
  await fillBorrowerPerson(page, { aadhaar: '567856785678' });
  await fillTheRest(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  const deviation = page.getByRole('button', { name: 'Continue with Deviation' });
  const kyc = page.getByRole('heading', { name: 'Borrowers Info' });
  await expect(kyc.or(deviation)).toBeVisible({ timeout: 20_000 });
  if (await deviation.isVisible()) await deviation.click();
  await expect(kyc).toBeVisible({ timeout: 20_000 });
  expect(page.url()).toContain(`#/apply-loan/kyc?id=${appId}`);

  // Half-way through the KYC form the visitor closes the tab; a new tab finds the application and what was typed.
  await page.getByLabel('Guardian name').fill('Shyam Lal');
  await fillAndKeep(page, page.getByLabel("Mother's name"), 'Kamla Devi', /^flo-u-.*-guest$/);
  await page.close();
  const again = await context.newPage();
  await again.goto('/#/apply-loan/mobile');
  await expect(again.getByText('Your details are saved. Continue where you left off.')).toBeVisible();
  await again.getByRole('link', { name: 'Continue' }).click();
  await expect(again.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible();
  await expect(again.getByText('Restored what you typed earlier.')).toBeVisible();
  await expect(again.getByLabel('Guardian name')).toHaveValue('Shyam Lal');
  await expect(again.getByLabel("Mother's name")).toHaveValue('Kamla Devi');
  const p = again;
  // The statement analysis (CAM) is the lender's own endpoint: a visitor's business step never asks for it.
  const camCalls: string[] = [];
  p.on('request', (r) => {
    if (r.url().includes('/v1/banking/bank-statement-info')) camCalls.push(r.url());
  });
  await fillKyc(p);
  await p.getByRole('button', { name: 'Submit' }).click();
  await expect(p.getByRole('heading', { name: 'Co-applicants' })).toBeVisible({ timeout: 20_000 });
  expect(p.url()).toContain('#/apply-loan/co-applicants');

  await p.getByRole('link', { name: 'Add Co-borrower/Guarantor' }).click();
  await coApplicant(p, { type: 'Co-borrower', name: 'Sunita Devi', phone: '9123400011', pan: 'SUNTA7654D', voter: 'XYZ7654321' });
  await expect(p.getByRole('listitem', { name: 'Co-borrower Sunita Devi' })).toContainText('Status=APPROVED', { timeout: 20_000 });
  await p.getByRole('link', { name: 'Continue' }).click();
  await p.getByRole('link', { name: 'Add Family Members' }).click();
  await expect(p).toHaveURL(/#\/apply-loan\/family-detail-form/);
  await fillFamilyMember(p, { dob: '28022001' });
  await p.getByRole('button', { name: 'Submit' }).click();
  await expect(p.getByRole('listitem', { name: 'Geeta Kumar' })).toBeVisible({ timeout: 20_000 });
  await p.getByRole('link', { name: 'Continue' }).click();
  await expect(p).toHaveURL(/#\/apply-loan\/business/);
  await fillBusiness(p);
  await pick(p, 'Bank', 'State Bank of India');
  await p
    .getByLabel('Bank statements (PDF)')
    .setInputFiles({ name: 'jan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await p.getByRole('button', { name: 'Submit' }).click();

  // No bank account check and no field visit for a visitor: the references, then the success page.
  await expect(p.getByRole('heading', { name: 'References' })).toBeVisible({ timeout: 20_000 });
  expect(camCalls).toEqual([]);
  await expect(p.getByText('CAM processing failed or no download URL')).toHaveCount(0);
  await pick(p, 'Reference type', 'Personal');
  await p.getByLabel('Name', { exact: true }).fill('Vijay Patil');
  await p.getByLabel('Mobile number').fill('9123400021');
  await p.getByLabel('Address').fill('14 Laxmi Road, Shaniwar Peth, Pune');
  await p.getByRole('button', { name: 'Submit' }).click();
  await expect(p.getByText('Reference(s) added successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(p.getByRole('heading', { name: 'Application submitted' })).toBeVisible();
  const trackerId = (await p.locator('.tracker-id').textContent()) ?? '';
  expect(trackerId).toMatch(/^FLO[0-9A-F]{10}$/);

  // The server holds every step for the visitor's application, and nothing waits on the device.
  const server = await p.evaluate(async (id) => {
    const res = await fetch(`/api/main/v1/app/mfi/${id}`, { headers: { token: localStorage.getItem('flo.guest-token') ?? '' } });
    return (await res.json()).data;
  }, appId);
  expect(server).toMatchObject({ phone: mobile, pan: 'ABCDE1234F', tracker_id: trackerId });
  expect(server.stages).toEqual(
    expect.arrayContaining(['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'FAMILY_MEMBER', 'BUSINESS_INFO', 'REFERENCES']),
  );
  await expect(p.getByText(/waiting to be sent/)).toHaveCount(0);
  // Everything reached the lender: nothing of the application stays in this browser (a shared computer).
  await expect(p.getByText('Nothing of it is kept in this browser.', { exact: false })).toBeVisible();
  await expect.poll(() => guestRows(p)).toBe(0);

  // Tracking by the External Loan Id: the server's message and the timeline of the steps.
  await p.getByRole('link', { name: 'Track your application' }).click();
  await expect(p.getByRole('heading', { name: 'Track your loan' })).toBeVisible();
  await expect(p.getByText(`Application ${trackerId} is in progress`)).toBeVisible();
  const timeline = p.getByRole('list', { name: 'Application timeline' });
  await expect(timeline).toContainText('Application started');
  await expect(timeline).toContainText('References added');
  await p.getByLabel('External Loan Id').fill('FLO12');
  await p.getByRole('button', { name: 'Track' }).click();
  await expect(p.getByText('Invalid external loan id')).toBeVisible();
  await expect(p.getByLabel('External Loan Id')).toHaveValue('FLO12');
});

test("a guest token trying another application's id gets 403 and nothing changes", async ({ browser }) => {
  const first = await browser.newContext();
  const a = await first.newPage();
  await verifyMobile(a, freshMobile('96'));
  const mine = await guest(a);
  const second = await browser.newContext();
  const b = await second.newPage();
  await verifyMobile(b, freshMobile('95'));
  const theirs = await guest(b);

  const attempt = await b.evaluate(
    async ({ token, other }) => {
      const headers = { token, 'content-type': 'application/json' };
      const read = await fetch(`/api/main/v1/app/mfi/${other}`, { headers });
      const write = await fetch(`/api/main/v1/app/mfi/${other}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ name: 'Someone Else' }),
      });
      const upload = new FormData();
      upload.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'x.pdf');
      upload.append('file_type', 'PAN');
      upload.append('application_id', other);
      const file = await fetch('/api/main/v1/apply-loan/upload-file', { method: 'POST', headers: { token }, body: upload });
      return { read: read.status, write: write.status, file: file.status, message: (await write.json()).message };
    },
    { token: theirs.token, other: mine.app },
  );
  expect(attempt).toEqual({ read: 403, write: 403, file: 403, message: 'You do not have access to this resource' });
  // The first visitor's application is as it was.
  const own = await a.evaluate(
    async (id) =>
      (await (await fetch(`/api/main/v1/app/mfi/${id}`, { headers: { token: localStorage.getItem('flo.guest-token') ?? '' } })).json())
        .data,
    mine.app,
  );
  expect(own.name ?? '').not.toBe('Someone Else');
  await first.close();
  await second.close();
});

test('the network drops after the OTP: the borrower step is kept on the device, shown as waiting, and sent when back online', async ({
  context,
  page,
}) => {
  test.setTimeout(90_000);
  const mobile = freshMobile('94');
  await verifyMobile(page, mobile);
  const { app: appId } = await guest(page);
  // The service worker has the app's files by now (a visitor spends seconds on the OTP); then the network goes.
  await keptForOffline(page);
  await context.setOffline(true);
  await page.getByLabel('Full name').fill('Ramesh Kumar');
  await verifyField(page, 'PAN', 'ABCDE1234F', 'pan');
  await expect(page.locator('#pan-state')).toHaveText(/^Pending/);
  await verifyField(page, 'Voter ID', 'ABC1234567', 'voter');
  await expect(page.locator('#voter-state')).toHaveText(/^Pending/);
  await fillBorrowerPerson(page, { aadhaar: '567856785678', offline: true });
  await fillTheRest(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible({ timeout: 20_000 });
  const waiting = page.getByText(/items? saved on this device, waiting to be sent/);
  await expect(waiting).toBeVisible();
  // Opened, the same items as the staff sync center, each with its state.
  await waiting.click();
  const items = page.getByRole('list', { name: 'Waiting to be sent' }).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeGreaterThanOrEqual(3); // PAN check, voter id check, borrower step

  await context.setOffline(false);
  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0, { timeout: 30_000 });
  const server = await page.evaluate(async (id) => {
    const res = await fetch(`/api/main/v1/app/mfi/${id}`, { headers: { token: localStorage.getItem('flo.guest-token') ?? '' } });
    return (await res.json()).data;
  }, appId);
  expect(server).toMatchObject({ phone: mobile, pan: 'ABCDE1234F', voter_id: 'ABC1234567', stages: ['BORROWER_INFO'] });
});

test('a step opened without a verified mobile asks for it first', async ({ page }) => {
  await page.goto('/#/apply-loan/kyc?id=0123456789abcdef0123456789abcdef');
  await expect(page.getByRole('heading', { name: 'Your KYC details', level: 1 })).toBeVisible();
  await expect(page.getByText('Verify your mobile number to open your application.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Verify mobile number' }).click();
  await expect(page.getByRole('button', { name: 'Get OTP' })).toBeVisible();
});
