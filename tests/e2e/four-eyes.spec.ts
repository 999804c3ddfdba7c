// Maker-checker end to end: the review role (9000000002) re-points a PD2-complete loan's payout at another person's
// account, which raises a bank name deviation under its name. Its phone does not offer it the decision and says why;
// the server refuses its direct call (403). The second reviewer (9000000006) sees both names and approves it, and the
// loan is sanctioned. The steps before are seeded through the API (tests/e2e/api-seed.ts).
import { expect, test } from '@playwright/test';
import { FOUR_EYES_MSG } from '../../contracts/four-eyes';
import { acceptOffer, api, apiSignIn, bankCheck, firstStage, OWN_ACCOUNT, throughPd2 } from './api-seed';
import { E2E_PORT } from './helpers';
import { staffPhone } from './workflow-steps';

const BASE = `http://localhost:${E2E_PORT}`;

test('a deviation the review role raised is decided by the second reviewer, never by itself; the loan is then sanctioned', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const mobile = `95${String(Date.now()).slice(-8)}`;
  const [officer, verifier, reviewer, second] = [
    await apiSignIn('9000000001'),
    await apiSignIn('9000000003'),
    await apiSignIn('9000000002'),
    await apiSignIn('9000000006'),
  ];
  const id = await firstStage(officer, mobile);
  await throughPd2(id, verifier, reviewer);

  // The review role points the payout at an account the bank says is someone else's (a fresh check first).
  const check = await bankCheck(reviewer, id, '501002345678', 'HDFC0000123');
  const stranger = check.data.account_holder_name as string;
  const swap = {
    ...OWN_ACCOUNT,
    account_number: '501002345678',
    confirm_account_number: '501002345678',
    ifsc_code: 'HDFC0000123',
    bank_name: 'HDFC Bank',
  };
  const patched = await api('PATCH', `/v1/app/mfi/${id}/bank-account`, { token: reviewer, json: swap, want: 200 });
  expect(patched.data.bank_account).toMatchObject({
    account_holder_name: stranger,
    deviations: [{ status: 'PENDING', type: 'BANK_NAME_MISMATCH_DEVIATION' }],
  });

  // Its phone shows the deviation, with the bank's and the typed names, but no decision: it raised it.
  const rv = await staffPhone(browser, BASE, '9000000002');
  await rv.page.goto(`/#/application/deviations?id=${id}`);
  const panel = rv.page.getByRole('region', { name: 'Deviations' });
  await expect(panel).toContainText('Bank account holder name mismatch', { timeout: 20_000 });
  await expect(panel).toContainText(`${stranger} (bank's answer)`);
  await expect(panel).toContainText('Ramesh Kumar (typed)');
  await expect(panel).toContainText(FOUR_EYES_MSG.raisedIt);
  await expect(panel.getByRole('button', { name: 'Approve deviation' })).toHaveCount(0);
  // The server refuses it all the same.
  const self = await api('POST', `/v1/app/mfi/${id}/deviations/decision`, {
    token: reviewer,
    json: { type: 'BANK_NAME_MISMATCH_DEVIATION', decision: 'APPROVED', remarks: 'my own' },
  });
  expect([self.status, self.message]).toEqual([403, FOUR_EYES_MSG.raisedIt]);

  // The second reviewer decides it on its phone.
  const sv = await staffPhone(browser, BASE, '9000000006');
  await sv.page.goto(`/#/application/deviations?id=${id}`);
  const theirs = sv.page.getByRole('region', { name: 'Deviations' });
  await expect(theirs).toContainText('Bank account holder name mismatch', { timeout: 20_000 });
  await expect(theirs).not.toContainText(FOUR_EYES_MSG.raisedIt);
  await theirs.getByLabel('Remarks').fill('Account of the borrower’s shop partner; confirmed with the borrower at the branch');
  await theirs.getByRole('button', { name: 'Approve deviation' }).click();
  await expect(theirs).toContainText(/Approved on \d\d-\d\d-\d{4}: Account of/, { timeout: 20_000 });

  const decided = (await api('GET', `/v1/app/mfi/${id}`, { token: officer, want: 200 })).data;
  const me = async (token: string) => (await api('GET', '/v1/user/me', { token, want: 200 })).data.id;
  expect(decided.bank_account.deviations[0]).toMatchObject({
    status: 'APPROVED',
    raised_by: { user_id: await me(reviewer) },
    decided_by: await me(second),
  });

  // The second reviewer accepts the offer: sanctioned.
  const accepted = await acceptOffer(second, id);
  expect(accepted.status, JSON.stringify(accepted)).toBe(200);
  expect((await api('GET', `/v1/app/mfi/${id}`, { token: officer, want: 200 })).data).toMatchObject({
    sanctioned: true,
    status: 'PD2_COMPLETE',
  });
  for (const p of [rv, sv]) await p.ctx.close();
});
