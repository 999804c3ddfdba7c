// Runs every test suite and ends with `tests: N passed, N failed`. Exits non-zero on any failure.
// What the suites need beyond npm's packages is found or installed first (scripts/test-needs.mjs): Chromium for the
// e2e, PostgreSQL for the server project's second run. With TEST_DATABASE_URL set that server is used as it is;
// otherwise a throw-away cluster is started on a loopback port and stopped at the end. Each test server of the
// Postgres run gets a database of its own; its counts join the total.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTestNeeds } from './test-needs.mjs';

const dir = mkdtempSync(join(tmpdir(), 'flo-tests-'));
let passed = 0;
let failed = 0;
let broken = false;

function vitest(name, extraArgs, env) {
  const out = join(dir, `${name}.json`);
  const run = spawnSync('npx', ['vitest', 'run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile=${out}`], {
    stdio: 'inherit',
    env,
  });
  if (!existsSync(out)) {
    broken = true;
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (run.status !== 0 && report.numFailedTests === 0) broken = true;
}

function e2e() {
  if (!existsSync('playwright.config.ts')) return;
  const out = join(dir, 'e2e.json');
  const run = spawnSync('npx', ['playwright', 'test', '--reporter=list,json'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  if (!existsSync(out)) {
    broken = true;
    return;
  }
  const stats = JSON.parse(readFileSync(out, 'utf8')).stats;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  if (run.status !== 0 && stats.unexpected === 0) broken = true;
}

const needs = ensureTestNeeds();
if (!needs.ok) {
  console.log(`tests: 0 passed, 1 failed`);
  process.exit(1);
}

const types = spawnSync('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { stdio: 'inherit' });
if (types.status !== 0) {
  console.log('typecheck failed: npx tsc --noEmit -p tsconfig.json');
  broken = true;
}

// The layer rules of docs/architecture.md are lint rules (biome.json): a boundary crossed fails the run.
const lint = spawnSync('npx', ['biome', 'ci', '.'], { stdio: 'inherit' });
if (lint.status !== 0) {
  console.log('format or lint failed: npx biome ci . (npx biome check --write . mends the formatting)');
  broken = true;
}

const { TEST_DATABASE_URL: _given, ...withoutPostgres } = process.env;
const TEST_DATABASE_URL = needs.databaseUrl;
vitest('vitest', [], withoutPostgres);
if (TEST_DATABASE_URL) {
  console.log('\n== server tests again, on Postgres (TEST_DATABASE_URL) ==');
  vitest('vitest-postgres', ['--project', 'server'], { ...withoutPostgres, TEST_DATABASE_URL });
}
e2e();
rmSync(dir, { recursive: true, force: true });
needs.stop();
if (broken) failed += 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
