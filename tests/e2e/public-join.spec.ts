// Partners, signed out (REQ-PUB-3, REQ-PUB-4): the registration form with its rules and messages, documents uploaded as
// they are picked, a draft that survives a reload, the request id with a copy button, then tracking by mobile and by
// the request id.
import { expect, test } from '@playwright/test';
import { E2E_PORT, fillAndKeep, smallJpeg } from './helpers';

const GUEST_DB = /^flo-u-.*-guest$/;

test.use({ baseURL: `http://sahayog.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 } });

test('a partner registers (draft kept over a reload), gets the request id, then tracks it by mobile and by the request id', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const mobile = `93${String(Date.now()).slice(-8)}`;
  await page.goto('/#/join-us');
  await expect(page.getByRole('heading', { name: 'Partner Registration', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Partner Registration · /);

  // Messages next to the fields; nothing is sent.
  await page.getByLabel('First name').fill('R');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('IFSC').fill('SBIN123');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid first name').first()).toBeVisible();
  await expect(page.getByText('Invalid email').first()).toBeVisible();
  await expect(page.getByText('Invalid IFSC').first()).toBeVisible();

  await page.getByLabel('First name').fill('Rekha');
  await page.getByLabel('Last name').fill('Joshi');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('Email').fill('rekha.joshi@example.com');
  await page.getByLabel('Business name (optional)').fill('Joshi Finserv');
  await page.getByLabel('Pincode').fill('411001');
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await expect(page.getByLabel('State')).toHaveValue('Maharashtra');
  for (const label of ['PAN card', 'Aadhaar front', 'Aadhaar back', 'Cancelled cheque']) {
    await page
      .getByLabel(label, { exact: true })
      .setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(page) });
    await expect(page.getByText(`Uploaded: ${label}.jpg`)).toBeVisible();
  }

  // The tab is reloaded: the form and the uploaded documents are still there.
  // The address is typed last: the draft written after its keystroke, with the documents, is on the disk.
  await fillAndKeep(page, page.getByRole('textbox', { name: 'Address', exact: true }), '12 Tilak Road, Sadashiv Peth', GUEST_DB);
  await page.reload();
  await expect(page.getByText('Restored what you typed earlier.')).toBeVisible();
  await expect(page.getByLabel('Last name')).toHaveValue('Joshi');
  await expect(page.getByText('Uploaded: Cancelled cheque.jpg')).toBeVisible();
  await page.getByLabel('Bank name').fill('State Bank of India');
  await page.getByLabel('Account number').fill('123456789012');
  await page.getByLabel('IFSC').fill('SBIN0001234');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByText('Partner request submitted successfully').first()).toBeVisible();
  const trackerId = (await page.locator('.tracker-id').textContent()) ?? '';
  expect(trackerId).toMatch(/^PTR[0-9A-F]{10}$/);
  await expect(page.getByRole('button', { name: 'Copy request id' })).toBeVisible();

  // Tracking by mobile: the server's message about the latest request; a bad mobile is refused before any call.
  await page.getByRole('link', { name: 'Track your request' }).click();
  await expect(page.getByRole('heading', { name: 'Track partner request' })).toBeVisible();
  // The link tracks by the request id, so the address holds no mobile number.
  expect(page.url()).toContain(trackerId);
  expect(page.url()).not.toContain(mobile);
  await expect(page.getByText(`Your partner request ${trackerId} has been received and is waiting for review`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Track/ })).toBeEnabled();
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByText('Invalid mobile', { exact: true })).toBeVisible();
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Track' }).click();
  // After a look the button waits the tracker's 30 s before the next.
  await expect(page.getByRole('button', { name: /^Track again in \d+s$/ })).toBeDisabled();

  // The request id shown on success tracks too (typed as it comes, any case); a wrong one says why in plain words.
  await page.goto('/#/join-us/track');
  await page.getByLabel('Mobile number or request id').fill('PTR12');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(
    page.getByText('Enter the request id as it was shown, for example PTR1A2B3C4D5E, or your 10-digit mobile number'),
  ).toBeVisible();
  await page.getByLabel('Mobile number or request id').fill(trackerId.toLowerCase());
  await expect(page.getByLabel('Mobile number or request id')).toHaveValue(trackerId);
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByText(`Your partner request ${trackerId} has been received and is waiting for review`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Partner requests' }).getByRole('listitem')).toHaveCount(1);

  // The draft is gone once the request is sent: the registration page is empty again.
  await page.goto('/#/join-us');
  await expect(page.getByLabel('First name')).toHaveValue('');
});
