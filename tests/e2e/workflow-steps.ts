// Steps of the staff workflow as an officer does them in the browser, shared by the workflow specs.
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { CPV_BUSINESS_NUMBERS, CPV_HOUSEHOLD_NUMBERS } from '../../contracts/cpv';
import { pick, signIn, smallJpeg } from './helpers';

/** The server's record, read from inside the page (the tenant host resolves only in the browser). */
export async function serverCopy(page: Page, appId: string) {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/main/v1/app/mfi/${id}`, { headers: { token: globalThis.__floToken?.() ?? '' } });
    return (await res.json()).data;
  }, appId);
}

export async function otp(page: Page, title: string) {
  const sheet = page.getByRole('dialog', { name: title });
  await expect(sheet.getByText(/Enter the OTP sent to/)).toBeVisible();
  await sheet.getByLabel('OTP').fill('123456');
  await sheet.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(sheet).toHaveCount(0);
}

export async function startBorrower(page: Page, mobile: string, name: string) {
  await page.getByRole('link', { name: 'Create Application' }).click();
  await page.getByLabel('Borrower mobile number').fill(mobile);
  await expect(page.getByText('No application with this number yet: start a new one below.')).toBeVisible();
  await page.getByLabel('Borrower name').fill(name);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  const form = page.getByRole('form', { name: 'Borrower details' });
  await expect(form).toBeVisible();
  await expect(page.getByText('Verify the mobile number, PAN and voter ID to submit.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveAccessibleDescription(
    'Verify the mobile number, PAN and voter ID to submit.',
  );
  return form;
}

export async function verifyField(page: Page, label: string, value: string, id: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.locator(`[aria-describedby="${id}-state"]`).click();
}

export async function fillTheRest(page: Page) {
  await pick(page, 'Title', 'Mr.');
  await pick(page, 'Marital status', 'Married');
  await pick(page, 'Address type', 'Residence');
  await pick(page, 'Address ownership', 'Self Owned');
  await page.getByLabel('Years here').fill('6');
  await pick(page, 'House type', 'Pakka');
  await page.getByLabel(/^Loan amount/).fill('1,00,000');
  await page.getByLabel(/^EMI you can pay/).fill('9500');
  await pick(page, 'Purpose of the loan', 'Expansion of existing business');
  await page.getByRole('checkbox').check();
}

/** Fills the KYC ('Borrowers Info') form, the photo and the four documents, without submitting. */
export async function fillKyc(page: Page) {
  await page.getByLabel('Guardian name').fill('Shyam Lal');
  await pick(page, 'Guardian relationship', 'Father');
  await page.getByLabel("Mother's name").fill('Kamla Devi');
  await page.getByLabel('Family members').fill('5');
  await page.getByLabel('Earning members').fill('1');
  await pick(page, 'Category', 'General');
  await pick(page, 'Religion', 'Hindu');
  await pick(page, 'Mother tongue', 'Hindi');
  await pick(page, 'Education', '12th Pass');
  for (const label of ['Borrower photo', 'PAN card', 'Aadhaar front', 'Aadhaar back', 'Voter ID card']) {
    await page
      .getByLabel(label, { exact: true })
      .setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
  }
}

/** The borrower's Aadhaar, gender, DOB (05-05-1980) and a Pune address; offline the pincode lookup is typed by hand. */
export async function fillBorrowerPerson(page: Page, o: { aadhaar: string; offline?: boolean }) {
  await page.getByLabel('Aadhaar number').fill(o.aadhaar);
  await pick(page, 'Gender', 'Male');
  await page.getByLabel('DOB (DD-MM-YYYY)').fill('05051980');
  await place(page, !!o.offline);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('22 Laxmi Road, Shaniwar Peth');
}

/** A borrower through mobile OTP, PAN and voter id checks and the KYC step, online; returns the application id. */
export async function borrowerThroughKyc(page: Page, mobile: string, o: { name: string; pan: string; voter: string; unsecured?: boolean }) {
  await startBorrower(page, mobile, o.name);
  await page.locator('[aria-describedby="phone-state"]').click();
  await otp(page, 'Verify mobile number');
  await verifyField(page, 'PAN', o.pan, 'pan');
  await expect(page.locator('#pan-state')).toHaveText(/^Verified/);
  await verifyField(page, 'Voter ID', o.voter, 'voter');
  await expect(page.locator('#voter-state')).toHaveText(/^Verified/);
  await fillBorrowerPerson(page, { aadhaar: '567856785678' });
  await fillTheRest(page);
  if (o.unsecured) {
    await pick(page, 'Loan type', 'Unsecured Business Loan');
    await page.getByLabel(/^Loan amount/).fill('200000');
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  const deviation = page.getByRole('button', { name: 'Continue with Deviation' });
  const kyc = page.getByRole('heading', { name: 'Borrowers Info' });
  await expect(kyc.or(deviation)).toBeVisible();
  if (await deviation.isVisible()) await deviation.click();
  await expect(kyc).toBeVisible();
  const appId = new URL(page.url().replace('#/', '')).searchParams.get('id')!;
  await fillKyc(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  return appId;
}

/** A minimal well-formed PDF (the server checks the magic bytes). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Offline the pincode lookup has no answer: the officer types city, district and state. */
async function place(page: Page, offline: boolean, district = true) {
  await page.getByLabel('Pincode').fill('411001');
  if (offline) {
    await page.getByLabel('City', { exact: true }).fill('Pune');
    if (district) await page.getByLabel('District', { exact: true }).fill('Pune');
    await page.getByLabel('State', { exact: true }).fill('Maharashtra');
  } else await expect(page.getByLabel('City')).toHaveValue('Pune');
}

/** Fills and submits the co-applicant form; checks must read Verified (online) or Pending (offline). */
export async function coApplicant(
  page: Page,
  o: { type: 'Co-borrower' | 'Guarantor'; name: string; phone: string; pan: string; voter?: string; offline?: boolean },
) {
  const checked = o.offline ? /^Pending/ : /^Verified/;
  if (o.type !== 'Guarantor' || !(await page.getByRole('heading', { name: 'Replace Rejected Guarantor' }).isVisible()))
    await pick(page, 'Type', o.type);
  await pick(page, 'Relationship to borrower', o.type === 'Co-borrower' ? 'Spouse' : 'Others');
  await pick(page, 'Title', o.type === 'Co-borrower' ? 'Mrs.' : 'Mr.');
  await page.getByLabel('Full name').fill(o.name);
  await page.getByLabel('Mobile number').fill(o.phone);
  await pick(page, 'Gender', o.type === 'Co-borrower' ? 'Female' : 'Male');
  await pick(page, 'Marital status', 'Married');
  await page.getByLabel('DOB (DD-MM-YYYY)').fill('01011985');
  await page.getByLabel('Guardian name').fill('Ramesh Kumar');
  await page.getByLabel('Monthly income (₹)').fill('15000');
  await page.getByLabel('PAN', { exact: true }).fill(o.pan);
  await page.locator('[aria-describedby="co-pan-state"]').click();
  await expect(page.locator('#co-pan-state')).toHaveText(checked);
  if (o.voter) {
    await page.getByLabel('Voter ID', { exact: true }).fill(o.voter);
    await page.locator('[aria-describedby="co-voter-state"]').click();
    await expect(page.locator('#co-voter-state')).toHaveText(checked);
  }
  await place(page, !!o.offline);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('22 Laxmi Road, Shaniwar Peth');
  const docs = ['PAN card', 'Aadhaar front', 'Aadhaar back', ...(o.voter ? ['Voter ID card'] : [])];
  for (const label of docs) {
    await page
      .getByLabel(label, { exact: true })
      .setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
  }
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Fills the family member form (not submitted). */
export async function fillFamilyMember(page: Page, o: { dob: string; offline?: boolean }) {
  await page.getByLabel('Full name').fill('Geeta Kumar');
  await page.getByLabel('Mobile number').fill('9123400004');
  await pick(page, 'Gender', 'Female');
  await page.getByLabel('DOB (DD-MM-YYYY)').fill(o.dob);
  await page.getByLabel('Guardian name').fill('Ramesh Kumar');
  await pick(page, 'Guardian relationship', 'Father');
  await pick(page, 'Education', 'Graduation');
  await page.getByLabel('Monthly income (₹)').fill('8000');
  await page.getByLabel('PAN', { exact: true }).fill('GEETA1234K');
  await place(page, !!o.offline, false);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('22 Laxmi Road, Shaniwar Peth');
  for (const label of ['PAN card', 'Aadhaar front', 'Aadhaar back', 'Voter ID card']) {
    await page
      .getByLabel(label, { exact: true })
      .setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
  }
}

/** Fills the business details up to the bank statements (a rented shop: rent agreement and a business ownership proof). */
export async function fillBusiness(page: Page, o: { offline?: boolean } = {}) {
  await page.getByLabel('Business name').fill('Ramesh Kirana Store');
  await pick(page, 'Business type', 'Sole Proprietorship');
  await pick(page, 'Sector of business', 'Trading');
  await pick(page, 'Category of business', 'Kirana Store');
  await page.getByLabel('Years in business').fill('8');
  await place(page, !!o.offline);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Shop 4, Laxmi Road, Shaniwar Peth');
  await pick(page, 'Business address ownership', 'Rented');
  await page.getByLabel('Rent agreement', { exact: true }).setInputFiles({ name: 'rent.pdf', mimeType: 'application/pdf', buffer: PDF });
  await pick(page, 'Business proof type', 'MSME registration certificate');
  await page.getByLabel('Business proof', { exact: true }).setInputFiles({ name: 'msme.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('radio', { name: 'Business' }).check();
  await pick(page, 'Business ownership proof', 'Patta');
  await page
    .getByLabel('Business ownership proof document', { exact: true })
    .setInputFiles({ name: 'patta.pdf', mimeType: 'application/pdf', buffer: PDF });
}

/** Two statements of the main bank. */
export async function addStatements(page: Page) {
  await page.getByLabel('Bank statements (PDF)').setInputFiles([
    { name: 'jan.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'feb.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
}

/** Fills the bank account form with the fixture account (not submitted); `afterCheck` runs once the check is asked for. */
export async function fillBankAccount(page: Page, afterCheck?: (p: Page) => Promise<void>, holder?: string) {
  await page.getByLabel('IFSC code').fill('SBIN0001234');
  await page.getByLabel('Account number', { exact: true }).fill('123456789012');
  await page.locator('[aria-describedby="bank-state"]').click();
  await afterCheck?.(page);
  if (holder) await page.getByLabel('Account holder name').fill(holder);
  await page.getByLabel('Confirm account number').fill('123456789012');
  await pick(page, 'Account type', 'Savings');
  await pick(page, 'Bank name', 'State Bank of India');
  await page.getByLabel(/^Bank proof/).setInputFiles({ name: 'cheque.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
}

/**
 * The officer's whole first stage for an MFI loan, from the home screen to its end ('First stage complete'): borrower and KYC, a co-borrower
 * whose PAN and voter id name the same person (no deviation), a family member, business details, the bank account.
 */
export async function firstStageToCpv(page: Page, mobile: string, o: { name?: string } = {}): Promise<string> {
  // A name other than the PAN's (RAMESH KUMAR) is a mismatch the officer continues with as a deviation.
  const appId = await borrowerThroughKyc(page, mobile, { name: o.name ?? 'Ramesh Kumar', pan: 'ABCDE1234F', voter: 'ABC1234567' });
  await expect(page.getByRole('heading', { name: 'Co-applicants' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Add Co-borrower/Guarantor' }).click();
  await coApplicant(page, { type: 'Co-borrower', name: 'Sunita Devi', phone: '9123400011', pan: 'SUNTA7654D', voter: 'XYZ7654321' });
  await expect(page.getByRole('heading', { name: 'Co-applicants' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('listitem', { name: 'Co-borrower Sunita Devi' })).toContainText('Status=APPROVED');
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Add Family Members' }).click();
  await fillFamilyMember(page, { dob: '28022001' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('listitem', { name: 'Geeta Kumar' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await fillBusiness(page);
  await pick(page, 'Bank', 'State Bank of India');
  await addStatements(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Bank account details' })).toBeVisible({ timeout: 20_000 });
  await fillBankAccount(page, (p) => expect(p.getByText('Bank verified successfully')).toBeVisible());
  await page.getByRole('button', { name: 'Submit' }).click();
  // The officer's first stage ends on a screen that says so and who takes it next (no visit form of theirs).
  await expect(page.getByRole('region', { name: 'First stage complete' })).toContainText('handed over to the verification role', {
    timeout: 20_000,
  });
  await expect(page.getByRole('form', { name: 'CPV info' })).toHaveCount(0);
  await expect(page.getByText(/Cannot proceed with unapproved deviations/)).toHaveCount(o.name ? 1 : 0);
  return appId;
}

async function photo(page: Page, label: string) {
  const input = page.getByLabel(label, { exact: true });
  // A visit that reopens on a stored one (PD2 on PD1's) shows the stored photo: this visit takes its own in its place.
  const stored = page.getByRole('button', { name: `Clear ${label}`, exact: true });
  await expect(input.or(stored).first()).toBeAttached();
  if ((await stored.count()) > 0) await stored.click();
  await input.setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
}

/** The visit form asks every figure of its kind; the ones a test does not care about are said to be 0. */
async function zeroTheRest(page: Page, figures: Record<string, string>) {
  for (const label of Object.values(figures)) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.inputValue()) === '') await field.fill('0');
  }
}

/** One CPV visit: its photos (with the selfie and, at the business, the QR code), two numbers (the rest 0) and remarks; then submitted. */
export async function cpvVisit(page: Page, kind: 'business' | 'residence', remarks: string, o: { submit?: boolean } = {}) {
  // Online, the visit form may first fetch the whole application ('Loading the application...').
  await expect(page.getByRole('form', { name: 'CPV info' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Cannot proceed with unapproved deviations/)).toHaveCount(0);
  if (kind === 'business') {
    for (const label of ['Shop Photo', 'Shop Selfie Photo', 'Shop Photo PD2', 'QR Code Upload']) await photo(page, label);
    await page.getByLabel('Monthly Sales').fill('90000');
    await page.getByLabel('Rent', { exact: true }).fill('6000');
    await zeroTheRest(page, CPV_BUSINESS_NUMBERS);
  } else {
    await pick(page, 'Verification type', 'Residence Verification');
    for (const label of ['House Selfie Photo', 'House Photo PD2']) await photo(page, label);
    await page.getByLabel('House Rent').fill('3000');
    await page.getByLabel('Food Expenses').fill('7000');
    await zeroTheRest(page, CPV_HOUSEHOLD_NUMBERS);
  }
  await page.getByLabel('Remarks').fill(remarks);
  if (o.submit !== false) await page.getByRole('button', { name: 'Submit' }).click();
}

/** One staff member's phone: its own browser context at 360×740 with a geolocation, signed in and unlocked. */
/** `bypassCSP`: for a phone the forms audit runs axe-core on (injected inline, which the app's CSP refuses). */
/** `network`: routes set on the phone before its first page (a slow link, say). */
export async function staffPhone(
  browser: Browser,
  baseURL: string,
  mobile: string,
  geo = { latitude: 18.52, longitude: 73.85 },
  o: { bypassCSP?: boolean; network?: (ctx: BrowserContext) => Promise<unknown> } = {},
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    geolocation: { ...geo, accuracy: 12 },
    permissions: ['geolocation'],
    bypassCSP: o.bypassCSP ?? false,
  });
  await o.network?.(ctx);
  const page = await ctx.newPage();
  await signIn(page, mobile);
  await expect(page.getByText(/Hello /)).toBeVisible();
  return { ctx, page };
}

/** The row of an application in /applications, found by its mobile, opened from home as a user comes back to it. */
export async function listRow(page: Page, mobile: string) {
  await page.goto('/#/');
  // Exact: the home's 'needs you' rows hold 'Review deviations' links too.
  await page.getByRole('link', { name: 'View', exact: true }).click();
  await page.getByLabel('Search by name, mobile or id').fill(mobile);
  const r = page.getByRole('listitem').filter({ hasText: mobile });
  await expect(r).toHaveCount(1);
  return r;
}
