// The first stage's offline promise (REQ-OFF-1 to REQ-OFF-5): the mobile is confirmed at the branch, then the network
// is cut and the officer completes borrower, KYC, co-borrower, family, business and bank account with photos and
// documents; back online the server ends with the same application, every marker, each record once, and every photo
// with the place it was taken.
import { expect, test } from '@playwright/test';
import { E2E_PORT, keptForOffline, pick, signIn } from './helpers';
import {
  addStatements,
  coApplicant,
  fillBankAccount,
  fillBorrowerPerson,
  fillBusiness,
  fillFamilyMember,
  fillKyc,
  fillTheRest,
  otp,
  startBorrower,
} from './workflow-steps';

const FIELD = { latitude: 19.9975, longitude: 73.7898 };
// 9000000004 (role AGENT, an initiating officer): its sign-in OTPs are counted apart from the other specs'.
test.use({
  baseURL: `http://udaan.localhost:${E2E_PORT}`,
  viewport: { width: 360, height: 740 },
  geolocation: { ...FIELD, accuracy: 15 },
  permissions: ['geolocation'],
});

test('offline after the mobile step: every first-stage step queues on the phone and lands exactly once when back online', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signIn(page, '9000000004');
  await expect(page.getByText(/Hello /)).toBeVisible();
  await keptForOffline(page);
  await startBorrower(page, `93${String(Date.now()).slice(-8)}`, 'Ramesh Kumar');
  const appId = new URL(page.url().replace('#/', '')).searchParams.get('id')!;
  await page.locator('[aria-describedby="phone-state"]').click();
  await otp(page, 'Verify mobile number');
  await expect(page.locator('#phone-state')).toHaveText('Verified');

  await context.setOffline(true);
  // Borrower: checks wait in the outbox, the submit goes behind them.
  await page.getByLabel('PAN', { exact: true }).fill('ABCDE1234F');
  await page.locator('[aria-describedby="pan-state"]').click();
  await page.getByLabel('Voter ID', { exact: true }).fill('ABC1234567');
  await page.locator('[aria-describedby="voter-state"]').click();
  await expect(page.locator('#voter-state')).toHaveText(/^Pending/);
  await fillBorrowerPerson(page, { aadhaar: '567856785678', offline: true });
  await fillTheRest(page);
  await page.getByRole('button', { name: 'Submit' }).click();

  // KYC with the photo and documents.
  await expect(page.getByRole('heading', { name: 'Borrowers Info' })).toBeVisible();
  await fillKyc(page);
  await page.getByRole('button', { name: 'Submit' }).click();

  // Co-borrower: the requirement is met by the saved one, whose bureau check runs when it reaches the server.
  await expect(page.getByRole('heading', { name: 'Co-applicants' })).toBeVisible();
  await expect(page.getByText('Add Co-borrower to proceed')).toBeVisible();
  await page.getByRole('link', { name: 'Add Co-borrower/Guarantor' }).click();
  await coApplicant(page, {
    type: 'Co-borrower',
    name: 'Sunita Devi',
    phone: '9123400011',
    pan: 'PQRSX5678K',
    voter: 'XYZ7654321',
    offline: true,
  });
  await expect(page.getByRole('listitem', { name: 'Co-borrower Sunita Devi' })).toContainText('Saved on this phone');
  await page.getByRole('link', { name: 'Continue' }).click();

  // Family, business, bank account.
  await page.getByRole('link', { name: 'Add Family Members' }).click();
  await fillFamilyMember(page, { dob: '28022001', offline: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('listitem', { name: 'Geeta Kumar' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await fillBusiness(page, { offline: true });
  await pick(page, 'Bank', 'State Bank of India');
  await addStatements(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Bank account details' })).toBeVisible();
  await fillBankAccount(page, (p) => expect(p.locator('#bank-state')).toHaveText(/^Pending/), 'RAMESH KUMAR');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Cpv info' })).toBeVisible();
  // Offline the first stage still ends handed over: never on a visit form the officer cannot use.
  await expect(page.getByRole('heading', { name: 'First stage complete' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'CPV info' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Sync: \d+ waiting/ })).toBeVisible();

  // Back online: everything goes, in order, once.
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: 'Sync: all sent' })).toBeVisible({ timeout: 90_000 });
  const server = await page.evaluate(async (id) => {
    const get = async (p: string) =>
      (await (await fetch(`/api/main${p}`, { headers: { token: globalThis.__floToken?.() ?? '' } })).json()).data;
    return {
      app: await get(`/v1/app/mfi/${id}`),
      files: (await get(`/v1/app/mfi/${id}/files`)).files,
      co: (await get(`/v1/app/mfi/${id}/co-applicant`)).list,
      family: (await get(`/v1/app/mfi/${id}/family-member`)).list,
    };
  }, appId);
  expect(server.app.stages).toEqual([
    'BORROWER_INFO',
    'BORROWER_BASIC_INFO',
    'CO_BORROWER',
    'FAMILY_MEMBER',
    'BUSINESS_INFO',
    'BANK_ACCOUNT',
  ]);
  expect(server.co.map((c: { name: string; status: string }) => `${c.name}:${c.status}`)).toEqual(['Sunita Devi:APPROVED']);
  expect(server.family.map((m: { name: string }) => m.name)).toEqual(['Geeta Kumar']);
  expect(server.app.bank_account).toMatchObject({ account_number: '123456789012', verified: true });
  expect(server.app.business_info.bank_statement).toHaveLength(2);
  // 5 KYC + 4 co-borrower + 4 family images, 5 business PDFs (rent, proof, ownership proof, 2 statements), 1 bank proof,
  // and the statement analysis (CAM) the business step queued behind it, run once it landed.
  const files = server.files as Array<{ mime: string; file_type: string; geo_tag: { latitude: number; longitude: number } }>;
  expect(files).toHaveLength(20);
  expect(files.filter((f) => f.file_type === 'CAM_SUMMARY')).toHaveLength(1);
  const images = files.filter((f) => f.mime.startsWith('image/'));
  expect(images).toHaveLength(14);
  // Picked pictures without GPS are tagged 0, 0 (REQ-FILE-5), never with where the phone stood.
  for (const f of images) expect(f.geo_tag).toMatchObject({ latitude: 0, longitude: 0 });
});
