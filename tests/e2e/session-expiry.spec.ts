// A sign-in that expires while work waits never locks the officer out of capturing. The queue pauses on the
// 401 and the sync center says so; 'Sign in again' (OTP, then the PIN) lets it go on, and the server gets it once.
import { expect, test } from '@playwright/test';
import { E2E_PORT, keptForOffline, passPin, signIn } from './helpers';
import { serverCopy } from './workflow-steps';

test.use({ baseURL: `http://vikas.localhost:${E2E_PORT}`, viewport: { width: 360, height: 740 } });

test('expired mid-queue: capture goes on, the queue pauses and says so, a re-sign-in sends it exactly once', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signIn(page, '9000000004');
  await expect(page.getByText(/Hello Meena/)).toBeVisible();
  await keptForOffline(page);
  await expect.poll(() => sealedTokens(page)).toBe(1);
  // The server ends this sign-in (as an expiry would); the phone does not know yet.
  const old = await page.evaluate(async () => {
    const token = globalThis.__floToken?.() ?? '';
    await fetch('/api/main/v1/user/logout', { method: 'PUT', headers: { token } });
    return token;
  });

  // Out of coverage, the officer starts an application: kept on the phone.
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Create Application' }).click();
  const mobile = `97${String(Date.now()).slice(-8)}`;
  await page.getByLabel('Borrower mobile number').fill(mobile);
  await page.getByLabel('Borrower name').fill('Expiry Borrower');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('form', { name: 'Borrower details' })).toBeVisible();
  const appId = new URL(page.url().replace('#/', '')).searchParams.get('id')!;

  // Back online: the create meets the 401; the queue pauses, the officer is not thrown out.
  await context.setOffline(false);
  await page.getByRole('link', { name: /^Sync:/ }).click();
  await expect(page.getByText('Paused: sign in again to continue')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Your session has ended. Sign in again to send the work saved on this phone.').first()).toBeVisible();
  await expect(page.getByText(/Hello Meena/)).toBeVisible();
  // REQ-AUTH-12: the dead token is removed, from memory and from the PIN seal; the queue is intact.
  expect(await page.evaluate(() => globalThis.__floToken?.() ?? null)).toBeNull();
  await expect.poll(() => sealedTokens(page)).toBe(0);
  await expect(page.getByTestId('count-queued')).not.toHaveText('0');
  await expect(page.getByTestId('count-attention')).toHaveText('0');
  // A reload opens the seal with the PIN: no token comes back, the officer is still in, the queue still paused.
  await page.reload();
  await passPin(page);
  await page.getByRole('link', { name: /^Sync:/ }).click();
  await expect(page.getByText('Paused: sign in again to continue')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => globalThis.__floToken?.() ?? null)).toBeNull();
  await expect(page.getByTestId('count-attention')).toHaveText('0');

  await page.getByRole('button', { name: 'Sign in again' }).click();
  await signIn(page, '9000000004');
  await expect(page.getByText(/Hello Meena/)).toBeVisible();
  expect(await page.evaluate(() => globalThis.__floToken?.() ?? '')).not.toBe(old);
  await page.getByRole('link', { name: /^Sync:/ }).click();
  await expect(page.getByText('Everything is on the server')).toBeVisible({ timeout: 30_000 });
  const server = await serverCopy(page, appId);
  expect(server).toMatchObject({ id: appId, phone: mobile });
  const list = await page.evaluate(async (m) => {
    const r = await fetch(`/api/main/v1/app/mfi?search_by=${m}`, { headers: { token: globalThis.__floToken?.() ?? '' } });
    return (await r.json()).data.list.length as number;
  }, mobile);
  expect(list).toBe(1);
});

/** How many of this origin's encrypted officer databases still hold a sealed token (the key is stored in clear, the value sealed). */
function sealedTokens(page: import('@playwright/test').Page): Promise<number> {
  return page.evaluate(async () => {
    let found = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('flo-e-')) continue;
      const db = await new Promise<IDBDatabase>((ok, ko) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => ko(r.error);
      });
      if (db.objectStoreNames.contains('meta')) {
        const key = await new Promise((ok) => {
          const r = db.transaction('meta').objectStore('meta').getKey('session.token');
          r.onsuccess = () => ok(r.result);
          r.onerror = () => ok(undefined);
        });
        if (key !== undefined) found += 1;
      }
      db.close();
    }
    return found;
  });
}
