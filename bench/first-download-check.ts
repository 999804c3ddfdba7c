// What the login, the public pages and the signed-in start download before their first screen is interactive,
// in a real Chromium against the production build (a fresh profile, service workers blocked), set beside the static
// figure CI checks (bench/first-download.ts). The signed-in start signs officer 9000000001 in (OTP, PIN) in the same
// profile first, then opens / in a new page: its first screen is 'Enter your PIN'.
// Usage: npx vite build && npx tsx bench/first-download-check.ts [--out bench/results/first-download.json]
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumOptions, startSandbox } from '../scripts/sandbox-process';
import { passPin } from '../tests/e2e/helpers';
import { FIRST_SCREENS, staticFirstDownloads } from './first-download';
import { browserFirstDownload } from './first-download-browser';

const PORT = Number(process.env.BENCH_PORT ?? 4305);
const kb = (n: number) => Number((n / 1024).toFixed(1));

async function main() {
  const sandbox = await startSandbox(PORT);
  const browser = await chromium.launch({ executablePath: chromiumOptions.executablePath, args: chromiumOptions.args });
  const base = `http://pragati.localhost:${PORT}`;
  const statics = new Map(staticFirstDownloads('dist').map((s) => [s.page, s]));
  const pages = [];
  try {
    for (const screen of FIRST_SCREENS) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      if (screen.signedIn) {
        const login = await context.newPage();
        await login.goto(`${base}/#/login`);
        await login.getByLabel('Mobile number').fill('9000000001');
        await login.getByRole('button', { name: 'Get OTP' }).click();
        await login.getByLabel('OTP').fill('123456');
        await login.getByRole('button', { name: 'Verify OTP' }).click();
        await passPin(login);
        await login.getByText(/Hello /).waitFor();
        // The app keeps the PIN form a signed-in start draws before its code (public/early-form.js) once it is idle.
        await login.waitForFunction(() => localStorage.getItem('flo.early-unlock') !== null);
        await login.close();
      }
      const seen = await browserFirstDownload(context, base, screen);
      await context.close();
      const st = statics.get(screen.page);
      const onlyBrowser = st ? seen.files.filter((f) => !st.files.includes(f)) : [];
      const onlyStatic = st ? st.files.filter((f) => !seen.files.includes(f)) : [];
      pages.push({
        page: screen.page,
        path: screen.path,
        browser_kb: kb(seen.gzip_bytes),
        static_kb: st ? kb(st.gzip_bytes) : null,
        budget_kb: screen.budget ? kb(screen.budget) : null,
        within_budget: screen.budget === null || seen.gzip_bytes <= screen.budget,
        files: seen.files.length,
        static_matches_browser: st ? onlyBrowser.length === 0 && onlyStatic.length === 0 : null,
        only_in_browser: onlyBrowser,
        only_in_static: onlyStatic,
        first_screen_ms_unthrottled: seen.first_screen_ms,
      });
      console.log(
        `[first-download] ${screen.page}: ${kb(seen.gzip_bytes)} KB gzip in ${seen.files.length} files (static ${st ? kb(st.gzip_bytes) : '—'})`,
      );
    }
  } finally {
    await browser.close();
    sandbox.stop();
  }
  const result = {
    date: new Date().toISOString(),
    load_average: loadavg().map((l) => Number(l.toFixed(2))),
    pages,
    pass: pages.every((p) => p.within_budget && p.static_matches_browser !== false),
  };
  const outArg = process.argv.indexOf('--out');
  writeFileSync(outArg > 0 ? process.argv[outArg + 1]! : 'bench/results/first-download.json', `${JSON.stringify(result, null, 2)}\n`);
  if (!result.pass) process.exitCode = 1;
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
