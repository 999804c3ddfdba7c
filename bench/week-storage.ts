// A week offline stored sealed on the phone, and what it costs in storage. In a real Chromium
// (a persistent profile, so IndexedDB and its blobs are on disk as on a phone) against the production build
// (VITE_E2E_HOOKS) and the sandbox: the week of bench/week-capture.ts (20 applications, 400 photos, 100 PDFs), then
// - storage used (navigator.storage.estimate(): usage, quota, usageDetails) before and after the week, against the
//   bytes the week stored: the photos and PDFs as the app keeps them (each files row's clear `size`) and their
//   sealed blobs (the ciphertext IndexedDB holds); target: the week's added usage ≤ 1.1× the stored bytes;
// - usage against the quota, and what that leaves;
// - navigator.storage.persist(): what this browser answered at sign-in (src/app/officer-runtime.tsx asks at every
//   signed-in start) and, refused, that the home says so with work waiting (src/features/home/persist-line.tsx).
// The profile stays in WEEK_PROFILE for bench/memory-photos.ts, with bench/results/week-storage.json naming its apps.
// Usage: VITE_E2E_HOOKS=1 npx vite build && npx tsx bench/week-storage.ts [--out bench/results/week-storage.json]
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumOptions, startSandbox } from '../scripts/sandbox-process';
import { signInOfficer } from './browser-kit';
import { captureWeek, WEEK } from './week-capture';

export const WEEK_PORT = Number(process.env.BENCH_PORT ?? 4310);
export const WEEK_PROFILE = join(tmpdir(), 'flo-bench-week-profile');
const RATIO_TARGET = 1.1;
const log = (s: string) => console.log(`[week-storage] ${s}`);

type Estimate = { usage: number; quota: number; usageDetails?: Record<string, number> };
const estimate = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()) as Estimate);

/** The officer's files rows, raw IndexedDB: only clear fields (size, mime) and the size of each sealed blob. */
function storedFiles(page: Page): Promise<Array<{ size: number; mime: string; sealed: number }>> {
  return page.evaluate(async () => {
    const name = (await indexedDB.databases()).map((d) => d.name!).find((n) => n.startsWith('flo-e-'))!;
    type Raw = { size: number; mime: string; blob?: { data?: Blob } };
    return new Promise((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const all = req.result.transaction('files', 'readonly').objectStore('files').getAll();
        all.onsuccess = () => {
          resolve((all.result as Raw[]).map((r) => ({ size: r.size, mime: r.mime, sealed: r.blob?.data?.size ?? 0 })));
          req.result.close();
        };
      };
    });
  });
}

async function main() {
  rmSync(WEEK_PROFILE, { recursive: true, force: true });
  const sandbox = await startSandbox(WEEK_PORT);
  const base = `http://pragati.localhost:${WEEK_PORT}`;
  const ctx = await chromium.launchPersistentContext(WEEK_PROFILE, {
    ...chromiumOptions,
    viewport: { width: 360, height: 740 },
    geolocation: { latitude: 26.8467, longitude: 80.9462, accuracy: 15 },
    permissions: ['geolocation'],
  });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.addInitScript('globalThis.__name = (f) => f');
    await signInOfficer(page, base);
    const persisted = await page.evaluate(() => navigator.storage.persisted());
    const before = await estimate(page);
    const week = await captureWeek(page, base, (off) => ctx.setOffline(off), log);
    // Let IndexedDB settle its writes before the browser counts them.
    await page.goto(`${base}/#/`);
    await page.getByText(/Hello /).waitFor();
    const files = await storedFiles(page);
    const after = await estimate(page);
    const persistLine = await page.getByText('The phone may delete work saved here that is not sent yet').isVisible();
    await page.screenshot({ path: 'bench/results/week-storage-home-360.png' });

    const plain = files.reduce((s, f) => s + f.size, 0);
    const sealed = files.reduce((s, f) => s + f.sealed, 0);
    const added = after.usage - before.usage;
    const ratio = Math.round((added / plain) * 1000) / 1000;
    const photos = files.filter((f) => f.mime.startsWith('image/')).length;
    const pdfs = files.filter((f) => f.mime === 'application/pdf').length;
    const complete = photos === WEEK.apps * WEEK.photosPerApp && pdfs === WEEK.apps * WEEK.pdfsPerApp;
    const result = {
      date: new Date().toISOString(),
      machine: "headless Chromium 156, persistent profile on disk, 2 CPUs shared with other engineers' builds and tests",
      // Only the ids (bench/memory-photos.ts opens them): the borrowers' mobiles and names stay out of results.
      week: { ...week, apps: week.apps.map((a) => ({ id: a.id })), files_stored: files.length, photos, pdfs, complete },
      bytes: {
        stored_plain: plain,
        stored_sealed: sealed,
        sealing_overhead: sealed - plain,
        what: "plain: each files row's clear size (the resized photo, the PDF as picked); sealed: the AES-GCM blobs IndexedDB holds",
      },
      estimate: {
        before,
        after,
        added_usage: added,
        what: 'navigator.storage.estimate() on the home, before the first capture and after the week',
      },
      usage_vs_stored: { ratio, target: RATIO_TARGET, pass: ratio <= RATIO_TARGET, how: "the week's added usage / the stored plain bytes" },
      usage_vs_quota: {
        percent: Math.round((after.usage / after.quota) * 10000) / 100,
        quota: after.quota,
        weeks_that_fit: Math.floor((after.quota - after.usage) / Math.max(1, added)),
      },
      persist: { persisted_after_sign_in: persisted, refusal_shown_on_home: persistLine, pass: persisted || persistLine },
      pass: complete && ratio <= RATIO_TARGET && (persisted || persistLine),
    };
    const outArg = process.argv.indexOf('--out');
    writeFileSync(outArg > 0 ? process.argv[outArg + 1]! : 'bench/results/week-storage.json', `${JSON.stringify(result, null, 2)}\n`);
    log(
      `${files.length} files (${photos} photos, ${pdfs} PDFs), ${(plain / 1e6).toFixed(1)} MB stored (${(sealed / 1e6).toFixed(1)} MB sealed); usage +${(added / 1e6).toFixed(1)} MB = ${ratio}× the stored bytes; ${result.usage_vs_quota.percent} % of a ${(after.quota / 1e9).toFixed(1)} GB quota; persisted ${persisted}, refusal shown ${persistLine}`,
    );
    if (!result.pass) process.exitCode = 1;
  } finally {
    await ctx.close();
    sandbox.stop();
  }
}

if (process.argv[1]?.endsWith('week-storage.ts')) {
  void main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
