// The second stage end to end, three signed-in users on their own phones: the officer (9000000001) does the first
// stage; the verification role (9000000003) takes the application offline at the branch, makes both CPV visits with no
// network, and its photos land when the phone is back online; it then approves PD1; the review role (9000000002) makes
// the PD2 visits, adds references and accepts the loan offer; the final submit. The list shows each user the right
// action.
import { type Browser, expect, test } from '@playwright/test';
import { CONSENT_TEXT_VERSION } from '../../contracts/consent';
import { LOAN_OFFER_MSG } from '../../contracts/loan-offer';
import { auditAtWidths } from './audit-helpers';
import { E2E_PORT, keptForOffline, passPin, pick } from './helpers';
import { cpvVisit, firstStageToCpv, listRow, serverCopy, staffPhone } from './workflow-steps';

const BASE = `http://vikas.localhost:${E2E_PORT}`;
const SHOP = { latitude: 18.5167, longitude: 73.8563 };

// The forms audit walks the PD1 review, the PD2 visit and the loan offer here: they need this journey.
const phone = (browser: Browser, mobile: string) => staffPhone(browser, BASE, mobile, SHOP, { bypassCSP: true });
/** The row of the application in /applications, found by its mobile (from home, so the list refreshes). */
const row = listRow;

test('three users: first stage, offline CPV visits synced later, PD1 review, PD2, references, loan offer accepted, final submit', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const mobile = `94${String(Date.now()).slice(-8)}`;

  // 1. The initiating officer: the first stage, with a co-borrower whose PAN and voter id name the same person.
  const officer = await phone(browser, '9000000001');
  const o = officer.page;
  const appId = await firstStageToCpv(o, mobile);
  // The borrower's consent went with the borrower step: the text version, when, the officer, and where.
  expect((await serverCopy(o, appId)).consent).toMatchObject({
    text_version: CONSENT_TEXT_VERSION,
    purposes: ['AADHAAR_OTP', 'CKYC', 'CREDIT_BUREAU'],
    officer_id: expect.any(Number),
    geo_tag: SHOP,
  });
  await expect(await row(o, mobile)).toContainText('PD1 INCOMPLETE');

  // 2. The verification role at the branch: the application is in its list ('Complete PD1'); it takes it offline.
  const verifier = await phone(browser, '9000000003');
  const v = verifier.page;
  let r = await row(v, mobile);
  await expect(r.getByRole('link', { name: 'Complete PD1' })).toBeVisible();
  await r.getByRole('button', { expanded: false }).click();
  await r.getByRole('button', { name: 'Take offline' }).click();
  await expect(r.getByText(/^On this phone for the visit: data and \d+ documents/)).toBeVisible({ timeout: 20_000 });
  await expect(r).toContainText('on this phone');

  // 3. In the shop and the house with no network: both visits are kept on the phone.
  await keptForOffline(v);
  await verifier.ctx.setOffline(true);
  await v.reload();
  await passPin(v);
  r = await row(v, mobile);
  await r.getByRole('link', { name: 'Complete PD1' }).click();
  // The visit form says whose shop it is, from what was taken offline.
  const whose = v.getByRole('region', { name: 'Whose visit' });
  await expect(whose).toContainText('Business place of Ramesh Kumar');
  await expect(whose).toContainText('Ramesh Kirana Store');
  await expect(whose).toContainText('Shop 4, Laxmi Road, Shaniwar Peth, Pune, Maharashtra, 411001');
  await v.screenshot({ path: 'test-results/screenshots/visit-header-360.png' });
  await cpvVisit(v, 'business', 'Shop stocked, owner present');
  await expect(v.getByRole('heading', { name: 'Success' })).toBeVisible();
  await v.getByRole('link', { name: 'Continue your process' }).click();
  await cpvVisit(v, 'residence', 'House verified with neighbours');
  await expect(v.getByRole('heading', { name: 'Success' })).toBeVisible();
  expect((await serverCopy(o, appId)).stages).not.toContain('CPV_BUSINESS_PLACE');

  // Back at the branch: the photos and both visits land, and the application waits for PD1 review.
  await verifier.ctx.setOffline(false);
  await expect.poll(async () => (await serverCopy(o, appId)).status, { timeout: 60_000 }).toBe('PD1_REVIEW');
  const files = await o.evaluate(async (id) => {
    const r = await fetch(`/api/main/v1/app/mfi/${id}/files`, { headers: { token: globalThis.__floToken?.() ?? '' } });
    return (await r.json()).data.files as Array<{ file_type: string; geo_tag: { latitude: number } | null }>;
  }, appId);
  const visitPhotos = files.filter((f) => /^(SHOP|HOUSE)_/.test(f.file_type));
  expect(visitPhotos.map((f) => f.file_type).sort()).toEqual([
    'HOUSE_PHOTO_PD2',
    'HOUSE_SELFIE_PHOTO',
    'SHOP_PHOTO',
    'SHOP_PHOTO_PD2',
    'SHOP_SELFIE_PHOTO',
  ]);
  for (const f of visitPhotos) expect(f.geo_tag).toMatchObject(SHOP);
  await expect(await row(o, mobile)).toContainText('PD1 REVIEW');

  // 4. PD1 review by the verification role.
  r = await row(v, mobile);
  await r.getByRole('link', { name: 'PD1 Review' }).click();
  // The verification role decides with the application, both visits' figures and their photos in front of it.
  await expect(v.getByLabel('Application', { exact: true })).toContainText('Bureau decisionAPPROVED');
  await expect(v.getByLabel('Application', { exact: true })).toContainText('BusinessRamesh Kirana Store');
  const pd1Shop = v.getByRole('region', { name: 'Business place visit' });
  await expect(pd1Shop.getByRole('row', { name: /Monthly Sales/ })).toHaveText('Monthly Sales90,000');
  await expect(pd1Shop).toContainText('PD1 remarks: Shop stocked, owner present');
  const shopPhoto = pd1Shop.getByRole('figure', { name: 'Shop Photo', exact: true });
  await expect(shopPhoto).toContainText(/18\.51670, 73\.85630 · ±12 m · \d\d-\d\d-\d{4}/);
  await expect.poll(() => shopPhoto.getByRole('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await expect(v.getByRole('region', { name: 'Residence visit' }).getByRole('row', { name: /Food Expenses/ })).toHaveText(
    'Food Expenses7,000',
  );
  await v.screenshot({ path: 'test-results/screenshots/pd1-review-360.png', fullPage: true });
  // Forms audit: sending back with no remarks says so in the banner and focuses the remarks, at every width.
  await auditAtWidths(
    v,
    'pd1-review',
    async () => {
      await expect(v.getByRole('heading', { name: 'PD1 review' })).toBeVisible();
    },
    { submit: 'Send back with remarks', long: false },
  );
  await v.getByLabel('Remarks').fill('Business and residence verified');
  await v.getByRole('button', { name: 'Approve PD1' }).click();
  await expect(v.getByRole('heading', { name: 'Applications' })).toBeVisible({ timeout: 20_000 });
  expect(await serverCopy(o, appId)).toMatchObject({
    status: 'CREDIT_APPROVED',
    is_pd1_complete: true,
    remarks: 'Business and residence verified',
  });
  // The verification role sees the review remarks on its list, and its recorded visit read-only until it edits it.
  r = await row(v, mobile);
  await expect(r.getByRole('region', { name: 'Pd1 Review Remarks' })).toContainText('Business and residence verified');
  await v.goto(`/#/application/cpv-info?id=${appId}`);
  await expect(v.getByText('This visit is recorded. Edit it to change what was recorded.')).toBeVisible();
  await expect(v.getByRole('region', { name: 'CPV info (recorded)' })).toContainText('Monthly Sales90000');
  await v.getByRole('button', { name: 'Edit' }).click();
  await expect(v.getByLabel('Monthly Sales')).toHaveValue('90000');
  await expect(v.getByLabel('Remarks')).toHaveValue('Shop stocked, owner present');

  // 5. PD2 by the review role: both visits with its selfies, then references, the offer, the final submit.
  const reviewer = await phone(browser, '9000000002');
  const p = reviewer.page;
  r = await row(p, mobile);
  await r.getByRole('link', { name: 'Complete PD2' }).click();
  // PD2 reads PD1's figures before typing its own: the form is on the application as the server has it.
  await expect(p.getByText('PD1: 90,000')).toBeVisible({ timeout: 20_000 });
  // The PD2 figures make the household's income (docs/regulatory.md): 90,000 × 8 % − rent 6,000 = 1,200 from the shop.
  await cpvVisit(p, 'business', 'PD2: sales confirmed from the register', { submit: false });
  await p.getByLabel('Gross Margin Percentage').fill('8');
  // PD2 types its figures beside PD1's.
  await expect(p.getByText('PD1: 90,000')).toBeVisible();
  // PD2 shows the household test with the figures as typed: shop 1,200 + spouse co-borrower 15,000 + daughter 8,000.
  const pd2Household = p.getByLabel('Household (with these figures)');
  await expect(pd2Household).toContainText('Household income₹2,90,400.00 a year');
  await expect(pd2Household).toContainText("Left for this loan's EMI₹8,400.00 a month");
  // Forms audit: the PD2 visit with its remarks and PD1's figures beside, at every width (filled: the journey goes on).
  await auditAtWidths(
    p,
    'pd2-business',
    async () => {
      await expect(p.getByRole('form', { name: 'CPV info' })).toBeVisible();
    },
    { submit: '', long: false },
  );
  await p.getByRole('button', { name: 'Submit' }).click();
  await expect(p.getByRole('heading', { name: 'Success' })).toBeVisible({ timeout: 20_000 });
  await p.getByRole('link', { name: 'Continue your process' }).click();
  await cpvVisit(p, 'residence', 'PD2: family met at home', { submit: false });
  // The summary under the visit header: PD1's business figures beside PD2's (PD1 left the margin blank: 0), PD1's shop photo from the server (this
  // phone never held it: a presigned URL) and PD2's own selfie.
  await p.getByRole('button', { name: 'Application, visits and documents' }).click();
  const pd2Shop = p.getByRole('region', { name: 'Business place visit' });
  await expect(pd2Shop.getByRole('row', { name: /Gross Margin Percentage/ })).toHaveText('Gross Margin Percentage08');
  await expect(pd2Shop.getByRole('row', { name: /Monthly Sales/ })).toHaveText('Monthly Sales90,00090,000');
  await expect(pd2Shop).toContainText('PD2 remarks: PD2: sales confirmed from the register');
  for (const name of ['Shop Photo', 'PD2 · Shop Selfie Photo']) {
    const img = pd2Shop.getByRole('figure', { name, exact: true }).getByRole('img');
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  }
  await pd2Shop.getByRole('table').scrollIntoViewIfNeeded();
  await p.screenshot({ path: 'test-results/screenshots/pd2-360.png' });
  await p.getByRole('button', { name: 'Submit' }).click();
  await expect(p.getByRole('heading', { name: 'References' })).toBeVisible({ timeout: 20_000 });
  expect(await serverCopy(o, appId)).toMatchObject({ status: 'PD2_COMPLETE', is_pd2_complete: true });

  await pick(p, 'Reference type', 'Personal');
  await p.getByLabel('Name', { exact: true }).fill('Vijay Patil');
  await p.getByLabel('Mobile number').fill('9123400021');
  await p.getByLabel('Address').fill('14 Laxmi Road, Shaniwar Peth, Pune');
  await p.getByRole('button', { name: 'Submit' }).click();
  await expect(p.getByRole('heading', { name: 'Success' })).toBeVisible({ timeout: 20_000 });
  // Back to the references: now a list; a business reference is added on its own page (reference-details).
  await p.goto(`/#/application/references?id=${appId}`);
  await expect(p.getByRole('listitem', { name: 'Vijay Patil' })).toBeVisible();
  await p.getByRole('link', { name: 'Add another reference' }).click();
  await expect(p.getByRole('heading', { name: 'Add a reference' })).toBeVisible();
  await pick(p, 'Reference type', 'Business');
  await p.getByLabel('Name', { exact: true }).fill('Kiran Shah');
  await p.getByLabel('Mobile number').fill('9123400022');
  await p.getByLabel('Address').fill('Shop 9, Laxmi Road, Pune');
  await p.getByLabel('Company name').fill('Shah Wholesale');
  await p.getByRole('button', { name: 'Submit' }).click();
  await expect(p.getByRole('heading', { name: 'References' })).toBeVisible({ timeout: 20_000 });
  await expect(p.getByRole('listitem', { name: 'Kiran Shah' })).toContainText('Business · Shah Wholesale');
  // The verification role sees the offer read-only (the server refuses its update and accept).
  await v.goto(`/#/application/loan-offer?id=${appId}`);
  await expect(v.getByRole('heading', { name: 'Loan offer' })).toBeVisible();
  await expect(v.getByLabel('Loan amount (₹)')).toHaveAttribute('readonly', '', { timeout: 20_000 });
  await expect(v.getByRole('button', { name: 'Accept Offer' })).toHaveCount(0);
  await expect(v.getByRole('button', { name: 'Update Loan Offer' })).toHaveCount(0);
  await p.getByRole('link', { name: 'Continue' }).click();
  await expect(p.getByRole('heading', { name: 'Success' })).toBeVisible();
  await p.getByRole('link', { name: 'Continue your process' }).click();
  await expect(p.getByRole('heading', { name: 'Loan offer' })).toBeVisible();
  // The household test (RBI microfinance directions): shop 1,200 + spouse co-borrower 15,000 + daughter 8,000 a month;
  // the bureau's EMIs of Ramesh (2,500) and Sunita (1,200).
  const household = p.getByLabel('Household', { exact: true });
  await expect(household).toContainText('Household income₹2,90,400.00 a year');
  await expect(household).toContainText('EMIs of existing loans₹3,700.00 a month');
  // Forms audit: a disbursement date years ago is refused beside the field, and Accept says why it is not offered.
  const dateField = p.getByLabel('Disbursement date (DD-MM-YYYY)');
  const date = await dateField.inputValue();
  await auditAtWidths(
    p,
    'loan-offer',
    async () => {
      await dateField.fill('01012020');
      await expect(p.getByText(LOAN_OFFER_MSG.pastDisbursementDate).first()).toBeVisible();
      await expect(p.getByRole('button', { name: 'Accept Offer' })).toBeDisabled();
      await expect(p.getByRole('button', { name: 'Accept Offer' })).toHaveAccessibleDescription(LOAN_OFFER_MSG.pastDisbursementDate);
    },
    { submit: '', long: false },
  );
  // The EMI start date is the server's calculation (REQ-OFFER-1) while online.
  const emiStart = p.waitForRequest((r) => r.url().includes('/v1/bureau/get-emi-start-date-from-disbursement-date'));
  await dateField.fill(date.replace(/-/g, ''));
  await expect(dateField).toHaveValue(date);
  expect((await emiStart).postDataJSON()).toEqual({ disbursement_date_str: date });
  // Accepting shows the Key Facts Statement first, built on the phone (here in a house with no network); only the
  // borrower's acceptance of it sends the accept, which waits on the phone until the network is back.
  await keptForOffline(p);
  await reviewer.ctx.setOffline(true);
  await p.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(p.getByRole('heading', { name: 'Key Facts Statement' })).toBeVisible();
  await expect(p.getByRole('table', { name: 'Repayment schedule (₹)' }).getByRole('row')).toHaveCount(19);
  await expect(p.getByTestId('kfs-apr')).toHaveText(/^\d+\.\d{2} %$/);
  const kfsNumber = await p.getByTestId('kfs-number').textContent();
  expect(kfsNumber).toBe(`KFS-${appId.slice(0, 12).toUpperCase()}`);
  expect((await serverCopy(o, appId)).loan_offer.is_accepted).toBe(false);
  await p.getByRole('button', { name: 'The borrower accepts this KFS' }).click();
  await expect(p.getByRole('heading', { name: 'Final submit' })).toBeVisible({ timeout: 20_000 });
  await expect(p.getByText('The loan offer is accepted and the application is complete.')).toBeVisible();
  expect((await serverCopy(o, appId)).sanctioned).toBeUndefined();
  await reviewer.ctx.setOffline(false);
  await expect.poll(async () => (await serverCopy(o, appId)).sanctioned, { timeout: 60_000 }).toBe(true);

  const done = await serverCopy(o, appId);
  expect(done).toMatchObject({ status: 'PD2_COMPLETE', sanctioned: true });
  // The server has which KFS was accepted, when and where, and it is the statement it serves for the offer.
  expect(done.loan_offer.kfs_acceptance).toMatchObject({
    proposal_number: kfsNumber,
    version: expect.any(String),
    geo_tag: SHOP,
    accepted_at: expect.any(String),
  });
  const served = await o.evaluate(async (id) => {
    const r = await fetch(`/api/main/v1/app/mfi/${id}/kfs`, { headers: { token: globalThis.__floToken?.() ?? '' } });
    return (await r.json()).data as { hash: string; acceptance: { proposal_number: string; hash: string } };
  }, appId);
  expect(served.acceptance).toMatchObject({ proposal_number: kfsNumber, hash: served.hash });
  expect(done.reference.map((x: { name: string; company_name?: string }) => `${x.name}:${x.company_name ?? ''}`)).toEqual([
    'Vijay Patil:',
    'Kiran Shah:Shah Wholesale',
  ]);
  expect(done.stages).toEqual(expect.arrayContaining(['BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES']));
  // A sanctioned loan no longer changes. Another officer of the lender, having checked a new account himself,
  // cannot put it on this loan; the review role neither.
  const other = await phone(browser, '9000000004');
  const refused = await other.page.evaluate(async (id) => {
    const headers = { token: globalThis.__floToken?.() ?? '', 'content-type': 'application/json' };
    const check = await fetch('/api/verification/v1/perfios/kyc/verify-bank-acc-v3', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        account_number: '501002345678',
        ifsc: 'HDFC0000123',
        phone: '9876543210',
        reference: 'r',
        application_id: id,
      }),
    });
    const swap = {
      account_number: '501002345678',
      confirm_account_number: '501002345678',
      ifsc_code: 'HDFC0000123',
      bank_name: 'HDFC Bank',
    };
    const patch = await fetch(`/api/main/v1/app/mfi/${id}/bank-account`, { method: 'PATCH', headers, body: JSON.stringify(swap) });
    return [check.status, patch.status];
  }, appId);
  expect(refused).toEqual([403, 403]);
  const byReviewer = await p.evaluate(async (id) => {
    const headers = { token: globalThis.__floToken?.() ?? '', 'content-type': 'application/json' };
    const r = await fetch(`/api/main/v1/app/mfi/${id}/bank-account`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ account_type: 'CURRENT' }),
    });
    return { status: r.status, message: (await r.json()).message as string };
  }, appId);
  expect(byReviewer).toEqual({ status: 409, message: 'The loan is sanctioned: it can no longer change' });
  expect((await serverCopy(o, appId)).bank_account).toMatchObject({ account_number: '123456789012' });
  await other.ctx.close();
  // Sanctioned: nobody is offered an action any more; the list says so, with the sanctioned amount.
  await expect(await row(p, mobile)).toContainText('Sanctioned ₹1,00,000');
  await expect(await row(o, mobile)).toContainText('Sanctioned ₹1,00,000');
  for (const c of [officer, verifier, reviewer]) await c.ctx.close();
});
