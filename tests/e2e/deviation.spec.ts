// Deviations and who decides them (REQ-DEV-2, REQ-AUTHZ-1 to REQ-AUTHZ-3), end to end in two stages. The officer
// continues with a name mismatch in the browser (a PENDING deviation the server keeps). Then, on an application seeded
// through the API with the same mismatch: the CPV is held and the verification role's list says so; another officer is
// refused on the application; the review role (9000000002) opens 'Review deviations' from its list and approves it
// with remarks; the officer's screen shows the decision, and the verification role's visit then goes through.
import { type Browser, expect, test } from '@playwright/test';
import { api, apiSignIn, firstStage } from './api-seed';
import { E2E_PORT } from './helpers';
import { cpvVisit, firstStageToCpv, listRow, serverCopy, staffPhone } from './workflow-steps';

const phone = (browser: Browser, base: string, mobile: string) => staffPhone(browser, base, mobile);
const row = listRow;

test('a name mismatch: the officer continues with it and the deviation waits for the review role', async ({ browser }) => {
  test.setTimeout(120_000);
  const mobile = `93${String(Date.now()).slice(-8)}`;
  const officer = await phone(browser, `http://vikas.localhost:${E2E_PORT}`, '9000000001');
  const o = officer.page;
  const appId = await firstStageToCpv(o, mobile, { name: 'Mohan Lal' });
  const deviations = o.getByRole('region', { name: 'Deviations' });
  await expect(deviations).toContainText('Borrower name mismatch');
  await expect(deviations).toContainText('Waiting for the review role');
  // The officer does not decide: no buttons for it.
  await expect(deviations.getByRole('button', { name: 'Approve deviation' })).toHaveCount(0);
  expect((await serverCopy(o, appId)).deviations).toMatchObject([{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING' }]);
  await officer.ctx.close();
});

test('a pending name mismatch: another officer is refused, the review role approves it, then the CPV goes through', async ({ browser }) => {
  test.setTimeout(120_000);
  // The API's tenant (sahayog): the application is seeded from the test runner, the phones open it on its host.
  const base = `http://sahayog.localhost:${E2E_PORT}`;
  const mobile = `93${String(Date.now()).slice(-8)}`;
  const appId = await firstStage(await apiSignIn('9000000001'), mobile, { name: 'Mohan Lal' });
  const officer = await phone(browser, base, '9000000001');
  const o = officer.page;
  expect((await serverCopy(o, appId)).deviations).toMatchObject([{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING' }]);

  // Another officer of the lender is refused on it, whatever it sends.
  const other = await apiSignIn('9000000004');
  const decide = await api('POST', `/v1/app/mfi/${appId}/deviations/decision`, {
    token: other,
    json: { type: 'BORROWER_NAME_MISMATCH_DEVIATION', decision: 'APPROVED', remarks: 'self' },
  });
  const bank = await api('PATCH', `/v1/app/mfi/${appId}/bank-account`, { token: other, json: { account_type: 'CURRENT' } });
  expect([decide.status, bank.status]).toEqual([403, 403]);

  // The verification role sees that the visits wait for the deviation.
  const verifier = await phone(browser, base, '9000000003');
  await expect(await row(verifier.page, mobile)).toContainText('DEVIATION PENDING');

  // The review role decides it from its list.
  const reviewer = await phone(browser, base, '9000000002');
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
  for (const p of [officer, verifier, reviewer]) await p.ctx.close();
});
