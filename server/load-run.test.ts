// The load and fault run (bench/load-run.ts) in a size CI can afford: 40 devices × 15 queued operations
// (creates, photo uploads, merge-patch steps) through every injected fault, kills before commit included,
// and random device restarts; the database and the API must then hold every operation exactly once and
// in per-application order. `npm run test:load` runs the full 200 devices and records the figures.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FAULTS, DEFAULT_LOAD, runLoad } from '../bench/load-run';

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
    console.log(`load run (small): ${JSON.stringify({ wall_s: result.wall_s, faults: result.injected_faults, restarts: result.client_restarts, request_ms: result.request_latency_ms })}`);
    expect(result.problems).toEqual([]);
    expect(result.exactly_once_in_order).toBe(true);
    expect(result.operations.total).toBe(40 * 15);
    expect(Object.values(result.injected_faults).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(result.client_restarts.mid_request + result.client_restarts.after_answer).toBeGreaterThan(0);
  }, 60_000);
});
