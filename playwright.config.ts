import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4174);
// Set once in the runner; workers inherit it, so the server-log spec reads the log of this very run.
process.env.E2E_DATA_DIR ??= `.e2e-data/${Date.now()}`;
const dataDir = process.env.E2E_DATA_DIR;
export const SERVER_LOG = `${dataDir}/server.log`;
// OTP_MAX_PER_IP: every phone of the run signs in from 127.0.0.1; the per-address limit (30 in 10 minutes) is for
// the open internet, and its own test is server/security/otp-abuse.test.ts. OTP_MAX_PER_MOBILE likewise: the run signs the
// same seeded staff member in far more often than 5 times in 10 minutes (the limit's own test is the same file).
// VITE_E2E_HOOKS: the e2e build lets the tests read the token the page holds in memory (src/api/credentials.ts).

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--host-resolver-rules=MAP *.localhost 127.0.0.1',
      ],
    },
  },
  // The server-log spec reads the log of everything before it: a teardown of the journeys, so a whole run scans the
  // whole run's log whatever the file names; run alone, it scans the traffic it makes itself.
  projects: [
    { name: 'journeys', testIgnore: /server-log\.spec\.ts$/, teardown: 'server-log' },
    { name: 'server-log', testMatch: /server-log\.spec\.ts$/ },
  ],
  webServer: {
    command: `VITE_E2E_HOOKS=1 npx vite build && mkdir -p ${dataDir} && PORT=${PORT} DATA_DIR=${dataDir} OTP_MAX_PER_IP=200 OTP_MAX_PER_MOBILE=100 npx tsx server/main.ts > ${SERVER_LOG} 2>&1`,
    url: `http://localhost:${PORT}/api/main/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
