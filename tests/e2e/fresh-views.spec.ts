// What phones derive from a fresh copy: a sanctioned loan's row says Sanctioned with the sanctioned amount
// (not the one asked); PD2's visit shows PD1's figures under each field although the reviewer's phone took the
// application offline before PD1. Seeded through the API; 360 px screenshots in test-results/.
import { expect, test } from '@playwright/test';
import { acceptOffer, api, apiSignIn, firstStage, throughPd2, upload } from './api-seed';
import { E2E_PORT } from './helpers';
import { listRow, staffPhone } from './workflow-steps';

const BASE = `http://sahayog.localhost:${E2E_PORT}`;

test('the lists show the sanctioned ₹2,50,000 and say Sanctioned, with no step left', async ({ browser }) => {
  test.setTimeout(115_000);
  const mobile = `93${String(Date.now()).slice(-8)}`;
  const [officer, verifier, reviewer, second] = [
    await apiSignIn('9000000001'),
    await apiSignIn('9000000003'),
    await apiSignIn('9000000002'),
    await apiSignIn('9000000006'),
  ];
  const id = await firstStage(officer, mobile, { loanType: 'UNSECURED_BUSINESS_LOAN', amount: 300_000 });
  await throughPd2(id, verifier, reviewer);
  const accepted = await acceptOffer(second, id, 250_000);
  expect(accepted.status, JSON.stringify(accepted)).toBe(200);

  for (const who of ['9000000003', '9000000001']) {
    const phone = await staffPhone(browser, BASE, who);
    const row = await listRow(phone.page, mobile);
    await expect(row.getByTestId('row-standing')).toHaveText('Sanctioned ₹2,50,000', { timeout: 20_000 });
    await expect(row).not.toContainText('₹3,00,000');
    await expect(row.getByRole('link')).toHaveCount(0);
    await expect(row).toContainText('SANCTIONED');
    await phone.page.screenshot({ path: `test-results/fresh-views-sanctioned-${who}.png` });
    await phone.ctx.close();
  }
});

test("PD2 shows PD1's figures under each field though the phone took the application before PD1", async ({ browser }) => {
  test.setTimeout(115_000);
  const mobile = `94${String(Date.now()).slice(-8)}`;
  const [officer, verifier] = [await apiSignIn('9000000001'), await apiSignIn('9000000003')];
  const id = await firstStage(officer, mobile);

  // The reviewer's phone takes it offline at the branch, before any visit.
  const rv = await staffPhone(browser, BASE, '9000000002');
  const row = await listRow(rv.page, mobile);
  await row.getByRole('button', { name: 'Take offline' }).click();
  await expect(row.getByRole('button', { name: 'Refresh offline copy' })).toBeVisible({ timeout: 30_000 });

  // PD1: 8 % margin on 1,00,000 sales, approved.
  const business = {
    phone: '9876543210',
    verification_type: 'BUSINESS_PLACE_VERIFICATION',
    qr_code_upload: await upload(verifier, id, 'QR_CODE'),
    shop_selfie_photo_file: await upload(verifier, id, 'SHOP_SELFIE'),
    monthly_sales: 100000,
    gross_margin_percentage: 8,
  };
  await api('POST', `/v1/app/mfi/${id}/business-cpv-info`, { token: verifier, json: business, want: 200 });
  const residence = {
    phone: '9876543210',
    verification_type: 'RESIDENCE_VERIFICATION',
    house_selfie_photo_file: await upload(verifier, id, 'HOUSE_SELFIE'),
  };
  await api('POST', `/v1/app/mfi/${id}/residence-cpv-info`, { token: verifier, json: residence, want: 200 });
  await api('POST', `/v1/app/mfi/${id}/pd1-review`, {
    token: verifier,
    json: { decision: 'APPROVE', remarks: 'Both visits verified' },
    want: 200,
  });

  // PD2 opens the business visit straight away: the phone's copy is fetched again, PD1's figures beside the fields.
  const p = rv.page;
  await p.goto(`/#/application/cpv-info?id=${id}&type=BUSINESS_PLACE_VERIFICATION`);
  await expect(p.getByText('PD1: 1,00,000')).toBeVisible({ timeout: 30_000 });
  await expect(p.getByText('PD1: 8', { exact: true })).toBeVisible();
  await expect(p.getByTestId('copy-as-of')).toContainText('As of');
  await p.getByText('PD1: 1,00,000').scrollIntoViewIfNeeded();
  await p.screenshot({ path: 'test-results/fresh-views-pd2-pd1-figures.png' });
  await rv.ctx.close();
});
