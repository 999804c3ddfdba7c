// What each page downloads before its first screen is usable: the JS the browser fetches from navigation start
// until the page's first screen is interactive, gzip. Two ways that must agree:
// - static (CI): the entry's static import graph plus that of the modules the page's first screen loads, read from the
//   Vite manifest (dist/.vite/manifest.json); deterministic, no browser;
// - in the browser (bench/first-download-check.ts, and once per CI run in tests/e2e/bundle-budget.spec.ts): a fresh
//   profile with service workers blocked, every .js the page requested before the first screen's control was in the
//   DOM (an init script's MutationObserver stamps that moment), sized from dist the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_DOWNLOAD_BUDGET = 120 * 1024;

export type FirstScreen = {
  page: string;
  /** The address opened, after the origin. */
  path: string;
  /**
   * A CSS selector: the first screen is interactive once it is in the DOM (the page's own submit button; on partner
   * registration, a twenty-field form whose fields take typing before its code arrives, the first field).
   */
  ready: string;
  /** Source modules (manifest keys) the first screen loads on demand, besides the entry. */
  modules: string[];
  /** Bytes (gzip) it may download first; null: measured, not held to a budget. */
  budget: number | null;
  signedIn?: boolean;
};

const PUBLIC = 'src/app/public-pages.tsx';
export const FIRST_SCREENS: FirstScreen[] = [
  {
    page: 'login',
    path: '/#/login',
    ready: 'main.login form button[type="submit"]',
    modules: ['src/features/auth/login-screen.tsx'],
    budget: FIRST_DOWNLOAD_BUDGET,
  },
  {
    page: 'apply (public)',
    path: '/#/apply-loan/mobile',
    ready: 'form[aria-label="Start your application"] button[type="submit"]',
    modules: [PUBLIC, 'src/features/public/apply-loan-screens.tsx'],
    budget: FIRST_DOWNLOAD_BUDGET,
  },
  {
    page: 'loan tracking (public)',
    path: '/#/apply-loan/track',
    ready: 'form[aria-label="Loan tracking"] button[type="submit"]',
    modules: [PUBLIC, 'src/features/public/loan-track-screen.tsx'],
    budget: FIRST_DOWNLOAD_BUDGET,
  },
  {
    page: 'partner tracking (public)',
    path: '/#/join-us/track',
    ready: 'form[aria-label="Partner request tracking"] button[type="submit"]',
    modules: [PUBLIC, 'src/features/public/partner-track-screen.tsx'],
    budget: FIRST_DOWNLOAD_BUDGET,
  },
  {
    page: 'partner registration (public)',
    path: '/#/join-us',
    ready: 'form[aria-label="Partner Registration"] input[name="first_name"]',
    modules: [PUBLIC, 'src/features/public/join-us-screen.tsx'],
    budget: FIRST_DOWNLOAD_BUDGET,
  },
  {
    page: 'signed-in start (PIN)',
    path: '/#/',
    // The app's own PIN screen (the form drawn before the app loads, public/early-form.js, is not: what it downloads is
    // a part of this, and when it shows depends on the race between the two).
    ready: 'form[aria-label="Unlock"]:not([data-early]) input[type="password"]',
    // The PIN screen's own module (it reads the key vault without Dexie); the frame and the rest load after it paints.
    modules: ['src/app/signed-in-start.tsx'],
    budget: FIRST_DOWNLOAD_BUDGET,
    signedIn: true,
  },
];

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export const gzipOf = (dist: string, file: string) => gzipSync(readFileSync(join(dist, file))).length;

/** The chunk files a set of modules needs before it runs: the modules' chunks and their static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    const chunk = manifest[k];
    if (!chunk) throw new Error(`${k} is not in the Vite manifest (renamed? update FIRST_SCREENS)`);
    seen.add(k);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The script index.html runs before the entry on every page, and the PIN form it loads on a signed-in start (public/). */
export const EARLY_START = 'early-start.js';
export const EARLY_FORM = 'early-form.js';

/** Static figure per page: early-start.js, the entry and the first screen's modules, gzip. */
export function staticFirstDownloads(dist = 'dist') {
  const manifest = readManifest(dist);
  return FIRST_SCREENS.map((s) => {
    const early = s.signedIn ? [EARLY_START, EARLY_FORM] : [EARLY_START];
    const files = [...early, ...staticClosure(manifest, ['index.html', ...s.modules])].sort();
    const gzip = files.reduce((n, f) => n + gzipOf(dist, f), 0);
    return {
      page: s.page,
      path: s.path,
      gzip_bytes: gzip,
      budget_bytes: s.budget,
      within_budget: s.budget === null || gzip <= s.budget,
      files,
    };
  });
}

/** Init script: stamps `__firstScreenAt` (performance.now()) when the selector first matches. */
export const firstScreenProbe = (selector: string) => `(() => {
  const stamp = () => {
    if (window.__firstScreenAt !== undefined || !document.querySelector(${JSON.stringify(selector)})) return false;
    window.__firstScreenAt = performance.now();
    return true;
  };
  const obs = new MutationObserver(() => { if (stamp()) obs.disconnect(); });
  obs.observe(document, { childList: true, subtree: true });
})();`;

/** In the page, after the probe fired: the same-origin .js paths requested before the first screen was there. */
export const JS_BEFORE_FIRST_SCREEN = `(() => {
  const at = window.__firstScreenAt;
  return performance.getEntriesByType('resource')
    .filter((e) => e.startTime <= at && new URL(e.name).origin === location.origin && new URL(e.name).pathname.endsWith('.js'))
    .map((e) => new URL(e.name).pathname.replace(/^\\//, ''));
})()`;
