// Steps of the staff workflow as an officer does them in the browser, shared by the workflow specs.
import { expect, type Page } from '@playwright/test';
import { pick, smallJpeg } from './helpers';

/** The server's record, read from inside the page (the tenant host resolves only in the browser). */
export async function serverCopy(page: Page, appId: string) {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/main/v1/app/mfi/${id}`, { headers: { token: localStorage.getItem('flo.token') ?? '' } });
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
    await page.getByLabel(label, { exact: true }).setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
  }
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
  await page.getByLabel('Aadhaar number').fill('567856785678');
  await pick(page, 'Gender', 'Male');
  await page.getByLabel('DOB (DD-MM-YYYY)').fill('05051980');
  await page.getByLabel('Pincode').fill('411001');
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('22 Laxmi Road, Shaniwar Peth');
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
