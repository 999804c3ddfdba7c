// What a phone downloads, read from a production build: the entry script and its modulepreloads (gzip), what each
// login and public page downloads before its first screen is interactive (bench/first-download.ts), and every
// precache entry listed in sw.js. Used by bench/bundle-budget.ts and by the e2e run (the CI byte-budget check).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticFirstDownloads } from './first-download';

export const INITIAL_JS_BUDGET = 120 * 1024; // REQ-QUAL-3: a first visit downloads only what its page needs
export const PRECACHE_BUDGET = 1.5 * 1024 * 1024;

export function measureBundle(dist = 'dist') {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
    (m) => (m[1] ?? m[2])!,
  );
  const initialFiles = initial.map((f) => ({ file: f, gzip_bytes: gzipSync(readFileSync(join(dist, f))).length }));
  const initialJs = initialFiles.reduce((n, f) => n + f.gzip_bytes, 0);
  // The precache manifest is inlined into sw.js as [{"url": …, "revision": …}, …].
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  const urls = [...new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!))];
  const precacheBytes = urls.reduce((n, u) => n + statSync(join(dist, u)).size, 0);
  const pages = staticFirstDownloads(dist);
  return {
    initial_js_gzip_bytes: initialJs,
    initial_js_budget_bytes: INITIAL_JS_BUDGET,
    initial_files: initialFiles,
    precache_entries: urls.length,
    precache_bytes: precacheBytes,
    precache_budget_bytes: PRECACHE_BUDGET,
    first_download_pages: pages,
    within_budget: initialJs <= INITIAL_JS_BUDGET && precacheBytes <= PRECACHE_BUDGET && pages.every((p) => p.within_budget),
  };
}
