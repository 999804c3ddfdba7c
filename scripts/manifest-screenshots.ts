// The install dialog's screenshots (manifest "screenshots"): the sign-in page at 360×740 (narrow) and 1280×800 (wide),
// from the built app, into public/screenshots/ (a few KB each; not precached). No person's data is on them.
// Usage: npx vite build && npx tsx scripts/manifest-screenshots.ts   (starts its own sandbox on a free port)
import { chromium } from '@playwright/test';
import { chromiumOptions, startSandbox } from './sandbox-process';

const PORT = Number(process.env.SHOT_PORT ?? 4193);
const SHOTS = [
  { name: 'narrow', width: 360, height: 740 },
  { name: 'wide', width: 1280, height: 800 },
] as const;

async function main() {
  const server = await startSandbox(PORT);
  const browser = await chromium.launch(chromiumOptions);
  try {
    for (const s of SHOTS) {
      const page = await browser.newPage({ viewport: { width: s.width, height: s.height } });
      await page.goto(`http://localhost:${PORT}/#/login`);
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      // The wide page's decorative gradient alone weighs 300 KB as PNG; flat, the shot is a tenth of that.
      if (s.name === 'wide') await page.addStyleTag({ content: 'body { background: #e2e8f0 !important; }' });
      await page.screenshot({ path: `public/screenshots/${s.name}.png` });
      await page.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

void main().then(
  () => console.log('manifest screenshots written to public/screenshots'),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
