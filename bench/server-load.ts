// `npm run test:load`: the load and fault run (bench/load-run.ts) with 200 devices × 30 operations, on
// PGlite, or on Postgres when TEST_DATABASE_URL is set (a new database there, dropped afterwards). Prints
// the result, writes it to --out, and exits 1 when any operation is missing, doubled or out of order.
//
//   npm run test:load -- [--devices 200] [--ops 30] [--seed 10] [--out bench/results/load-pglite.json]
//   TEST_DATABASE_URL="$(scripts/test-postgres.sh | tail -n 1)" npm run test:load -- --out bench/results/load-postgres.json
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEFAULT_LOAD, runLoad } from './load-run';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: String(DEFAULT_LOAD.devices) },
    ops: { type: 'string', default: String(DEFAULT_LOAD.opsPerDevice) },
    seed: { type: 'string', default: String(DEFAULT_LOAD.seed) },
    'restart-rate': { type: 'string', default: String(DEFAULT_LOAD.restartRate) },
    'stale-claim-ms': { type: 'string', default: String(DEFAULT_LOAD.staleClaimMs) },
    out: { type: 'string' },
  },
});

const result = await runLoad({
  ...DEFAULT_LOAD,
  devices: Number(args.devices),
  opsPerDevice: Number(args.ops),
  seed: Number(args.seed),
  restartRate: Number(args['restart-rate']),
  staleClaimMs: Number(args['stale-claim-ms']),
});
console.log(JSON.stringify(result, null, 2));
if (args.out) await writeFile(args.out, `${JSON.stringify(result, null, 2)}\n`);
console.log(result.exactly_once_in_order ? 'load run: every operation exactly once, in order' : `load run FAILED: ${result.problem_count} problems`);
process.exit(result.exactly_once_in_order ? 0 : 1);
