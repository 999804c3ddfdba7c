// The load and fault run (bench/load-run.ts) in a size CI can afford: 40 devices × 15 queued operations
// (creates, photo uploads, merge-patch steps) through every injected fault, kills before commit included,
// and random device restarts; the database and the API must then hold every operation exactly once and
// in per-application order. `npm run test:load` runs the full 200 devices and records the figures.
// On PostgreSQL, the cluster shape too: two instances started from the environment, the shared file
// store (PostgreSQL, then S3), every request round-robin through a proxy, chunked uploads among the operations,
// and every file read back from both instances. `npm run test:load -- --shape cluster` runs 1,000 devices.
import { describe, expect, it } from 'vitest';
import { CLUSTER_LOAD, DEFAULT_FAULTS, DEFAULT_LOAD, type LoadResult, runLoad } from '../bench/load-run';

function expectClean(result: LoadResult, ops: number) {
  expect(result.problems).toEqual([]);
  expect(result.exactly_once_in_order).toBe(true);
  expect(result.operations.total).toBe(ops);
  expect(Object.values(result.injected_faults).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  expect(result.client_restarts.mid_request + result.client_restarts.after_answer).toBeGreaterThan(0);
}

describe('load and fault run (small)', () => {
  it('40 devices replaying 15 operations each through faults and restarts: every operation exactly once, in order', async () => {
    const result = await runLoad({
      ...DEFAULT_LOAD,
      devices: 40,
      opsPerDevice: 15,
      // Twice the kill rate of the full run, so most runs see a kill; a shorter stale-claim window to match
      // the lighter load (its slowest requests take a few seconds).
      faults: { ...DEFAULT_FAULTS, kill: 0.006 },
      staleClaimMs: 10_000,
      deadlineMs: 50_000,
      seed: 40,
    });
    console.log(
      `load run (small): ${JSON.stringify({ wall_s: result.wall_s, faults: result.injected_faults, restarts: result.client_restarts, request_ms: result.request_latency_ms })}`,
    );
    expectClean(result, 40 * 15);
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL).each(['postgres', 's3'] as const)(
  'load run, cluster shape, %s file store (small)',
  (store) => {
    it('two instances behind a round-robin proxy: every operation once, in order, every file served by both', async () => {
      const devices = store === 'postgres' ? 40 : 24;
      const result = await runLoad({
        ...CLUSTER_LOAD,
        store,
        devices,
        opsPerDevice: 15,
        faults: { ...DEFAULT_FAULTS, kill: 0.006 },
        staleClaimMs: 10_000,
        deadlineMs: 50_000,
        seed: 41,
      });
      console.log(
        `load run (cluster, ${store}): ${JSON.stringify({ wall_s: result.wall_s, proxied: result.requests_per_instance_via_proxy, request_ms: result.request_latency_ms })}`,
      );
      expectClean(result, devices * 15);
      expect(result.file_store).toBe(store);
      expect(result.health_before_run).toEqual([200, 200]);
      expect(result.operations.chunked_uploads).toBeGreaterThan(0);
      const proxied = result.requests_per_instance_via_proxy ?? [];
      expect(proxied).toHaveLength(2);
      expect(Math.min(...proxied)).toBeGreaterThan(0);
      const files = result.operations.uploads + result.operations.chunked_uploads;
      expect(result.files_read_back).toBe(files * 2);
    }, 60_000);
  },
);
