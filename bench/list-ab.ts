// Two builds of the app side by side on this shared machine: each on a sandbox of its own (its own origin, database
// and 2,000 applications seeded the same way as bench/list-cold-start.ts), then offline cold starts to the list,
// CPU 4×, alternating A and B (ABBA order) so both see the same load. Machine load moves a single build's p50 by
// hundreds of ms within the hour; only pairs run this way compare two builds.
// Usage: VITE_E2E_HOOKS=1 npx vite build --outDir /tmp/dist-b && npx tsx bench/list-ab.ts /tmp/dist-a /tmp/dist-b
//        [--runs 10] [--out bench/results/list-ab.json]
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { chromiumOptions, type Sandbox, startSandbox } from '../scripts/sandbox-process';
import { passPin } from '../tests/e2e/helpers';
import { PIN_PROBE, signInOfficer } from './browser-kit';
import { type Control, coldStart, controlOf, READY_PROBE } from './list-cold-start';
import { createApplications, dexieApplications, syncAllIntoDexie } from './list-seed';
import { argValue, pct } from './stats';

const APPS = Number(process.env.BENCH_LIST_APPS ?? 2000);
const RUNS = Number(argValue('--runs') ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4320);
const stats = (runs: number[]) => ({ runs, p50: pct(runs, 0.5), p95: pct(runs, 0.95) });

type Variant = { label: string; dist: string; sandbox: Sandbox; ctx: BrowserContext; control: Control; page: Page | null; url: string };

async function main() {
  const [distA, distB] = process.argv.slice(2, 4);
  if (!distA || !distB) throw new Error('usage: list-ab.ts <distA> <distB>');
  const browser = await chromium.launch(chromiumOptions);
  const variants: Variant[] = [];
  try {
    for (const [i, [label, dist]] of [
      ['A', distA],
      ['B', distB],
    ].entries()) {
      process.env.DIST_DIR = dist;
      const sandbox = await startSandbox(PORT + i);
      const base = `http://pragati.localhost:${PORT + i}`;
      const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
      await ctx.addInitScript('globalThis.__name = (f) => f');
      await ctx.addInitScript(READY_PROBE);
      await ctx.addInitScript(PIN_PROBE);
      const page = await ctx.newPage();
      await signInOfficer(page, base);
      await createApplications(page, APPS);
      await page.reload();
      await passPin(page);
      await page.getByText(/Last synced/).waitFor();
      await syncAllIntoDexie(page, base, APPS);
      console.log(`[ab] ${label} (${dist}): Dexie holds ${await dexieApplications(page)} applications`);
      const blank = await ctx.newPage();
      await blank.goto('about:blank');
      const control = await controlOf(await ctx.newCDPSession(blank));
      await ctx.setOffline(true);
      variants.push({ label: label!, dist: dist!, sandbox, ctx, control, page, url: `${base}/#/applications` });
    }
    const out = new Map(variants.map((v) => [v.label, { pin: [] as number[], unlock: [] as number[], sum: [] as number[] }]));
    for (let i = 0; i < RUNS; i += 1) {
      for (const v of i % 2 === 0 ? variants : [...variants].reverse()) {
        const r = await coldStart(v.ctx, v.control, v.page, v.url);
        v.page = r.page;
        const o = out.get(v.label)!;
        o.pin.push(r.pinScreen);
        o.unlock.push(r.unlockToList);
        o.sum.push(r.ms);
        console.log(`[ab] run ${i + 1} ${v.label}: PIN screen ${r.pinScreen} + unlock to list ${r.unlockToList} = ${r.ms} ms`);
      }
    }
    const result = {
      date: new Date().toISOString(),
      how: `offline cold starts to the list of ${APPS}, CPU 4×, as bench/list-cold-start.ts; the two builds alternate (ABBA), ${RUNS} each, in one run`,
      load_average_end: loadavg().map((l) => Number(l.toFixed(2))),
      builds: Object.fromEntries(
        variants.map((v) => {
          const o = out.get(v.label)!;
          return [v.label, { dist: v.dist, pin_screen_ms: stats(o.pin), unlock_to_list_ms: stats(o.unlock), sum_ms: stats(o.sum) }];
        }),
      ),
    };
    writeFileSync(argValue('--out') ?? 'bench/results/list-ab.json', `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result.builds, null, 2));
  } finally {
    await browser.close().catch(() => undefined);
    for (const v of variants) v.sandbox.stop();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
