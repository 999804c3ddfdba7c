// The figures of the lender-scale photo and change-feed runs (bench/scale-photos.ts, bench/scale-feed.ts,
// bench/scale-feed-burst.ts) for bench/merge-results.ts.
import type { Figure } from './merge-results';

// biome-ignore lint/suspicious/noExplicitAny: result files are read loosely; each block checks what it uses.
type Json = Record<string, any>;
const n = (v: number) => v.toLocaleString('en-US');

export function scaleFeedFigures(read: (name: string) => Json | null): Figure[] {
  const out: Figure[] = [];
  const photos = read('scale-photos.json');
  if (photos) {
    out.push({
      id: 'photo_reuse_check_p95',
      figure: `Reused-photo check at ${n(photos.photos)} photo hashes of one lender (substring index, ${photos.probes_per_upload} probes, ~${photos.candidates_per_upload} candidates), p95 of ${photos.unmatched.queries + photos.reencoded.queries} uploads (database's own time p95 ${photos.db_execution?.p95_ms} ms; the scan it replaced p50 ${photos.scan_before.p50_ms} ms, ${photos.speedup_p50}×; load average ${photos.load_average_1m} on 2 cores)`,
      value: photos.p95_ms,
      unit: 'ms',
      target: `≤ ${photos.target_p95_ms} ms`,
      pass: photos.pass,
      source: 'scale-photos.json',
      measured_at: photos.date,
    });
  }
  const feed = read('scale-feed.json');
  const pull = feed?.pull;
  if (pull) {
    const roles = Object.entries(pull.empty_pull as Record<string, Json>)
      .map(([r, e]) => `${r.replace('_', ' ')} p50 ${e.p50_ms} / p95 ${e.p95_ms}`)
      .join(', ');
    out.push({
      id: 'feed_empty_pull_1m',
      figure: `Change feed: a pull that finds nothing at ${n(pull.applications)} applications, request through the app in process, worst p95 of three scopes (${roles} ms)`,
      value: pull.empty_pull_p95_ms,
      unit: 'ms',
      target: `≤ ${pull.target_ms} ms`,
      pass: pull.pass,
      source: 'scale-feed.json',
      measured_at: pull.date,
    });
  }
  const b = feed?.burst;
  if (b) {
    const m = b.monitor ?? {};
    out.push({
      id: 'feed_burst_exactly_once',
      figure: `Morning burst: ${n(b.devices)} devices, each its own officer, pull + ${b.ops_per_device} queued operations + pull, 2 instances on one PostgreSQL, faults and restarts: every operation once in the database and each application once in the device's pull (${b.problem_count + (b.feed?.feed_problem_count ?? 0)} problems)`,
      // A run stopped at its deadline never reached the check: say so rather than "no".
      value: (b.problems as string[]).some((p) => p.startsWith('run stopped'))
        ? 'not checked: run stopped at its deadline'
        : b.exactly_once,
      unit: '',
      target: 'yes',
      pass: b.exactly_once === true,
      source: 'scale-feed.json',
      measured_at: b.date,
    });
    out.push({
      id: 'feed_burst_request_p95',
      figure: `Morning burst, p95 per request: pushes (p50 ${b.request_latency_ms.p50} ms), pulls p95 ${b.feed?.pull_latency_ms.p95} ms; ${b.throughput.requests_per_s} requests/s, wall ${b.wall_s} s (${b.machine?.note ?? 'one process'}: the waits are mostly that process's queue on 2 cores)`,
      value: b.request_latency_ms.p95,
      unit: 'ms',
      target: '— (reported)',
      pass: null,
      source: 'scale-feed.json',
      measured_at: b.date,
    });
    out.push({
      id: 'feed_burst_counter_deadlocks',
      figure: `Morning burst, per-tenant change counter: deadlocks (backends waiting behind a counter holder, mean ${m.mean_waiting_behind_a_counter_writer} of ${m.mean_active_backends} active)`,
      value: m.deadlocks ?? 'not sampled',
      unit: '',
      target: '0',
      pass: m.deadlocks === 0,
      source: 'scale-feed.json',
      measured_at: b.date,
    });
  }
  const c = feed?.counter;
  if (c) {
    // Numbered at commit, a tenant's writers run side by side: near the same writes with no counter at all.
    const share = c.one_tenant.writes_per_s / Math.max(1, c.one_tenant_without_counter.writes_per_s);
    out.push({
      id: 'feed_counter_one_tenant_writes',
      figure: `Per-tenant change counter, numbered ${c.numbered ?? 'at the first write'}: application writes/s of one tenant, ${c.writers} writers, ${c.work_in_transaction_after_write_ms ?? c.work_in_transaction_after_stamp_ms} ms of work after the write (four tenants ${c.four_tenants.writes_per_s}/s; one tenant without the counter ${c.one_tenant_without_counter.writes_per_s}/s, ${(share * 100).toFixed(0)} % of it; numbered at the first write as before, same run ${c.one_tenant_numbered_at_first_write?.writes_per_s ?? '—'}/s; ${c.one_tenant.deadlocks} deadlocks)`,
      value: c.one_tenant.writes_per_s,
      unit: '/s',
      target: '≥ 70 % of the writes/s without the counter',
      pass: share >= 0.7 && c.one_tenant.deadlocks === 0,
      source: 'scale-feed.json',
      measured_at: c.date,
    });
  }
  return out;
}
