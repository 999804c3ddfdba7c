// What `npm test` needs beyond npm's packages, found or installed before any suite runs, so that the README's two
// commands pass on a fresh machine that has Node and npm only: Chromium for the e2e (Debian's package, at the path
// playwright.config.ts launches) and PostgreSQL for the server project's second run (scripts/test-postgres.sh).
// As root a missing one is installed with apt-get; otherwise the run stops and says what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function aptInstall(pkg) {
  console.log(`test needs: installing Debian's ${pkg} (apt-get, as root)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install =
    update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: ['ignore', 'ignore', 'inherit'], env });
  return install && install.status === 0;
}

function ensureChromium() {
  if (existsSync(chromiumPath())) return true;
  if (isRoot && !process.env.CHROMIUM_PATH && aptInstall('chromium') && existsSync(chromiumPath())) return true;
  console.log(
    `test needs: no Chromium at ${chromiumPath()}. The e2e tests drive a real browser: install Debian's package ` +
      '(sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.',
  );
  return false;
}

/** A Postgres URL for the server tests' second run, and how to stop what was started for it. */
function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => undefined };
  const run = spawnSync('bash', ['scripts/test-postgres.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const url = run.status === 0 ? run.stdout.trim().split('\n').pop() : '';
  if (!url) {
    console.log(
      'test needs: PostgreSQL could not be started for the server tests (sudo apt-get install -y postgresql, or set TEST_DATABASE_URL).',
    );
    return null;
  }
  return { url, stop: () => spawnSync('bash', ['scripts/test-postgres.sh', 'stop'], { stdio: 'ignore' }) };
}

export function ensureTestNeeds() {
  const chromium = ensureChromium();
  const pg = ensurePostgres();
  return { ok: chromium && pg !== null, databaseUrl: pg?.url, stop: () => pg?.stop() };
}
