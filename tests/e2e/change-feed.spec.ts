// The change feed end to end: the verification phone takes an application offline while a deviation holds its visit;
// the deviation is approved at the branch; one online moment, in which only the change feed may answer (the list and
// the whole-application reads are cut), brings the approval; then, with no network, the visit is recorded, and it
// reaches the server once the phone is back online.
import { expect, test } from '@playwright/test';
import { api, apiSignIn, bankCheck, firstStage, OWN_ACCOUNT } from './api-seed';
import { E2E_PORT, keptForOffline } from './helpers';
import { cpvVisit, listRow, serverCopy, staffPhone } from './workflow-steps';

const BASE = `http://sahayog.localhost:${E2E_PORT}`;
const DEVIATION = 'BANK_NAME_MISMATCH_DEVIATION';

test('a deviation approved at the branch reaches the visit phone in one online pull; the visit is then recorded offline', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const mobile = `96${String(Date.now()).slice(-8)}`;
  const [officer, reviewer, second] = [await apiSignIn('9000000001'), await apiSignIn('9000000002'), await apiSignIn('9000000006')];
  const id = await firstStage(officer, mobile);
  // The review role points the payout at an account the bank says is someone else's: a deviation the second reviewer
  // decides (four eyes), which holds the visit meanwhile.
  const check = await bankCheck(reviewer, id, '501002345678', 'HDFC0000123');
  expect(check.data.account_holder_name).toBeTruthy();
  const swap = {
    ...OWN_ACCOUNT,
    account_number: '501002345678',
    confirm_account_number: '501002345678',
    ifsc_code: 'HDFC0000123',
    bank_name: 'HDFC Bank',
  };
  const patched = await api('PATCH', `/v1/app/mfi/${id}/bank-account`, { token: reviewer, json: swap, want: 200 });
  expect(patched.data.bank_account.deviations).toMatchObject([{ status: 'PENDING', type: DEVIATION }]);

  const verifier = await staffPhone(browser, BASE, '9000000003');
  const v = verifier.page;
  const row = await listRow(v, mobile);
  await expect(row).toContainText('DEVIATION PENDING');
  await row.getByRole('button', { name: 'Take offline' }).click();
  await expect(row.getByRole('button', { name: 'Refresh offline copy' })).toBeVisible({ timeout: 30_000 });
  await keptForOffline(v);
  await verifier.ctx.setOffline(true);

  await api('POST', `/v1/app/mfi/${id}/deviations/decision`, {
    token: second,
    json: { type: DEVIATION, decision: 'APPROVED', remarks: 'Payout account checked at the branch' },
    want: 200,
  });

  // One online moment: only the change feed may answer what changed (no list, no whole-application read).
  const cut = (url: URL) => /\/api\/main\/v1\/app\/mfi(\?|\/[0-9a-f]{32}($|\?|\/))/.test(url.pathname + url.search);
  await verifier.ctx.route(cut, (r) => r.abort());
  const pulled = v.waitForResponse(async (r) => r.url().includes('/v1/sync/changes') && (await r.text()).includes(id), { timeout: 60_000 });
  await verifier.ctx.setOffline(false);
  const answer = await (await pulled).json();
  expect(JSON.stringify(answer.data.changes)).toContain('"status":"APPROVED"');
  await verifier.ctx.setOffline(true);
  await verifier.ctx.unroute(cut);

  // Offline: the visit is no longer held, and is recorded.
  await v.goto(`/#/application/cpv-info?id=${id}`);
  await cpvVisit(v, 'business', 'Shop seen, stock fine');
  await expect(v.getByText(/Cannot proceed with unapproved deviations/)).toHaveCount(0);

  await verifier.ctx.setOffline(false);
  await expect.poll(async () => (await serverCopy(v, id)).stages, { timeout: 60_000 }).toContain('CPV_BUSINESS_PLACE');
  await verifier.ctx.close();
});
