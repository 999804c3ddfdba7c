// REQ-QUAL-3 budgets measured in Chromium against the built PWA and a real sandbox:
// - offline cold start to an interactive home (count card and links) with the CPU throttled 4×, ≤ 1.5 s. Every
//   start asks for the officer's PIN first, so it is two parts and their sum: navigation start → the
//   PIN screen interactive, and PIN submitted → the home interactive (PBKDF2 600 000 and the first decrypting reads);
//   the time spent typing the PIN lies between them and is in neither
// - draft persisted to IndexedDB after the last keystroke, ≤ 300 ms: until the transaction that put the (encrypted)
//   draft row completed (bench/browser-kit.ts IDB_PUT_PROBE: the values are ciphertext, only store and key are read)
// - stored photo (resized, with its geotag) median ≤ 250 KB, for camera-sized pictures (the files row's clear size)
// Usage: npx vite build && npx tsx bench/client-budgets.ts [--out bench/results/client.json]
import { writeFileSync } from 'node:fs';
import { type BrowserContext, chromium } from '@playwright/test';
import { passPin } from '../tests/e2e/helpers';
import { chromiumOptions, startSandbox } from '../scripts/sandbox-process';
import { cameraJpeg, IDB_PUT_PROBE, openKycScreen, PIN_PROBE, persistedAfter, signInOfficer, unlockTimed } from './browser-kit';

const PORT = Number(process.env.BENCH_PORT ?? 4193);
const BUDGET = { coldStartMs: 1500, draftMs: 300, photoMedianBytes: 250 * 1024 };
const RUNS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const DRAFT_KEY = 'new|mobile|0';

// Runs in every document before the app: marks the frame after the home's count and its links are in the DOM.
const HOME_PROBE = `(() => {
  const done = () => [...document.querySelectorAll('a')].some((a) => a.textContent.trim() === 'Create Application')
    && /\\d/.test(document.querySelector('.count-card .count')?.textContent ?? '');
  const obs = new MutationObserver(() => {
    if (!done()) return;
    obs.disconnect();
    requestAnimationFrame(() => { window.__homeReadyAt = performance.now(); });
  });
  obs.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/**
 * The unlock's own work, without the app: PBKDF2-SHA-256 over 600 000 iterations (the vault's count) in a page of
 * the origin that is not the app, at the page's normal speed and with the same 4× CPU throttling.
 */
async function pbkdf2Ms(ctx: BrowserContext, base: string) {
  const page = await ctx.newPage();
  await page.goto(`${base}/api/main/health`);
  const cdp = await ctx.newCDPSession(page);
  const time = () =>
    page.evaluate(async () => {
      const material = await crypto.subtle.importKey('raw', new TextEncoder().encode('135790'), 'PBKDF2', false, ['deriveBits']);
      const t = performance.now();
      await crypto.subtle.deriveBits(
        { name: 'PBKDF2', hash: 'SHA-256', salt: crypto.getRandomValues(new Uint8Array(16)), iterations: 600_000 },
        material,
        256,
      );
      return Math.round(performance.now() - t);
    });
  const at1: number[] = [];
  const at4: number[] = [];
  for (let i = 0; i < 3; i += 1) at1.push(await time());
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (let i = 0; i < 3; i += 1) at4.push(await time());
  await page.close();
  return { iterations: 600_000, cpu_1x: { runs: at1, median: median(at1) }, cpu_4x_throttled_page: { runs: at4, median: median(at4) } };
}

async function main() {
  const sandbox = await startSandbox(PORT);
  const browser = await chromium.launch(chromiumOptions);
  const base = `http://pragati.localhost:${PORT}`;
  try {
    const ctx = await browser.newContext({
      viewport: { width: 360, height: 740 },
      geolocation: { latitude: 26.85, longitude: 80.95, accuracy: 10 },
      permissions: ['geolocation'],
    });
    // tsx names inner functions with a __name helper; functions sent to the page need it there too.
    await ctx.addInitScript('globalThis.__name = (f) => f');
    await ctx.addInitScript(PIN_PROBE);
    await ctx.addInitScript(HOME_PROBE);
    await ctx.addInitScript(IDB_PUT_PROBE);
    const page = await ctx.newPage();
    await signInOfficer(page, base);
    await page.getByText(/Last synced/).waitFor();

    // Offline cold start with a 4× slower CPU: navigation start to the PIN field on screen, then the PIN submitted to
    // the home count and links on screen (passPin types the PIN; its typing time is in neither part).
    await ctx.setOffline(true);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const coldStarts: number[] = [];
    const pinScreen: number[] = [];
    const unlockToHome: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      await page.reload({ waitUntil: 'commit' });
      const { pinShownAt, pinSubmittedAt } = await unlockTimed(page);
      const home = await page.waitForFunction(() => (window as unknown as { __homeReadyAt?: number }).__homeReadyAt ?? false, null, {
        timeout: 60_000,
      });
      await page.getByRole('link', { name: 'Create Application' }).waitFor();
      const homeAt = (await home.jsonValue()) as number;
      pinScreen.push(Math.round(pinShownAt));
      unlockToHome.push(Math.round(homeAt - pinSubmittedAt));
      coldStarts.push(Math.round(pinShownAt) + Math.round(homeAt - pinSubmittedAt));
      console.log(
        `[client] offline cold start ${i + 1}: PIN screen ${pinScreen[i]} ms + unlock to home ${unlockToHome[i]} ms = ${coldStarts[i]} ms`,
      );
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // Draft: time from the last keystroke (its input event) until the transaction that put the draft row created
    // after it completed. The row is ciphertext: only its store and key are looked at.
    await page.evaluate(() => {
      document.addEventListener(
        'input',
        () => {
          (window as unknown as { __lastInputAt: number }).__lastInputAt = performance.now();
        },
        true,
      );
    });
    const drafts: number[] = [];
    let lastName = '';
    for (let i = 0; i < RUNS; i += 1) {
      await page.goto(`${base}/#/application/mobile`);
      lastName = `Borrower ${i} Kumari`;
      await page.getByLabel('Borrower name').fill('');
      await page.getByLabel('Borrower name').pressSequentially(lastName, { delay: 20 });
      const typedAt = await page.evaluate(() => (window as unknown as { __lastInputAt: number }).__lastInputAt);
      const savedAt = await persistedAfter(page, 'drafts', DRAFT_KEY, typedAt);
      if (savedAt === null) throw new Error(`draft ${i + 1}: no transaction put the draft after the last keystroke`);
      drafts.push(Math.round(savedAt - typedAt));
    }
    // What those transactions stored is what the officer gets back: a reload (PIN again) restores the last name.
    await page.reload({ waitUntil: 'commit' });
    await passPin(page);
    await page.goto(`${base}/#/application/mobile`);
    await page.getByText('Restored what you typed earlier.').waitFor();
    const restored = await page.getByLabel('Borrower name').inputValue();
    if (restored !== lastName) throw new Error(`the reload restored '${restored}', not the last name typed '${lastName}'`);

    // Photos: camera-sized pictures through the real pipeline; size of what is stored on the phone.
    // The borrower form now follows the mobile step: the photo field is on the KYC screen. Online again, so each
    // photo uploads before it is cleared (left offline, this page, reloaded in the offline context, reported
    // navigator.onLine true: the engine kept retrying and the field hid its Clear button while 'sending').
    await ctx.setOffline(false);
    const pbkdf2 = await pbkdf2Ms(ctx, base);
    await openKycScreen(page, base, '9876500001', 'Borrower Kumari');
    const photoBytes: number[] = [];
    const originals: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const jpeg = await cameraJpeg(page, i + 1);
      originals.push(jpeg.length);
      if (i > 0) await page.getByRole('button', { name: 'Clear Borrower photo' }).click();
      await page
        .getByLabel('Borrower photo', { exact: true })
        .setInputFiles({ name: `IMG_${i}.jpg`, mimeType: 'image/jpeg', buffer: jpeg });
      await page.getByTestId('geotag').waitFor();
      photoBytes.push(
        await page.evaluate(async () => {
          const names = (await indexedDB.databases()).map((d) => d.name!).filter((n) => n.startsWith('flo-e-'));
          // The files row's size is stored in clear (its blob, name and geotag are ciphertext).
          return new Promise<number>((resolve) => {
            const req = indexedDB.open(names[0]!);
            req.onsuccess = () => {
              const all = req.result.transaction('files', 'readonly').objectStore('files').getAll();
              all.onsuccess = () => {
                const rows = all.result as Array<{ size: number; createdAt: number }>;
                resolve(rows.sort((a, b) => b.createdAt - a.createdAt)[0]?.size ?? -1);
                req.result.close();
              };
            };
          });
        }),
      );
    }

    const cold = median(coldStarts);
    const result = {
      date: new Date().toISOString(),
      machine:
        "headless Chromium, 2 CPUs shared with other sessions; cold start with Emulation.setCPUThrottlingRate 4 (the page's main thread; WebCrypto runs on the browser's own threads)",
      encrypted_at_rest: true,
      offline_cold_start_ms: {
        runs: coldStarts,
        median: cold,
        budget: BUDGET.coldStartMs,
        what: 'offline reload, CPU 4×: navigation start → PIN field on screen, plus PIN submitted → home count and links on screen; the PIN typing in between is excluded',
        pin_screen: { runs: pinScreen, median: median(pinScreen) },
        unlock_to_home: { runs: unlockToHome, median: median(unlockToHome) },
      },
      pbkdf2_600k_ms: pbkdf2,
      draft_persist_ms: {
        runs: drafts,
        max: Math.max(...drafts),
        budget: BUDGET.draftMs,
        what: "last keystroke's input event → complete event of the first IndexedDB transaction created after it that put the (encrypted) draft row",
        restored_after_reload: restored === lastName,
      },
      stored_photo_bytes: { runs: photoBytes, median: median(photoBytes), originals, budget: BUDGET.photoMedianBytes },
      within_budget: cold <= BUDGET.coldStartMs && Math.max(...drafts) <= BUDGET.draftMs && median(photoBytes) <= BUDGET.photoMedianBytes,
    };
    const outArg = process.argv.indexOf('--out');
    writeFileSync(outArg > 0 ? process.argv[outArg + 1]! : 'bench/results/client.json', `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    if (!result.within_budget) process.exitCode = 1;
  } finally {
    await browser.close();
    sandbox.stop();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
