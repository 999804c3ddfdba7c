// `npm run bench`: every benchmark in turn (each runs even when an earlier one is over budget), then
// bench/results/latest.json (bench/merge-results.ts). Exits 1 when any step fails or a figure misses its
// target. Budget for the whole run on the 2-core machine: 25 minutes (the week's sync of 500 files and
// the list of 2,000 applications take most of it).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const DAY_SCALE = process.env.BENCH_DAY_SCALE ?? '20';
const BUDGET_S = 1500;
const steps: Array<{ name: string; cmd: string[] }> = [
  // VITE_E2E_HOOKS: the list and photo benches call the API with the token the page holds in memory.
  { name: 'build', cmd: ['npx', 'vite', 'build'] },
  { name: 'bundle', cmd: ['npx', 'tsx', 'bench/bundle-budget.ts'] },
  { name: 'client', cmd: ['npx', 'tsx', 'bench/client-budgets.ts'] },
  { name: 'list', cmd: ['npx', 'tsx', 'bench/list-cold-start.ts'] },
  { name: 'photo', cmd: ['npx', 'tsx', 'bench/photo-pipeline.ts'] },
  { name: 'first-download', cmd: ['npx', 'tsx', 'bench/first-download-check.ts'] },
  { name: 'lighthouse', cmd: ['npx', 'tsx', 'bench/lighthouse-run.ts'] },
  { name: 'draft-safety', cmd: ['npx', 'tsx', 'bench/draft-safety.ts'] },
  { name: 'day-sync', cmd: ['npx', 'tsx', 'bench/day-sync.ts', '--scale', DAY_SCALE] },
  { name: 'week-sync', cmd: ['npx', 'tsx', 'bench/day-sync.ts', '--week', '--scale', DAY_SCALE] },
  // A week stored sealed through the UI and the app's capture path, then the heap opening its photos
  // (memory-photos reuses week-storage's browser profile).
  { name: 'storage', cmd: ['npx', 'tsx', 'bench/week-storage.ts'] },
  { name: 'memory', cmd: ['npx', 'tsx', 'bench/memory-photos.ts'] },
  { name: 'load', cmd: ['npx', 'tsx', 'bench/server-load.ts', '--out', 'bench/results/load-pglite.json'] },
];
const only = process.argv.slice(2);
const started = performance.now();
const run: Array<{ step: string; exit: number | null; s: number }> = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  const t = performance.now();
  console.log(`\n=== bench: ${step.name} ===`);
  const r = spawnSync(step.cmd[0]!, step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, VITE_E2E_HOOKS: '1' } });
  run.push({ step: step.name, exit: r.status, s: Number(((performance.now() - t) / 1000).toFixed(1)) });
  // Let the step's browsers and servers finish exiting before the next one times anything.
  await new Promise((resolve) => setTimeout(resolve, 3000));
}
const wall = Number(((performance.now() - started) / 1000).toFixed(1));
writeFileSync(
  'bench/results/run.json',
  `${JSON.stringify({ date: new Date().toISOString(), wall_s: wall, budget_s: BUDGET_S, within_budget: wall <= BUDGET_S, day_sync_scale: Number(DAY_SCALE), steps: run }, null, 2)}\n`,
);
console.log('\n=== bench: latest.json ===');
const merged = spawnSync('npx', ['tsx', 'bench/merge-results.ts', '--readme'], { stdio: 'inherit' });
console.log(
  `\nbench: ${run.map((r) => `${r.step} ${r.s} s${r.exit ? ' (exit 1)' : ''}`).join(', ')}; total ${wall} s (budget ${BUDGET_S} s)`,
);
if (run.some((r) => r.exit !== 0) || merged.status !== 0 || wall > BUDGET_S) process.exitCode = 1;
