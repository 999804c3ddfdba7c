import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4174);
const dataDir = `.e2e-data/${Date.now()}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
    },
  },
  webServer: {
    command: `npx vite build && PORT=${PORT} DATA_DIR=${dataDir} npx tsx server/main.ts`,
    url: `http://localhost:${PORT}/api/main/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
