// REQ-QUAL-3 budgets for what a phone downloads: initial JS (entry + modulepreloads) ≤ 120 KB gzip, what the login and
// each public page download before their first screen is interactive ≤ 120 KB gzip, whole service-worker precache
// ≤ 1.5 MB. Reads the production build in dist/ (run `npx vite build` first).
// Usage: npx tsx bench/bundle-budget.ts [--out bench/results/bundle.json]
import { writeFileSync } from 'node:fs';
import { measureBundle } from './bundle-measure';

const result = { date: new Date().toISOString(), ...measureBundle('dist') };
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1]! : 'bench/results/bundle.json';
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `initial JS ${(result.initial_js_gzip_bytes / 1024).toFixed(1)} KB gzip (budget 120), precache ${(result.precache_bytes / 1024).toFixed(0)} KB in ${result.precache_entries} entries (budget 1536)`,
);
for (const p of result.first_download_pages) {
  console.log(
    `  first download, ${p.page}: ${(p.gzip_bytes / 1024).toFixed(1)} KB gzip (${p.budget_bytes ? `budget ${p.budget_bytes / 1024}` : 'no budget'}) ${p.within_budget ? '' : 'OVER'}`,
  );
}
if (!result.within_budget) process.exit(1);
