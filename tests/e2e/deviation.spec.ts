// Deviations and who decides them (REQ-DEV-2, REQ-AUTHZ-1 to REQ-AUTHZ-3), end to end on three phones: the officer
// continues with a name mismatch (a PENDING deviation the server keeps); the CPV is held and the verification role's
// list says so; another officer is refused on the application; the review role (9000000002) opens 'Review deviations'
// from its list and approves it with remarks; the officer's CPV screen shows the decision, and the verification role's
// visit then goes through.
import { type Browser, expect, test } from '@playwright/test';
import { E2E_PORT } from './helpers';
import { cpvVisit, firstStageToCpv, listRow, serverCopy, staffPhone } from './workflow-steps';

// vikas: the officers' sign-ins per tenant stay under the OTP limit (5 in 10 minutes) across the whole e2e run.
const BASE = `http://vikas.localhost:${E2E_PORT}`;

const phone = (browser: Browser, mobile: string) => staffPhone(browser, BASE, mobile);
const row = listRow;

test('a name mismatch: requested by the officer, approved only by the review role, then the CPV goes through', async ({ browser }) => {
  test.setTimeout(300_000);
  const mobile = `93${String(Date.now()).slice(-8)}`;

  const officer = await phone(browser, '9000000001');
  const o = officer.page;
  const appId = await firstStageToCpv(o, mobile, { name: 'Mohan Lal' });
  const deviations = o.getByRole('region', { name: 'Deviations' });
  await expect(deviations).toContainText('Borrower name mismatch');
  await expect(deviations).toContainText('Waiting for the review role');
  // The officer does not decide: no buttons for it.
  await expect(deviations.getByRole('button', { name: 'Approve deviation' })).toHaveCount(0);
  expect((await serverCopy(o, appId)).deviations).toMatchObject([{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING' }]);

  // Another officer of the lender is refused on it, whatever it sends.
  const other = await phone(browser, '9000000004');
  const refused = await other.page.evaluate(async (id) => {
    const headers = { token: globalThis.__floToken?.() ?? '', 'content-type': 'application/json' };
    const body = JSON.stringify({ type: 'BORROWER_NAME_MISMATCH_DEVIATION', decision: 'APPROVED', remarks: 'self' });
    const decide = await fetch(`/api/main/v1/app/mfi/${id}/deviations/decision`, { method: 'POST', headers, body });
    const bank = await fetch(`/api/main/v1/app/mfi/${id}/bank-account`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ account_type: 'CURRENT' }),
    });
    return [decide.status, bank.status];
  }, appId);
  expect(refused).toEqual([403, 403]);

  // The verification role sees that the visits wait for the deviation.
  const verifier = await phone(browser, '9000000003');
  await expect(await row(verifier.page, mobile)).toContainText('DEVIATION PENDING');

  // The review role decides it from its list.
  const reviewer = await phone(browser, '9000000002');
  const rv = reviewer.page;
  await (await row(rv, mobile)).getByRole('link', { name: 'Review deviations' }).click();
  const panel = rv.getByRole('region', { name: 'Deviations' });
  await expect(panel).toContainText('Borrower name mismatch');
  await expect(panel).toContainText('RAMESH KUMAR');
  await panel.getByRole('button', { name: 'Approve deviation' }).click();
  await expect(panel.getByText('Please enter remarks')).toBeVisible();
  await panel.getByLabel('Remarks').fill('PAN carries the borrower’s earlier name; checked at the branch');
  await panel.getByRole('button', { name: 'Approve deviation' }).click();
  await expect(panel).toContainText(/Approved on \d\d-\d\d-\d{4}: PAN carries/, { timeout: 20_000 });
  expect((await serverCopy(rv, appId)).deviations).toMatchObject([
    { status: 'APPROVED', decision_remarks: expect.stringContaining('PAN carries') },
  ]);

  // The officer sees the decision; the verification role's visit now goes through.
  await o.goto(`/#/application/deviations?id=${appId}`);
  await expect(o.getByRole('region', { name: 'Deviations' })).toContainText('Approved on', { timeout: 20_000 });
  const v = verifier.page;
  await (await row(v, mobile)).getByRole('link', { name: 'Complete PD1' }).click();
  await cpvVisit(v, 'business', 'Shop seen, stock fine');
  await expect.poll(async () => (await serverCopy(v, appId)).stages, { timeout: 30_000 }).toContain('CPV_BUSINESS_PLACE');
  for (const p of [officer, other, verifier, reviewer]) await p.ctx.close();
});
