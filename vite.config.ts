import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The top-level manifest.webmanifest is the one source; the plugin emits it and links it.
// The sandbox server rewrites its name and theme colour per tenant when it serves it.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));
const apiTarget = process.env.API_TARGET ?? 'http://localhost:4173';

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const ENTRY = fileURLToPath(new URL('./src/app/main.tsx', import.meta.url));
let entryGraph: Set<string> | null = null;
/** Every module the entry imports statically, transitively (the same set on every call of one build). */
function inEntryGraph(id: string, graph: ModuleGraph): boolean {
  if (!entryGraph) {
    entryGraph = new Set();
    const todo = [ENTRY];
    for (let next = todo.pop(); next; next = todo.pop()) {
      if (entryGraph.has(next)) continue;
      entryGraph.add(next);
      todo.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  return entryGraph.has(id);
}

export default defineConfig({
  plugins: [
    react(),
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
        globIgnores: ['**/terms.html', '**/privacy.html', '**/contact.html'],
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
        // pieces of 1-2 KB, and on HTTP/1.1 each costs a request slot before the first screen (issue 23, Lighthouse).
        codeSplitting: {
          groups: [{
            name: (id, ctx) => (id !== ENTRY && inEntryGraph(id, ctx) ? 'core' : null),
          }],
        },
      },
    },
  },
  server: { proxy: { '/api': apiTarget } },
});
