// Runs every test suite and ends with `tests: N passed, N failed`. Exits non-zero on any failure.
// With TEST_DATABASE_URL set (a Postgres server, see scripts/test-postgres.sh) the server project runs a
// second time against Postgres, each test server in a database of its own; its counts join the total.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

// The layer rules of docs/architecture.md are lint rules (biome.json): a boundary crossed fails the run.
const lint = spawnSync('npx', ['biome', 'lint', '.'], { stdio: 'inherit' });
if (lint.status !== 0) {
  console.log('lint failed: npx biome lint .');
  broken = true;
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
vitest('vitest', [], withoutPostgres);
if (TEST_DATABASE_URL) {
  console.log('\n== server tests again, on Postgres (TEST_DATABASE_URL) ==');
  vitest('vitest-postgres', ['--project', 'server'], { ...withoutPostgres, TEST_DATABASE_URL });
}
e2e();
rmSync(dir, { recursive: true, force: true });
if (broken) failed += 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
