// The morning burst: 5,000 devices at once, each its own officer, pull the change feed, push a day's queued work
// (two applications, photos, steps; the load run's faults and restarts on), and pull again; two instances from the
// environment on one PostgreSQL behind a round-robin proxy (bench/load-run.ts, bench/load-pull.ts). Exactly once is
// checked in the database (bench/load-check.ts) and through the feed (each device pulls back its own applications
// once, in their last state). Meanwhile the tenants' change counters are watched: how many writers wait on a
// counter row, and deadlocks. Writes the `burst` part of bench/results/scale-feed.json.
// Usage: TEST_DATABASE_URL=postgres://…/postgres tsx bench/scale-feed-burst.ts [--devices 5000] [--ops 8] [--minutes 20]
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import type { Db } from '../server/db/db';
import { CLUSTER_LOAD, runLoad } from './load-run';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const RESULT = 'bench/results/scale-feed.json';

/** Samples the database twice a second: active backends, those waiting on a lock, and those whose blocker holds a counter. */
function counterMonitor(db: Db) {
  const samples: { active: number; waiting: number; behind_counter: number }[] = [];
  let deadlocksAtStart: number | null = null;
  let stopped = false;
  const deadlocks = async () =>
    (await db.query<{ n: number }>('SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()'))[0]!.n;
  const loop = (async () => {
    deadlocksAtStart = await deadlocks();
    while (!stopped) {
      const [s] = await db.query<{ active: number; waiting: number; behind_counter: number }>(
        `SELECT count(*) FILTER (WHERE a.state = 'active')::int AS active,
           count(*) FILTER (WHERE a.wait_event_type = 'Lock')::int AS waiting,
           count(*) FILTER (WHERE a.wait_event_type = 'Lock' AND EXISTS (
             SELECT 1 FROM pg_locks l WHERE l.pid = ANY (pg_blocking_pids(a.pid)) AND l.locktype = 'relation'
               AND l.relation = 'change_counters'::regclass AND l.mode = 'RowExclusiveLock'))::int AS behind_counter
         FROM pg_stat_activity a WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()`,
      );
      samples.push(s!);
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const busy = samples.filter((s) => s.active > 0);
      const sum = (k: keyof (typeof samples)[number]) => busy.reduce((a, s) => a + s[k], 0);
      return {
        samples: samples.length,
        samples_with_active_backends: busy.length,
        mean_active_backends: Number((sum('active') / Math.max(1, busy.length)).toFixed(2)),
        mean_waiting_on_a_lock: Number((sum('waiting') / Math.max(1, busy.length)).toFixed(2)),
        mean_waiting_behind_a_counter_writer: Number((sum('behind_counter') / Math.max(1, busy.length)).toFixed(2)),
        share_of_active_waiting_behind_counter: Number((sum('behind_counter') / Math.max(1, sum('active'))).toFixed(3)),
        max_waiting_behind_counter: Math.max(0, ...samples.map((s) => s.behind_counter)),
        deadlocks: (await deadlocks()) - (deadlocksAtStart ?? 0),
      };
    },
  };
}

const loadBefore = loadavg()[0]!;
const result = await runLoad({
  ...CLUSTER_LOAD,
  devices: arg('--devices', 5000),
  opsPerDevice: arg('--ops', 8),
  seed: 36,
  // Thousands of devices at once queue for two shared cores: an attempt may wait minutes, so the client waits longer
  // than the cluster run's and the stale-claim window stays above the slowest request.
  clientTimeoutMs: 180_000,
  staleClaimMs: 240_000,
  deadlineMs: arg('--minutes', 20) * 60_000,
  readBack: false,
  pull: true,
  monitor: counterMonitor,
});
const prior = existsSync(RESULT) ? (JSON.parse(readFileSync(RESULT, 'utf8')) as Record<string, unknown>) : {};
const burst = {
  ...result,
  load_average_1m: { before: Number(loadBefore.toFixed(1)), after: Number(loadavg()[0]!.toFixed(1)) },
  exactly_once: result.exactly_once_in_order && (result.feed?.feed_exactly_once ?? false),
};
await writeFile(RESULT, `${JSON.stringify({ ...prior, burst }, null, 2)}\n`);
console.log(JSON.stringify({ ...burst, problems: burst.problems.slice(0, 5) }, null, 2));
process.exit(burst.exactly_once ? 0 : 1);
