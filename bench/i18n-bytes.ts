// What each language adds to what a phone downloads: the gzip of its compiled catalogue chunk (all its areas) and of
// the Lingui runtime that loads with it (English needs neither), beside each page's first download in English, which
// must stay ≤ 120 KB. Reads the production build in dist/ (run `npx vite build` first).
// Usage: npx tsx bench/i18n-bytes.ts [--out bench/results/i18n-bytes.json]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_DOWNLOAD_BUDGET, gzipOf, readManifest, staticFirstDownloads } from './first-download';

const DIST = 'dist';
const manifest = readManifest(DIST);
const chunkOf = (prefix: string) => {
  const entry = Object.entries(manifest).find(([k]) => k.startsWith(prefix));
  if (!entry) throw new Error(`${prefix} is not in the Vite manifest`);
  return entry[1].file;
};
const lingui = readdirSync(join(DIST, 'assets')).find(
  (f) => f.endsWith('.js') && readFileSync(join(DIST, 'assets', f), 'utf8').includes('Uncompiled message'),
);
if (!lingui) throw new Error('no Lingui chunk in dist/assets');
const languages = ['hi', 'mr'].map((l) => {
  const file = chunkOf(`virtual:locale/${l}`);
  return { language: l, catalogue_file: file, catalogue_gzip_bytes: gzipOf(DIST, file) };
});
const linguiBytes = gzipOf(DIST, `assets/${lingui}`);
const pages = staticFirstDownloads(DIST).map((p) => ({ page: p.page, gzip_bytes: p.gzip_bytes, within_budget: p.within_budget }));
const result = {
  date: new Date().toISOString(),
  lingui_runtime_gzip_bytes: linguiBytes,
  languages: languages.map((l) => ({ ...l, adds_gzip_bytes: l.catalogue_gzip_bytes + linguiBytes })),
  english_adds_gzip_bytes: 0,
  first_download_budget_bytes: FIRST_DOWNLOAD_BUDGET,
  first_download_pages: pages,
  pass: pages.every((p) => p.within_budget),
};
const outArg = process.argv.indexOf('--out');
writeFileSync(outArg > 0 ? process.argv[outArg + 1]! : 'bench/results/i18n-bytes.json', `${JSON.stringify(result, null, 2)}\n`);
for (const l of result.languages) console.log(`${l.language}: catalogue ${l.catalogue_gzip_bytes} B + Lingui ${linguiBytes} B gzip`);
for (const p of pages) console.log(`first download, ${p.page}: ${(p.gzip_bytes / 1024).toFixed(1)} KB`);
if (!result.pass) process.exitCode = 1;
