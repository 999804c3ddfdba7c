import { chromium } from '@playwright/test';
import { chromiumOptions, startSandbox } from '../scripts/sandbox-process';
import { signInOfficer } from './browser-kit';
process.env.DIST_DIR = process.argv[2]!;
const box = await startSandbox(4389);
const browser = await chromium.launch(chromiumOptions);
const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
await ctx.addInitScript('globalThis.__name = (f) => f');
await ctx.addInitScript(`(() => { window.__lt = []; try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(Math.round(e.startTime) + '+' + Math.round(e.duration)); }).observe({ type: 'longtask', buffered: true }); } catch {} })()`);
await ctx.addInitScript(`(() => { const o = new MutationObserver(() => { const f = document.querySelector('form[aria-label="Unlock"] input[type="password"]'); if (f && !window.__early) { window.__early = performance.now(); window.__earlyIsEarly = !!document.querySelector('form[data-early]'); requestAnimationFrame(() => { window.__raf = performance.now(); }); } }); o.observe(document, { childList: true, subtree: true }); })()`);
const page = await ctx.newPage();
await signInOfficer(page, 'http://pragati.localhost:4389');
await page.waitForFunction(() => localStorage.getItem('flo.early-unlock'), null, { timeout: 5000 }).catch(() => console.log('no cache'));
await ctx.setOffline(true);
for (let i = 0; i < 4; i++) {
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await p.goto('http://pragati.localhost:4389/#/applications', { waitUntil: 'commit' });
  await p.waitForFunction(() => (window as any).__early, null, { timeout: 30000 });
  await p.waitForTimeout(1500);
  const r = await p.evaluate(() => ({
    shown: Math.round((window as any).__early), raf: Math.round((window as any).__raf), early: (window as any).__earlyIsEarly,
    paint: performance.getEntriesByType('paint').map((e) => `${e.name} ${Math.round(e.startTime)}`),
    longtasks: (window as any).__lt,
    res: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).map((e: any) => `${e.name.split('/').pop().slice(0, 18)} ${Math.round(e.startTime)}-${Math.round(e.responseEnd)}`).slice(0, 8),
    nav: Math.round((performance.getEntriesByType('navigation')[0] as any).responseEnd),
    dcl: Math.round((performance.getEntriesByType('navigation')[0] as any).domContentLoadedEventStart),
  }));
  console.log(JSON.stringify(r));
  await p.close();
}
await browser.close();
box.stop();
process.exit(0);
