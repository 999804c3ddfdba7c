// `npm run test:load`: the load and fault run (bench/load-run.ts). Prints the result, writes it to --out, and
// exits 1 when any operation is missing, doubled or out of order, or a file cannot be read back.
//
// Shape 'pair' (default): 200 devices × 30 operations, two in-process instances on PGlite, or on Postgres when
// TEST_DATABASE_URL is set, one directory file store.
//   npm run test:load -- [--devices 200] [--ops 30] [--seed 10] [--out bench/results/load-pglite.json]
// Shape 'cluster': 1,000 devices, two instances started from the environment on one PostgreSQL,
// files in the shared store (postgres, or s3 on a local S3 server), every request round-robin through a proxy,
// chunked uploads among the operations, and afterwards every file read from both instances.
//   TEST_DATABASE_URL="$(scripts/test-postgres.sh | tail -n 1)" npm run test:load -- --shape cluster \
//     [--store postgres|s3] --out bench/results/load-cluster-postgres.json
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CLUSTER_LOAD, DEFAULT_LOAD, runLoad } from './load-run';

const { values: args } = parseArgs({
  options: {
    shape: { type: 'string', default: 'pair' },
    store: { type: 'string', default: 'postgres' },
    devices: { type: 'string' },
    ops: { type: 'string' },
    seed: { type: 'string' },
    'restart-rate': { type: 'string' },
    'stale-claim-ms': { type: 'string' },
    'pool-size': { type: 'string' },
    out: { type: 'string' },
  },
});
if (!['pair', 'cluster'].includes(args.shape) || !['postgres', 's3'].includes(args.store)) {
  console.error('--shape pair|cluster, --store postgres|s3');
  process.exit(2);
}
const base = args.shape === 'cluster' ? CLUSTER_LOAD : DEFAULT_LOAD;
const num = (v: string | undefined, d: number) => (v === undefined ? d : Number(v));

const result = await runLoad({
  ...base,
  store: args.store as 'postgres' | 's3',
  devices: num(args.devices, base.devices),
  opsPerDevice: num(args.ops, base.opsPerDevice),
  seed: num(args.seed, base.seed),
  restartRate: num(args['restart-rate'], base.restartRate),
  staleClaimMs: num(args['stale-claim-ms'], base.staleClaimMs),
  poolSize: num(args['pool-size'], base.poolSize),
});
console.log(JSON.stringify(result, null, 2));
if (args.out) await writeFile(args.out, `${JSON.stringify(result, null, 2)}\n`);
console.log(
  result.exactly_once_in_order ? 'load run: every operation exactly once, in order' : `load run FAILED: ${result.problem_count} problems`,
);
process.exit(result.exactly_once_in_order ? 0 : 1);
