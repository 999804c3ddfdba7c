// The JS heap while the officer opens the week's 20 applications' photos one after another, offline,
// in a real Chromium against the production build. The week is the one bench/week-storage.ts stored (its persistent
// profile, reused when present; otherwise captured here the same way, bench/week-capture.ts).
// For each application, on the screens that show its photos:
// - the KYC screen (its five photo fields show their stored photos: src/photos/use-local-photo.ts);
// - the CPV (visit) form's review summary ('Application, visits and documents'): each document row opened in turn,
//   its preview loaded (a photo decoded, a PDF's link shown), then closed (src/review/use-app-documents.ts).
// Measured with the DevTools protocol on the page: Runtime.getHeapUsage (usedSize) after every preview, without
// forcing a collection (the live heap the tab holds: its maximum must stay under 150 MB), and after
// HeapProfiler.collectGarbage at the start (home, unlocked, after one warm-up pass over the first application's
// screens), after each application and at the end (home again); each of those followed by a heap snapshot, split into
// compiled code and data (bench/heap-snapshot.ts). The data at the end must come back within 0.3 MB of the start; the
// whole heap's change is reported with its compiled-code share (V8 compiling the hot functions: no officer's data).
// An init script counts object URLs made and revoked: the ones still live at the end must be no more than at the
// start (decrypted blobs released).
// Usage: VITE_E2E_HOOKS=1 npx vite build && npx tsx bench/memory-photos.ts [--out bench/results/memory-photos.json]
// Opt-in: MEMORY_SNAPSHOT=/dir keeps the snapshots (start, app-N, end .heapsnapshot); MEMORY_JS_FLAGS='--no-opt
// --no-maglev --no-sparkplug' runs V8 without its compiling tiers (how the code share was confirmed).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type CDPSession, chromium, type Page } from '@playwright/test';
import { chromiumOptions, startSandbox } from '../scripts/sandbox-process';
import { passPin } from '../tests/e2e/helpers';
import { signInOfficer } from './browser-kit';
import { type HeapKinds, snapshotKinds } from './heap-snapshot';
import { captureWeek, KYC_FIELDS, type WeekApp } from './week-capture';
import { WEEK_PORT, WEEK_PROFILE } from './week-storage';

const PEAK_TARGET_MB = 150;
/** The data (objects, strings, arrays) back on the home after the 20 must be within this of the start. */
const DATA_RETURN_MB = 0.3;
const MB = 1024 * 1024;
const log = (s: string) => console.log(`[memory] ${s}`);

/** Object URLs made and revoked in the document (all of them, whoever makes them). */
const URL_PROBE = `(() => {
  const live = new Set();
  const w = window;
  w.__urls = { made: 0, revoked: 0, live: () => live.size };
  const make = URL.createObjectURL;
  const revoke = URL.revokeObjectURL;
  URL.createObjectURL = function (o) { const u = make.call(URL, o); live.add(u); w.__urls.made += 1; return u; };
  URL.revokeObjectURL = function (u) { if (live.delete(u)) w.__urls.revoked += 1; return revoke.call(URL, u); };
})();`;
type Urls = { made: number; revoked: number; live: number };
const urls = (page: Page) =>
  page.evaluate(() => {
    const u = (window as unknown as { __urls: { made: number; revoked: number; live: () => number } }).__urls;
    return { made: u.made, revoked: u.revoked, live: u.live() };
  });

const heap = async (cdp: CDPSession) => (await cdp.send('Runtime.getHeapUsage')).usedSize / MB;
async function heapAfterGc(cdp: CDPSession) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return heap(cdp);
}
const round = (n: number) => Math.round(n * 10) / 10;

/** Every <img> under `scope` decoded (a photo the officer can see). */
async function imagesShown(page: Page, selector: string, count: number) {
  await page.waitForFunction(
    ([sel, n]) => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>(sel)];
      return imgs.length >= n && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    [selector, count] as const,
    { timeout: 60_000 },
  );
}

async function openApplication(page: Page, base: string, app: Pick<WeekApp, 'id'>, cdp: CDPSession, samples: number[]) {
  // The KYC screen: its five photo fields show what was taken.
  await page.goto(`${base}/#/application/kyc?id=${app.id}`);
  await page.getByRole('heading', { name: 'Borrowers Info' }).waitFor();
  await imagesShown(page, '.ui-file img.ui-preview__image', KYC_FIELDS.length);
  samples.push(await heap(cdp));
  // The visit form's review summary: every document opened in turn, then closed.
  await page.goto(`${base}/#/application/cpv-info?id=${app.id}`);
  await page.getByRole('button', { name: 'Application, visits and documents' }).click();
  const rows = page.getByRole('region', { name: 'Documents' }).locator('.doc-list > li');
  await rows.first().waitFor();
  const n = await rows.count();
  for (let i = 0; i < n; i += 1) {
    const row = rows.nth(i);
    await row.locator('.doc-row__toggle').click();
    await row.locator('img.evidence__img, a[aria-label^="Open "]').or(row.getByText('No preview available')).first().waitFor();
    if (await row.locator('img.evidence__img').count()) await imagesShown(page, `.doc-list > li:nth-child(${i + 1}) img.evidence__img`, 1);
    samples.push(await heap(cdp));
    await row.locator('.doc-row__toggle').click();
  }
  return n;
}

/**
 * The PIN, then the home. The unlock may first reopen the screen an earlier run ended on
 * (src/app/return-to-last-screen.tsx); the officer then taps Home.
 */
async function toHome(page: Page) {
  const hello = page.getByText(/Hello /);
  const pin = page.getByRole('heading', { name: /Enter your PIN|Set a PIN/ });
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await hello
      .or(pin)
      .or(page.getByRole('link', { name: 'Home' }))
      .first()
      .waitFor({ timeout: 30_000 });
    if (await pin.isVisible()) await passPin(page);
    else if (await hello.isVisible()) return;
    else await page.getByRole('link', { name: 'Home' }).first().click();
    if (
      await hello.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  throw new Error('the home did not open after the PIN');
}

async function main() {
  const stored = existsSync('bench/results/week-storage.json')
    ? (JSON.parse(readFileSync('bench/results/week-storage.json', 'utf8')) as { week?: { apps?: Array<Pick<WeekApp, 'id'>> } })
    : null;
  const reuse = existsSync(WEEK_PROFILE) && (stored?.week?.apps?.length ?? 0) > 0;
  const sandbox = await startSandbox(WEEK_PORT);
  const base = `http://pragati.localhost:${WEEK_PORT}`;
  const ctx = await chromium.launchPersistentContext(WEEK_PROFILE, {
    ...chromiumOptions,
    args: [...chromiumOptions.args, ...(process.env.MEMORY_JS_FLAGS ? [`--js-flags=${process.env.MEMORY_JS_FLAGS}`] : [])],
    viewport: { width: 360, height: 740 },
    geolocation: { latitude: 26.8467, longitude: 80.9462, accuracy: 15 },
    permissions: ['geolocation'],
  });
  try {
    await ctx.addInitScript(URL_PROBE);
    await ctx.addInitScript('globalThis.__name = (f) => f');
    let page = ctx.pages()[0] ?? (await ctx.newPage());
    let apps: Array<Pick<WeekApp, 'id'>>;
    if (reuse) {
      apps = stored!.week!.apps!;
      log(`the week stored by bench/week-storage.ts: ${apps.length} applications`);
    } else {
      await signInOfficer(page, base);
      apps = (await captureWeek(page, base, (off) => ctx.setOffline(off), log)).apps;
    }
    // A new page, offline, as the officer opens the app in the field: the PIN, then the home.
    await ctx.setOffline(true);
    const fresh = await ctx.newPage();
    await page.close();
    page = fresh;
    await page.goto(`${base}/#/`);
    await toHome(page);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    // Warm-up: one application's screens once (not counted), so their code is loaded and compiled before the start
    // level is taken: the officer's first visit to a screen loads its chunk once, which is no leak.
    const warm = await openApplication(page, base, apps[0]!, cdp, []);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByText(/Hello /).waitFor();
    log(`warm-up: application 1's screens once (${warm} documents)`);
    const start = await heapAfterGc(cdp);
    const urlsStart = await urls(page);
    log(`start (home, after GC): ${round(start)} MB, ${urlsStart.live} object URLs live`);
    const kindsStart = await snapshotKinds(cdp, 'start');
    log(`start by kind (heap snapshot): data ${kindsStart.data_mb} MB, compiled code ${kindsStart.code_mb} MB`);

    const samples: number[] = [];
    const perApp: Array<{ app: number; documents: number; heap_after_gc_mb: number; data_mb: number; code_mb: number; live_urls: number }> =
      [];
    for (const [i, app] of apps.entries()) {
      const documents = await openApplication(page, base, app, cdp, samples);
      const after = await heapAfterGc(cdp);
      const u = await urls(page);
      const kinds: HeapKinds = await snapshotKinds(cdp, `app-${i + 1}`);
      perApp.push({
        app: i + 1,
        documents,
        heap_after_gc_mb: round(after),
        data_mb: kinds.data_mb,
        code_mb: kinds.code_mb,
        live_urls: u.live,
      });
      log(
        `application ${i + 1}: ${documents} documents opened and closed; live heap max so far ${round(Math.max(...samples))} MB, after GC ${round(after)} MB (data ${kinds.data_mb}, code ${kinds.code_mb}); ${u.live} object URLs live (${u.made} made)`,
      );
    }
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByText(/Hello /).waitFor();
    const end = await heapAfterGc(cdp);
    const urlsEnd: Urls = await urls(page);
    const kindsEnd = await snapshotKinds(cdp, 'end');
    const peak = Math.max(...samples, ...perApp.map((p) => p.heap_after_gc_mb));
    const dataDelta = Math.round((kindsEnd.data_mb - kindsStart.data_mb) * 100) / 100;
    const result = {
      date: new Date().toISOString(),
      machine: "headless Chromium 156, persistent profile, offline; 2 CPUs shared with other engineers' builds and tests",
      week: {
        applications: apps.length,
        documents_opened: perApp.reduce((s, p) => s + p.documents, 0),
        photos_shown_on_kyc: apps.length * KYC_FIELDS.length,
        reused_profile: reuse,
      },
      heap_mb: {
        start: round(start),
        end: round(end),
        peak_live: round(peak),
        samples: samples.length,
        what: 'Runtime.getHeapUsage usedSize; start and end on the home after HeapProfiler.collectGarbage ×2; peak over every preview without forcing a collection',
        by_kind: {
          start: kindsStart,
          end: kindsEnd,
          what: 'self sizes in a heap snapshot taken right after: code = V8 nodes of type code (bytecode, machine code, feedback, function infos); data = every other V8 node; native = Blink C++ objects (not in usedSize)',
        },
      },
      peak: { mb: round(peak), target_mb: PEAK_TARGET_MB, pass: peak < PEAK_TARGET_MB },
      returns: {
        end_minus_start_mb: round(end - start),
        code_end_minus_start_mb: Math.round((kindsEnd.code_mb - kindsStart.code_mb) * 100) / 100,
        data_end_minus_start_mb: dataDelta,
        allowed_mb: DATA_RETURN_MB,
        tolerance: `the data (every V8 snapshot node but compiled code) within ${DATA_RETURN_MB} MB of the start; the whole heap's change is reported with its compiled-code share`,
        pass: dataDelta <= DATA_RETURN_MB,
      },
      object_urls: {
        start: urlsStart,
        end: urlsEnd,
        pass: urlsEnd.live <= urlsStart.live,
        what: 'URL.createObjectURL / revokeObjectURL counted by an init script; live = made and not revoked',
      },
      per_application: perApp,
      pass: false,
    };
    result.pass = result.peak.pass && result.returns.pass && result.object_urls.pass;
    const outArg = process.argv.indexOf('--out');
    writeFileSync(outArg > 0 ? process.argv[outArg + 1]! : 'bench/results/memory-photos.json', `${JSON.stringify(result, null, 2)}\n`);
    log(
      `start ${round(start)} MB, peak ${round(peak)} MB (target < ${PEAK_TARGET_MB}), end ${round(end)} MB; data ${kindsStart.data_mb} → ${kindsEnd.data_mb} MB (allowed +${DATA_RETURN_MB}), compiled code ${kindsStart.code_mb} → ${kindsEnd.code_mb} MB; object URLs live ${urlsStart.live} → ${urlsEnd.live} (${urlsEnd.made} made)`,
    );
    if (!result.pass) process.exitCode = 1;
  } finally {
    await ctx.close();
    sandbox.stop();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
