// Gives the signed-in officer `count` applications the real way: each one created through the sandbox API
// (PUT /v1/app/mfi/{id}, as the officer, from the page so the token never leaves it), then synced into the
// officer's Dexie database by the app itself, online: the start-up prefetch keeps the newest 100
// (WORK_LIST_SIZE) and the applications screen caches each page it shows, so the officer pages through the
// list once. Used by bench/list-cold-start.ts.
import type { Page } from '@playwright/test';

const FIRST = ['Sunita', 'Ramesh', 'Lakshmi', 'Imran', 'Kavita', 'Arjun', 'Meena', 'Suresh', 'Farida', 'Gopal'];
const LAST = ['Devi', 'Yadav', 'Iyer', 'Khan', 'Patil', 'Singh', 'Kumari', 'Reddy', 'Begum', 'Nair'];

/** Creates `count` applications for the officer signed in on `page`; returns how many the server accepted. */
export async function createApplications(page: Page, count: number): Promise<number> {
  const apps = Array.from({ length: count }, (_, i) => ({
    phone: `98${String(10_000_000 + i).padStart(8, '0')}`,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    amount_requested: 25_000 + (i % 16) * 5_000,
  }));
  return page.evaluate(async (apps) => {
    const token = globalThis.__floToken?.() ?? '';
    let created = 0;
    for (let i = 0; i < apps.length; i += 10) {
      const batch = apps.slice(i, i + 10).map(async (body) => {
        const id = crypto.randomUUID().replace(/-/g, '');
        const res = await fetch(`/api/main/v1/app/mfi/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', token },
          body: JSON.stringify(body),
        });
        if (res.status === 201) created += 1;
      });
      await Promise.all(batch);
    }
    return created;
  }, apps);
}

/**
 * Applications in the officer's Dexie database (`flo-e-{tenant}-{user}`, encrypted at rest), counted
 * with the raw IndexedDB API: a count touches only the keys, which are stored in clear.
 */
export function dexieApplications(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name!).filter((n) => n.startsWith('flo-e-'));
    if (!names[0]) return 0;
    return new Promise<number>((resolve, reject) => {
      const req = indexedDB.open(names[0]!);
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const c = req.result.transaction('applications', 'readonly').objectStore('applications').count();
        c.onsuccess = () => {
          resolve(c.result);
          req.result.close();
        };
      };
    });
  });
}

/**
 * Online, on the applications screen: the prefetch has the newest 100; Next through every page lets the screen
 * fetch and cache the rest. Resolves when Dexie holds `count` applications (throws after 60 s).
 */
export async function syncAllIntoDexie(page: Page, base: string, count: number): Promise<void> {
  await page.goto(`${base}/#/applications`);
  const pages = Math.ceil(count / 10);
  await page.getByText(`Page 1 of ${pages}`).waitFor();
  for (let p = 2; p <= pages; p += 1) {
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Page ${p} of ${pages}`).waitFor();
    await page.locator('ul[aria-label="Applications"] li').first().waitFor();
  }
  const until = Date.now() + 180_000;
  while ((await dexieApplications(page)) < count) {
    if (Date.now() > until) throw new Error(`Dexie holds ${await dexieApplications(page)} of ${count} applications`);
    await page.waitForTimeout(250);
  }
}
