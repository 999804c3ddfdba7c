// The PIN screen of an offline cold start alone, for one or more builds side by side: the first part of a start of
// bench/list-cold-start.ts (the app's page closed, the service worker stopped, a new page at CPU 4× on
// /#/applications, navigation start → the frame after the PIN field is in the DOM, PIN_PROBE), without the 2,000
// applications, the unlock and the online-first series, so a change to the start can be judged in minutes. Each build
// has its own sandbox and signed-in officer; the builds alternate (ABBA), so all see the same machine load. The first
// start of each build is unlocked with the PIN (the PIN screen works), the others only timed.
// Usage: VITE_E2E_HOOKS=1 npx vite build --outDir /tmp/dist-b && npx tsx bench/pin-screen-ab.ts /tmp/dist-a /tmp/dist-b
//        [--runs 12] [--out /tmp/pin-ab.json]
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { chromiumOptions, type Sandbox, startSandbox } from '../scripts/sandbox-process';
import { passPin } from '../tests/e2e/helpers';
import { PIN_PROBE, signInOfficer } from './browser-kit';
import { type Control, controlOf } from './list-cold-start';
import { argValue, pct } from './stats';

const RUNS = Number(argValue('--runs') ?? 12);
const PORT = Number(process.env.BENCH_PORT ?? 4340);

type Build = { dist: string; ctx: BrowserContext; control: Control; page: Page; url: string; pin: number[] };

async function prepare(browser: import('@playwright/test').Browser, dist: string, port: number, boxes: Sandbox[]): Promise<Build> {
  process.env.DIST_DIR = dist;
  boxes.push(await startSandbox(port));
  const base = `http://pragati.localhost:${port}`;
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await ctx.addInitScript('globalThis.__name = (f) => f');
  await ctx.addInitScript(PIN_PROBE);
  const page = await ctx.newPage();
  await signInOfficer(page, base);
  const blank = await ctx.newPage();
  await blank.goto('about:blank');
  const control = await controlOf(await ctx.newCDPSession(blank));
  await ctx.setOffline(true);
  return { dist, ctx, control, page, url: `${base}/#/applications`, pin: [] };
}

/** One offline cold start up to the PIN screen (as coldStart in list-cold-start.ts); the first one also unlocks. */
async function pinScreen(b: Build, unlock: boolean): Promise<number> {
  await b.page.close();
  await b.control.stopWorkers();
  b.page = await b.ctx.newPage();
  const cdp = await b.ctx.newCDPSession(b.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await b.page.goto(b.url, { waitUntil: 'commit' });
  const shown = await b.page.waitForFunction(() => (window as unknown as { __pinShownAt?: number }).__pinShownAt ?? false, null, {
    timeout: 60_000,
  });
  const ms = Math.round((await shown.jsonValue()) as number);
  if (unlock) {
    await passPin(b.page);
    await b.page.locator('input[type="search"]').waitFor();
  }
  return ms;
}

async function main() {
  const dists = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
  if (!dists.length) throw new Error('usage: pin-screen-ab.ts <dist> [<dist> …] [--runs n] [--out file]');
  const browser = await chromium.launch(chromiumOptions);
  const boxes: Sandbox[] = [];
  try {
    const builds: Build[] = [];
    for (const [i, dist] of dists.entries()) builds.push(await prepare(browser, dist, PORT + i, boxes));
    for (let i = 0; i < RUNS; i += 1) {
      for (const b of i % 2 === 0 ? builds : [...builds].reverse()) b.pin.push(await pinScreen(b, i === 0));
      console.log(`[pin-ab] run ${i + 1}: ${builds.map((b) => `${b.dist} ${b.pin.at(-1)} ms`).join(', ')}`);
    }
    const result = {
      date: new Date().toISOString(),
      how: 'offline cold starts to the PIN screen, CPU 4×, as bench/list-cold-start.ts; the builds alternate (ABBA) in one run',
      load_average_end: loadavg().map((l) => Number(l.toFixed(2))),
      builds: builds.map((b) => ({ dist: b.dist, pin_screen_ms: { runs: b.pin, p50: pct(b.pin, 0.5), p95: pct(b.pin, 0.95) } })),
    };
    const out = argValue('--out');
    if (out) writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    for (const b of result.builds)
      console.log(`[pin-ab] ${b.dist}: PIN screen p50 ${b.pin_screen_ms.p50} ms, p95 ${b.pin_screen_ms.p95} ms`);
  } finally {
    await browser.close().catch(() => undefined);
    for (const box of boxes) box.stop();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
