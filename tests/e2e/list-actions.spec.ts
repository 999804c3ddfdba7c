// List actions only where they lead somewhere. A bureau-rejected application and one whose borrower form was
// never submitted offer no visit to the verification role, and no 'Complete Application' to the officer; 'Take offline'
// is on the row itself, and the row says it opens.
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './helpers';
import { borrowerThroughKyc, listRow, startBorrower, staffPhone } from './workflow-steps';

// sahayog: the fewest sign-ins of the e2e run (OTP limit 5 in 10 minutes per mobile and tenant).
const BASE = `http://sahayog.localhost:${E2E_PORT}`;

test('a rejected application and one never submitted offer no visit; the officer gets no Complete Application on the rejected one', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-7);
  const rejected = `95${stamp}1`;
  const unsubmitted = `95${stamp}2`;

  const officer = await staffPhone(browser, BASE, '9000000001');
  const o = officer.page;
  await borrowerThroughKyc(o, rejected, { name: 'Mohan Lal', pan: 'BADCR1234D', voter: 'MLX4455667' });
  await expect(o.getByRole('heading', { name: 'Application Rejected!' })).toBeVisible({ timeout: 20_000 });
  await o.goto('/#/');
  await startBorrower(o, unsubmitted, 'Kamala Devi');

  let r = await listRow(o, rejected);
  await expect(r).toContainText('REJECTED');
  await expect(r.getByRole('link')).toHaveCount(0);

  const verifier = await staffPhone(browser, BASE, '9000000003');
  const v = verifier.page;
  for (const mobile of [rejected, unsubmitted]) {
    r = await listRow(v, mobile);
    await expect(r.getByRole('link')).toHaveCount(0);
    await expect(r).not.toContainText(/Complete (PD1|Business Verification|Residence Verification)/);
    // The row shows it opens, and 'Take offline' without opening it.
    await expect(r.getByRole('button', { expanded: false })).toBeVisible();
    await expect(r.getByRole('button', { name: 'Take offline' })).toBeVisible();
  }
  await expect(await listRow(v, rejected)).toContainText('REJECTED');
  await expect(await listRow(v, unsubmitted)).toContainText('DRAFT');
  await officer.ctx.close();
  await verifier.ctx.close();
});
