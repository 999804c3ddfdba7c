// The borrower step (REQ-HOME-2, REQ-BORR-1 to REQ-BORR-6, REQ-VER-1 to REQ-VER-5) in a real browser: the initiating
// officer finds nothing for a new mobile, starts the application, confirms the mobile and Aadhaar by OTP, checks PAN
// and voter id (fixture identities), fills the rest and submits; the stage router then sends the same mobile to KYC. A
// name mismatch goes on with a deviation.
import { expect, test } from '@playwright/test';
import { E2E_PORT, pick, signIn, smallJpeg } from './helpers';
import { fillBorrowerPerson, fillKyc, fillTheRest, otp, serverCopy, startBorrower, verifyField } from './workflow-steps';

test.use({ baseURL: `http://pragati.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 } });

test('new borrower: lookup, OTP checks, PAN and voter id, submit, and the stage router sends the mobile to KYC', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, '9000000001');
  await expect(page.getByText(/Hello /)).toBeVisible();
  const mobile = `98${String(Date.now()).slice(-8)}`;
  await startBorrower(page, mobile, 'Ramesh');

  await page.locator('[aria-describedby="phone-state"]').click();
  await otp(page, 'Verify mobile number');
  await expect(page.locator('#phone-state')).toHaveText('Verified');

  await page.getByLabel('Aadhaar number').fill('999988887777');
  await page.locator('[aria-describedby="aadhaar-state"]').click();
  await otp(page, 'Verify Aadhaar');
  await expect(page.getByText('Aadhaar verification successful')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('RAMESH KUMAR');
  await expect(page.getByLabel('DOB (DD-MM-YYYY)')).toHaveValue('15-08-1985');
  await expect(page.getByLabel('Pincode')).toHaveValue('411001');
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await expect(page.getByLabel('Aadhaar number')).toHaveValue('XXXX-XXXX-7777');
  // The photo of the Aadhaar answer is the borrower's photo from Aadhaar.
  await expect(page.getByRole('img', { name: 'Borrower as on the Aadhaar card' })).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);

  // A refused PAN shows the server's message; the corrected one verifies and locks.
  await verifyField(page, 'PAN', 'ZZZZZ9999Z', 'pan');
  await expect(page.locator('#pan-state')).toHaveText('PAN verification failed,INVALID PAN!');
  await verifyField(page, 'PAN', 'ABCDE1234F', 'pan');
  await expect(page.locator('#pan-state')).toHaveText('Verified: RAMESH KUMAR');
  await expect(page.getByLabel('PAN', { exact: true })).toHaveAttribute('readonly', '');
  await verifyField(page, 'Voter ID', 'ABC1234567', 'voter');
  await expect(page.locator('#voter-state')).toHaveText('Verified: RAMESH KUMAR');

  await fillTheRest(page);
  // A salaried borrower (REQ-EMP-1 job_type): the employment step is the income step.
  await pick(page, 'Occupation', 'Salaried (employed)');
  // The loan range rule, with the exact message, and the typed value stays.
  await page.getByLabel(/^Loan amount/).fill('50000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Loan amount must be between 75,000 and 1,25,000').first()).toBeVisible();
  await page.getByLabel(/^Loan amount/).fill('100000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Form submitted successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible();
  const appId = new URL(page.url().replace('#/', '')).searchParams.get('id');
  await expect(page.getByRole('link', { name: 'Sync: all sent' })).toBeVisible();

  // The server has the borrower with its marker; finding the mobile again goes straight to KYC.
  const app = await serverCopy(page, appId!);
  expect(app).toMatchObject({
    stages: ['BORROWER_INFO'],
    pan: 'ABCDE1234F',
    voter_id: 'ABC1234567',
    amount_requested: 100000,
    is_phone_verified: true,
    aadhaar_last4: '7777',
    job_type: 'SALARIED',
  });
  expect(JSON.stringify(app)).not.toContain('999988887777');

  await page.goto('/#/');
  await page.getByRole('link', { name: 'Create Application' }).click();
  await page.getByLabel('Borrower mobile number').fill(mobile);
  await expect(page.getByText('Application found with the given mobile number')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible();
  expect(page.url()).toContain(`id=${appId}`);

  // The employment and house-verification form: the rules' messages in order, then three salary slips.
  await page.goto(`/#/application/employment?id=${appId}`);
  await page.getByLabel('Company name').fill('Pune Traders');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid pincode').first()).toBeVisible();
  await page.getByLabel('Company pincode').fill('411001');
  await pick(page, 'Company address type', 'Business');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Missing salary slip 1').first()).toBeVisible();
  for (const n of [1, 2, 3]) {
    await page
      .getByLabel(`Salary slip ${n}`, { exact: true })
      .setInputFiles({ name: `slip${n}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  // Toasts of earlier steps may still be up (they pause while the page has no focus): wait for the step to land.
  // The employment step goes on to the bank account.
  await expect(page.getByRole('heading', { name: 'Bank account details' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Sync: all sent' })).toBeVisible();
  expect((await serverCopy(page, appId!)).employment_info).toMatchObject({
    company_name: 'Pune Traders',
    company_pincode: '411001',
    company_address_type: 'BUSINESS',
  });
});

test('a name mismatch across PAN, voter id and the form goes on with a deviation', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, '9000000001');
  await expect(page.getByText(/Hello /)).toBeVisible();
  const mobile = `97${String(Date.now()).slice(-8)}`;
  await startBorrower(page, mobile, 'Suresh Sharma');
  await page.locator('[aria-describedby="phone-state"]').click();
  await otp(page, 'Verify mobile number');
  await verifyField(page, 'PAN', 'PQRSX5678K', 'pan');
  await expect(page.locator('#pan-state')).toHaveText('Verified: SURESH SHARMA');
  await verifyField(page, 'Voter ID', 'XYZ7654321', 'voter');
  await expect(page.locator('#voter-state')).toHaveText('Verified: SUNITA DEVI');
  await page.getByLabel('Aadhaar number').fill('123412341234');
  await pick(page, 'Gender', 'Male');
  await page.getByLabel('DOB (DD-MM-YYYY)').fill('01011990');
  await page.getByLabel('Pincode').fill('110001');
  await expect(page.getByLabel('City')).toHaveValue('New Delhi');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('14 Janpath Road, Connaught Place');
  await fillTheRest(page);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name mismatch detected. Please ensure all provided documents have matching names.')).toBeVisible();
  await expect(page.getByText('Name mismatch detected. Please review or continue with deviation.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue with Deviation' }).click();
  await expect(page.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible();
  const appId = new URL(page.url().replace('#/', '')).searchParams.get('id');
  await expect(page.getByRole('link', { name: 'Sync: all sent' })).toBeVisible();
  const app = await serverCopy(page, appId!);
  expect(app.deviations).toEqual([
    expect.objectContaining({
      type: 'BORROWER_NAME_MISMATCH_DEVIATION',
      status: 'PENDING',
      info: expect.objectContaining({ is_match: false }),
    }),
  ]);
});

test('KYC online: the bureau rejects BADCR1234D; the officer sees the reasons with the overdue amount, and the mobile leads there again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, '9000000001');
  await expect(page.getByText(/Hello /)).toBeVisible();
  const mobile = `96${String(Date.now()).slice(-8)}`;
  await startBorrower(page, mobile, 'Mohan Lal');
  await page.locator('[aria-describedby="phone-state"]').click();
  await otp(page, 'Verify mobile number');
  await verifyField(page, 'PAN', 'BADCR1234D', 'pan');
  await expect(page.locator('#pan-state')).toHaveText('Verified: MOHAN LAL');
  await verifyField(page, 'Voter ID', 'MLX4455667', 'voter');
  await expect(page.locator('#voter-state')).toHaveText(/^Verified: /);
  await fillBorrowerPerson(page, { aadhaar: '432143214321' });
  await fillTheRest(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  // The voter id's (deterministic, synthetic) name differs from PAN's: continue with the deviation.
  await page.getByRole('button', { name: 'Continue with Deviation' }).click();
  await expect(page.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible();

  // Submitting with nothing filled shows the first rule's message and keeps the page.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText("Guardian's name must be at least 3 characters").first()).toBeVisible();

  await fillKyc(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Application Rejected!').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Application Rejected!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rejection reasons' })).toContainText('OVERDUE AMOUNT PRESENT: ₹15,432.50');

  await page.goto('/#/');
  await page.getByRole('link', { name: 'Create Application' }).click();
  await page.getByLabel('Borrower mobile number').fill(mobile);
  await expect(page.getByRole('heading', { name: 'Application Rejected!' })).toBeVisible();
});
