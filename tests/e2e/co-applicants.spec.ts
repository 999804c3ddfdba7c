// Workflow §4/§5 co-applicants in a real browser: an unsecured loan needs a co-borrower and a guarantor; a guarantor
// the bureau rejects (BADCR1234D) sends the officer back to the application, is hidden from the list and replaced.
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, pick, signIn, smallJpeg } from './helpers';
import { borrowerThroughKyc } from './workflow-steps';

/** A minimal well-formed PDF (the server checks the magic bytes). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test.use({ baseURL: `http://vikas.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 } });

async function coApplicant(page: Page, o: { type: 'Co-borrower' | 'Guarantor'; name: string; phone: string; pan: string; voter?: string }) {
  if (o.type !== 'Guarantor' || !(await page.getByRole('heading', { name: 'Replace Rejected Guarantor' }).isVisible())) await pick(page, 'Type', o.type);
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
  await expect(page.locator('#co-pan-state')).toHaveText(/^Verified/);
  if (o.voter) {
    await page.getByLabel('Voter ID', { exact: true }).fill(o.voter);
    await page.locator('[aria-describedby="co-voter-state"]').click();
    await expect(page.locator('#co-voter-state')).toHaveText(/^Verified/);
  }
  await page.getByLabel('Pincode').fill('411001');
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('22 Laxmi Road, Shaniwar Peth');
  const docs = ['PAN card', 'Aadhaar front', 'Aadhaar back', ...(o.voter ? ['Voter ID card'] : [])];
  for (const label of docs) {
    await page.getByLabel(label, { exact: true }).setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
  }
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('unsecured loan: co-borrower with a deviation, a guarantor rejected by the bureau and replaced, then family, business and bank account', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, '9000000001');
  await expect(page.getByText(/Hello /)).toBeVisible();
  const appId = await borrowerThroughKyc(page, `95${String(Date.now()).slice(-8)}`, { name: 'Ramesh Kumar', pan: 'ABCDE1234F', voter: 'ABC1234567', unsecured: true });
  await expect(page.getByRole('heading', { name: 'Co-applicants' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Both Co-borrower and Guarantor are required to proceed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  // The co-borrower: PAN and voter id names differ from each other, so the officer continues with a deviation.
  await page.getByRole('link', { name: 'Add Co-borrower/Guarantor' }).click();
  await coApplicant(page, { type: 'Co-borrower', name: 'Sunita Devi', phone: '9123400001', pan: 'PQRSX5678K', voter: 'XYZ7654321' });
  await expect(page.getByText('Name mismatch detected. Please review or continue with deviation.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue with Deviation' }).click();
  await expect(page.getByRole('heading', { name: 'Co-applicants' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Co-borrower Sunita Devi' })).toContainText('Status=APPROVED');

  // The guarantor the bureau rejects: back to the application, hidden from the list, offered for replacement.
  await page.getByRole('link', { name: 'Add Co-borrower/Guarantor' }).click();
  await coApplicant(page, { type: 'Guarantor', name: 'Mohan Lal', phone: '9123400002', pan: 'BADCR1234D' });
  await expect(page.getByText(/Guarantor rejected: OVERDUE AMOUNT PRESENT/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('listitem', { name: /Mohan Lal/ })).toHaveCount(0);
  await expect(page.getByText('Both Co-borrower and Guarantor are required to proceed')).toBeVisible();
  await page.getByRole('link', { name: 'Replace Rejected Guarantor' }).click();
  await expect(page.getByRole('heading', { name: 'Replace Rejected Guarantor' })).toBeVisible();
  await expect(page.getByText("You're replacing a rejected guarantor. Please provide new details.")).toBeVisible();
  await coApplicant(page, { type: 'Guarantor', name: 'Vijay Patil', phone: '9123400003', pan: 'VIJAY4321P' });
  // The sandbox names an unknown PAN with a synthetic name: not Vijay Patil, so a deviation again.
  await page.getByRole('button', { name: 'Continue with Deviation' }).click();
  await expect(page.getByRole('heading', { name: 'Co-applicants' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Guarantor Vijay Patil' })).toContainText('Status=APPROVED');
  await expect(page.getByText('Both Co-borrower and Guarantor are required to proceed')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Continue' })).toBeVisible();

  // The server: the rejected guarantor is replaced, the application has both markers.
  const server = await page.evaluate(async (id) => {
    const get = async (p: string) => (await (await fetch(`/api/main${p}`, { headers: { token: localStorage.getItem('flo.token') ?? '' } })).json()).data;
    return { app: await get(`/v1/app/mfi/${id}`), list: (await get(`/v1/app/mfi/${id}/co-applicant`)).list };
  }, appId);
  expect(server.app.stages).toEqual(expect.arrayContaining(['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'GUARANTOR']));
  expect(server.list.map((c: { name: string; status: string }) => `${c.name}:${c.status}`)).toEqual(['Sunita Devi:APPROVED', 'Vijay Patil:APPROVED']);

  // Family: empty at first, one member with the date rule's message on a bad date, then listed.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Family members' })).toBeVisible();
  await expect(page.getByText('No data')).toBeVisible();
  await page.getByRole('link', { name: 'Add Family Members' }).click();
  await page.getByLabel('Full name').fill('Geeta Kumar');
  await page.getByLabel('Mobile number').fill('9123400004');
  await pick(page, 'Gender', 'Female');
  await page.getByLabel('DOB (DD-MM-YYYY)').fill('31022001');
  await page.getByLabel('Guardian name').fill('Ramesh Kumar');
  await pick(page, 'Guardian relationship', 'Father');
  await pick(page, 'Education', 'Graduation');
  await page.getByLabel('Monthly income (₹)').fill('8000');
  await page.getByLabel('PAN', { exact: true }).fill('GEETA1234K');
  await page.getByLabel('Pincode').fill('411001');
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('22 Laxmi Road, Shaniwar Peth');
  for (const label of ['PAN card', 'Aadhaar front', 'Aadhaar back', 'Voter ID card']) {
    await page.getByLabel(label, { exact: true }).setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid date or date of birth is required').first()).toBeVisible();
  await page.getByLabel('DOB (DD-MM-YYYY)').fill('28022001');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Family members' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Geeta Kumar' })).toBeVisible();
  const family = await page.evaluate(async (id) => {
    const r = await fetch(`/api/main/v1/app/mfi/${id}/family-member`, { headers: { token: localStorage.getItem('flo.token') ?? '' } });
    return (await r.json()).data.list as Array<{ name: string; dob: string }>;
  }, appId);
  expect(family.map((m) => `${m.name}:${m.dob}`)).toEqual(['Geeta Kumar:28-02-2001']);

  // Business details: a bank without a code stops the submit; with SBI the statements go up and the step lands.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Business details' })).toBeVisible();
  await page.getByLabel('Business name').fill('Ramesh Kirana Store');
  await pick(page, 'Business type', 'Sole Proprietorship');
  await pick(page, 'Sector of business', 'Trading');
  await pick(page, 'Category of business', 'Kirana Store');
  await page.getByLabel('Years in business').fill('8');
  await page.getByLabel('Pincode').fill('411001');
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Shop 4, Laxmi Road, Shaniwar Peth');
  await pick(page, 'Business address ownership', 'Rented');
  await page.getByLabel('Rent agreement', { exact: true }).setInputFiles({ name: 'rent.pdf', mimeType: 'application/pdf', buffer: PDF });
  await pick(page, 'Business proof type', 'MSME registration certificate');
  await page.getByLabel('Business proof', { exact: true }).setInputFiles({ name: 'msme.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('radio', { name: 'Business' }).check();
  await pick(page, 'Business ownership proof', 'Patta');
  await page.getByLabel('Business ownership proof document', { exact: true }).setInputFiles({ name: 'patta.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('button', { name: 'Add another bank' })).toBeDisabled();
  await pick(page, 'Bank', 'Local Co-operative Bank');
  await page.getByLabel('Bank statements (PDF)').setInputFiles([
    { name: 'jan.pdf', mimeType: 'application/pdf', buffer: PDF }, { name: 'feb.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await expect(page.getByRole('button', { name: 'Add another bank' })).toBeEnabled();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Bank code not found')).toBeVisible();
  await pick(page, 'Bank', 'State Bank of India');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Bank account details' })).toBeVisible({ timeout: 20_000 });

  // Bank account: the fixture account verifies and names its holder; the details land and the router goes to CPV.
  await page.getByLabel('IFSC code').fill('SBIN0001234');
  await page.getByLabel('Account number', { exact: true }).fill('123456789012');
  await page.locator('[aria-describedby="bank-state"]').click();
  await expect(page.getByText('Bank verified successfully')).toBeVisible();
  await expect(page.locator('#bank-state')).toHaveText('Verified: RAMESH KUMAR');
  await expect(page.getByLabel('Account holder name')).toHaveValue('RAMESH KUMAR');
  await page.getByLabel('Confirm account number').fill('123456789012');
  await pick(page, 'Account type', 'Savings');
  await pick(page, 'Bank name', 'State Bank of India');
  await page.getByLabel(/^Bank proof/).setInputFiles({ name: 'cheque.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Bank details submitted successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Cpv info' })).toBeVisible();
  const done = await page.evaluate(async (id) => {
    const r = await fetch(`/api/main/v1/app/mfi/${id}`, { headers: { token: localStorage.getItem('flo.token') ?? '' } });
    return (await r.json()).data;
  }, appId);
  expect(done.stages).toEqual(expect.arrayContaining(['BUSINESS_INFO', 'BANK_ACCOUNT']));
  expect(done.business_info).toMatchObject({ business_name: 'Ramesh Kirana Store', statement_bank_id: 1 });
  expect(done.business_info.bank_statement).toHaveLength(2);
  expect(done.bank_account).toMatchObject({ account_number: '123456789012', account_holder_name: 'RAMESH KUMAR', verified: true });
});
