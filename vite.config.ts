import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The top-level manifest.webmanifest is the one source; the plugin emits it and links it.
// The sandbox server rewrites its name and theme colour per tenant when it serves it.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));
const apiTarget = process.env.API_TARGET ?? 'http://localhost:4173';

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
  build: { target: 'es2022', sourcemap: false, manifest: true },
  server: { proxy: { '/api': apiTarget } },
});
