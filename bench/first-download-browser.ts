// The browser side of bench/first-download.ts: opens a page in a context of its own (service workers blocked, so every
// script comes from the network as on a first visit) and lists the .js it requested before its first screen was
// interactive, sized (gzip) from dist as the static figure is.
import type { BrowserContext } from '@playwright/test';
import { type FirstScreen, firstScreenProbe, gzipOf, JS_BEFORE_FIRST_SCREEN } from './first-download';

export async function browserFirstDownload(context: BrowserContext, base: string, screen: FirstScreen, dist = 'dist') {
  const page = await context.newPage();
  try {
    await page.addInitScript(firstScreenProbe(screen.ready));
    await page.goto(`${base}${screen.path}`);
    await page.waitForFunction(() => (window as unknown as { __firstScreenAt?: number }).__firstScreenAt !== undefined, null, {
      timeout: 30_000,
    });
    const files = [...new Set(await page.evaluate<string[]>(JS_BEFORE_FIRST_SCREEN))].sort();
    const firstScreenMs = await page.evaluate(() => Math.round((window as unknown as { __firstScreenAt: number }).__firstScreenAt));
    return { page: screen.page, files, gzip_bytes: files.reduce((n, f) => n + gzipOf(dist, f), 0), first_screen_ms: firstScreenMs };
  } finally {
    await page.close();
  }
}
