// DESIGN §6 budgets for what a phone downloads: initial JS (entry + modulepreloads) ≤ 150 KB gzip,
// whole service-worker precache ≤ 1.5 MB. Reads the production build in dist/ (run `npx vite build` first).
// Usage: npx tsx bench/bundle-budget.ts [--out bench/results/bundle.json]
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const INITIAL_JS_BUDGET = 150 * 1024;
const PRECACHE_BUDGET = 1.5 * 1024 * 1024;

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => (m[1] ?? m[2])!);
const gz = (path: string) => gzipSync(readFileSync(join(DIST, path))).length;
const initialFiles = initial.map((f) => ({ file: f, gzip_bytes: gz(f) }));
const initialJs = initialFiles.reduce((n, f) => n + f.gzip_bytes, 0);

// The precache manifest is inlined into sw.js as [{url, revision}, ...].
const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
const urls = [...new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!))];
const precacheBytes = urls.reduce((n, u) => n + statSync(join(DIST, u)).size, 0);

const result = {
  date: new Date().toISOString(),
  initial_js_gzip_bytes: initialJs,
  initial_js_budget_bytes: INITIAL_JS_BUDGET,
  initial_files: initialFiles,
  precache_entries: urls.length,
  precache_bytes: precacheBytes,
  precache_budget_bytes: PRECACHE_BUDGET,
  within_budget: initialJs <= INITIAL_JS_BUDGET && precacheBytes <= PRECACHE_BUDGET,
};
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1]! : 'bench/results/bundle.json';
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`initial JS ${(initialJs / 1024).toFixed(1)} KB gzip (budget 150), precache ${(precacheBytes / 1024).toFixed(0)} KB in ${urls.length} entries (budget 1536)`);
if (!result.within_budget) process.exit(1);
