import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { poCatalogues } from './scripts/po-catalogues';

// The top-level manifest.webmanifest is the one source; the plugin emits it and links it.
// The sandbox server rewrites its name and theme colour per tenant when it serves it.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));
const apiTarget = process.env.API_TARGET ?? 'http://localhost:4173';

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const ENTRY = fileURLToPath(new URL('./src/app/main.tsx', import.meta.url));
/** Every module one imports statically, transitively. */
function staticGraph(from: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const todo = [from];
  for (let next = todo.pop(); next; next = todo.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    todo.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

let entryGraph: Set<string> | null = null;
/** Every module the entry imports statically, transitively (the same set on every call of one build). */
function inEntryGraph(id: string, graph: ModuleGraph): boolean {
  entryGraph ??= staticGraph(ENTRY, graph);
  return entryGraph.has(id);
}

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const PUBLIC_FRAME = src('app/public-pages.tsx');
const PUBLIC_SCREENS = [
  'features/public/apply-loan-screens.tsx',
  'features/public/loan-track-screen.tsx',
  'features/public/partner-track-screen.tsx',
  'features/public/join-us-screen.tsx',
].map(src);
/** Loaded on demand by path, each keeps its chunk (the manifest names it, bench/first-download.ts). */
const ROOTS = new Set([PUBLIC_FRAME, ...PUBLIC_SCREENS]);
const LOGIN = src('features/auth/login-screen.tsx');
/** The signed-in start: the frame and the PIN screens. */
const SIGNED_IN = [src('app/app-frame.tsx'), src('features/lock/pin-screens.tsx')];
let signedInGraph: Set<string> | null = null;
/** Of the public pages' shared modules, those the signed-in start imports too (the buttons, the inputs): their own chunk. */
function sharedWithStaff(id: string, graph: ModuleGraph): boolean {
  signedInGraph ??= new Set(SIGNED_IN.flatMap((root) => [...staticGraph(root, graph)]));
  return signedInGraph.has(id);
}
let publicChunks: Map<string, string> | null = null;
/**
 * The chunk of a module the public pages share (our code only; a package one screen needs, react-hook-form, stays with
 * that screen): 'ui' for those the signed-in start imports too (the buttons, the inputs); 'public' for the public
 * frame's static imports and what three or four public first screens share; what exactly two share, a chunk for those
 * two (the draft layer: apply and partner registration), so no page downloads another pair's modules.
 */
function publicChunkOf(id: string, graph: ModuleGraph): string | null {
  if (!publicChunks) {
    const users = new Map<string, string[]>();
    for (const screen of PUBLIC_SCREENS) {
      const name = screen.replace(/.*\//, '').replace(/-screens?\.tsx$/, '');
      for (const m of staticGraph(screen, graph)) users.set(m, [...(users.get(m) ?? []), name]);
    }
    const frame = staticGraph(PUBLIC_FRAME, graph);
    // The login's own imports stay out (it is no public page, and its first download has the same budget), but for
    // those the signed-in start shares (the message line): in 'ui', they spare every public page a file of their own.
    const login = staticGraph(LOGIN, graph);
    publicChunks = new Map();
    for (const m of new Set([...frame, ...users.keys()])) {
      const by = users.get(m) ?? [];
      if (
        m.includes('node_modules') ||
        inEntryGraph(m, graph) ||
        ROOTS.has(m) ||
        (login.has(m) && !sharedWithStaff(m, graph)) ||
        (!frame.has(m) && by.length < 2)
      )
        continue;
      publicChunks.set(m, sharedWithStaff(m, graph) ? 'ui' : frame.has(m) || by.length > 2 ? 'public' : `public-${by.join('+')}`);
    }
  }
  return publicChunks.get(id) ?? null;
}

/** The PIN screen's first paint: its own module (a chunk of its own, named in the manifest) and the key vault read. */
const SIGNED_IN_START = src('app/signed-in-start.tsx');
const START_VAULT = src('app/start-vault.ts');
let pinChunks: Map<string, string> | null = null;
/**
 * The PIN screen's modules that no signed-out page imports (our code only): the key vault read and what it imports in
 * one chunk ('vault'), which a signed-in start asks for first and runs as soon as it arrives; the screen's other modules
 * in another ('pin'). As twelve files of 1-5 KB each, every one was a request through the service worker and a task of
 * its own on a throttled main thread before the PIN screen could paint. Signed-out pages download none of it.
 */
function pinChunkOf(id: string, graph: ModuleGraph): string | null {
  if (!pinChunks) {
    const signedOut = new Set([...ROOTS, LOGIN].flatMap((root) => [...staticGraph(root, graph)]));
    const ours = (m: string) => m !== SIGNED_IN_START && !m.includes('node_modules') && !inEntryGraph(m, graph) && !signedOut.has(m);
    const vault = [...staticGraph(START_VAULT, graph)].filter(ours);
    pinChunks = new Map(vault.map((m) => [m, 'vault']));
    for (const m of staticGraph(SIGNED_IN_START, graph)) if (ours(m) && !pinChunks.has(m)) pinChunks.set(m, 'pin');
  }
  return pinChunks.get(id) ?? null;
}

/** The PIN form drawn before the app has loaded (public/early-form.js loads it by its URL), and what it imports. */
const EARLY_UNLOCK = src('features/lock/early-unlock.ts');
let earlyGraph: Set<string> | null = null;
/**
 * One chunk of its own that imports no other: the form must not wait for the entry's chunk (React, the router), and is
 * asked for by its file's URL, which the app records (lock-texts.ts).
 */
function earlyChunkOf(id: string, graph: ModuleGraph): string | null {
  earlyGraph ??= staticGraph(EARLY_UNLOCK, graph);
  return earlyGraph.has(id) ? 'early-unlock' : null;
}

export default defineConfig({
  plugins: [
    react(),
    poCatalogues(fileURLToPath(new URL('./src/locales', import.meta.url))),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The install dialog's screenshots and the lenders' own icons are asked for by the browser at install only.
        globIgnores: ['**/terms.html', '**/privacy.html', '**/contact.html', 'screenshots/**', 'tenants/*/icon-*.png'],
      },
      devOptions: { enabled: false },
    }),
  ],
  // The manifest is the route chunk graph the byte budgets read (bench/first-download.ts); it is not precached.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // What the entry imports statically is one chunk (besides the entry's own): the bundler had cut it into a dozen
        // pieces of 1-2 KB, and on HTTP/1.1 each costs a request slot before the first screen (Lighthouse).
        codeSplitting: {
          groups: [
            { debugName: 'early', name: (id, ctx) => earlyChunkOf(id, ctx) },
            { debugName: 'core', name: (id, ctx) => (id !== ENTRY && inEntryGraph(id, ctx) ? 'core' : null) },
            // Members only: a module they import and no public page shares stays where the bundler puts it (the login's).
            { debugName: 'public', name: (id, ctx) => publicChunkOf(id, ctx), includeDependenciesRecursively: false },
            { debugName: 'pin', name: (id, ctx) => pinChunkOf(id, ctx), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  resolve: {
    // The router's store asks for the shim of useSyncExternalStore (for React before 18) with its selector; React 19 has
    // the hook, and the package's selector without the shim is the same code calling React's own.
    alias: [{ find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' }],
  },
  server: { proxy: { '/api': apiTarget } },
});
