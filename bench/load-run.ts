// The load and fault run, shared by `npm run test:load` (bench/server-load.ts)
// and the smaller CI versions (server/load-run.test.ts).
//
// N simulated field devices, each with a persisted queue of operations (create two applications, photo
// uploads, chunked uploads, merge-patch step submits; a patch may carry the file id an earlier upload got
// back), replay their queues at the same time over real HTTP on loopback against two server instances on one
// database (bench/load-cluster.ts: picked at random per attempt, or round-robin through a proxy), while the
// server's test-only fault hooks drop answers after committing, answer 503 / 429 / 502-after-commit, answer
// slowly, fail a commit, or kill the request between receiving and committing. Devices also restart at
// random: they forget everything in memory (mid-request, or after an answer arrived but before it was
// persisted) and resume from their persisted queue, re-sending the in-flight request with the same
// Idempotency-Key, or asking a chunked upload's offset and going on from there.
//
// Afterwards bench/load-check.ts reads the database and the API (exactly once, in order, every file served).
import { cpus } from 'node:os';
import { STAFF } from '../server/fixtures/staff';
import { TENANTS } from '../server/fixtures/tenants';
import { createFaultInjector } from '../server/middleware/fault-injection';
import type { Db } from '../server/db/db';
import { createSession } from '../server/services/sessions';
import { checkRun } from './load-check';
import { addFaults, type FaultRates } from './load-faults';
import { type ClusterOptions, databaseBytes, databaseSize, startCluster } from './load-cluster';
import { type Answer, chunkedUpload, type Req, request } from './load-protocol';
import { deviceOfficer, makePuller } from './load-pull';
import { countKinds, type Device, makeQueue, type Op, type Persisted, prng } from './load-queue';

export { prng } from './load-queue';

export type LoadOptions = {
  devices: number;
  opsPerDevice: number;
  /** Chance per mutating request of each fault. */
  faults: FaultRates;
  /** Chance per attempt that the device restarts (half mid-request, half after the answer and before persisting it). */
  restartRate: number;
  /**
   * Server's stale-claim window. A killed request's key is blocked this long; the real default is 5 min,
   * shortened here so a bounded run can show the recovery. Must stay above the slowest request: 200
   * devices on PGlite have had single requests take 23 s (its one connection queues every query).
   */
  staleClaimMs: number;
  /** Client-side timeout of one attempt. */
  clientTimeoutMs: number;
  /** The run fails if it has not finished by then. */
  deadlineMs: number;
  seed: number;
  /** Postgres pool size per instance (a normal start uses 10). */
  poolSize: number;
  /** 'pair' (in-process, one directory store) or 'cluster' (from the environment, shared store, proxy). */
  shape: ClusterOptions['shape'];
  store: ClusterOptions['store'];
  /** Share of operations that are chunked uploads (taken from the 35 % of uploads). */
  chunkedShare: number;
  /** Afterwards, read every file from every instance. */
  readBack: boolean;
  /** Each device pulls the change feed before and after its queue (bench/load-pull.ts); each is its own officer. */
  pull?: boolean;
  /** Started with the cluster, stopped after the run: what it returns goes into the result as `monitor`. */
  monitor?: (db: Db) => { stop(): Promise<unknown> };
};

export const DEFAULT_FAULTS: LoadOptions['faults'] = {
  drop: 0.015,
  unavailable: 0.015,
  tooMany: 0.005,
  badGatewayAfterCommit: 0.005,
  slow: 0.01,
  rollback: 0.005,
  kill: 0.002,
};

export const DEFAULT_LOAD: LoadOptions = {
  devices: 200,
  opsPerDevice: 30,
  faults: DEFAULT_FAULTS,
  restartRate: 0.02,
  staleClaimMs: 45_000,
  clientTimeoutMs: 30_000,
  deadlineMs: 170_000,
  seed: 10,
  poolSize: 10,
  shape: 'pair',
  store: 'postgres',
  chunkedShare: 0,
  readBack: false,
};

/** The cluster shape: two instances from the environment on PostgreSQL, the shared store, a round-robin proxy. */
export const CLUSTER_LOAD: LoadOptions = {
  ...DEFAULT_LOAD,
  devices: 1000,
  shape: 'cluster',
  chunkedShare: 0.15,
  readBack: true,
  deadlineMs: 40 * 60_000,
  seed: 21,
};

const pct = (xs: number[], p: number) =>
  xs.length ? Math.round(xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! * 10) / 10 : null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Restarted extends Error {}

export type LoadResult = Awaited<ReturnType<typeof runLoad>>;

export async function runLoad(opts: LoadOptions = DEFAULT_LOAD, env: { databaseUrl?: string } = {}) {
  const rnd = prng(opts.seed);
  const faults = createFaultInjector();
  addFaults(faults, opts.faults, prng(opts.seed * 7919 + 1));
  // Behind a proxy: the tenant comes from x-forwarded-host, each device has its own address.
  const cluster = await startCluster({
    shape: opts.shape,
    store: opts.store,
    poolSize: opts.poolSize,
    faults,
    databaseUrl: env.databaseUrl,
    config: { trustProxy: true, otpMaxPerIp: 1_000_000, otpMaxPerMobile: 1_000_000, idempotencyStaleClaimMs: opts.staleClaimMs },
  });
  const db = cluster.db;
  const sizeBefore = cluster.dbKind === 'postgres' ? await databaseBytes(db) : 0;

  const devices: Device[] = [];
  const queues = new Map<number, Op[]>();
  for (let n = 0; n < opts.devices; n += 1) {
    const tenant = TENANTS[n % TENANTS.length]!;
    // The initiating officers (9000000001 and the agent 9000000004): only they create applications (contracts/authority.ts).
    const officers = STAFF.filter((m) => m.mobile === '9000000001' || m.mobile === '9000000004');
    const staff = officers[Math.floor(n / TENANTS.length) % officers.length]!;
    const [user] = opts.pull
      ? [await deviceOfficer(db, tenant.tenant_id, n)]
      : await db.query<{ id: number; mobile: string }>('SELECT id, mobile FROM users WHERE tenant_id=$1 AND mobile=$2', [
          tenant.tenant_id,
          staff.mobile,
        ]);
    const token = await createSession(db, {
      tenantId: tenant.tenant_id,
      kind: 'staff',
      userId: user!.id,
      mobile: user!.mobile,
      ttlS: 7200,
      now: new Date(),
    });
    const q = makeQueue(n, opts.opsPerDevice, rnd, opts.chunkedShare);
    queues.set(n, q.ops);
    const disk: Persisted = { ops: q.ops, next: 0, fileIds: {}, uploadIds: {}, firstSentAt: {} };
    devices.push({
      n,
      host: `${tenant.tenant_id}.localhost`,
      ip: `10.1.${n >> 8}.${n & 255}`,
      token,
      apps: q.apps,
      disk: JSON.stringify(disk),
      restarts: 0,
    });
  }

  const puller = opts.pull ? makePuller() : null;
  const monitor = opts.monitor?.(db) ?? null;
  const requestMs: number[] = [];
  const opMs: number[] = [];
  const statuses: Record<string, number> = {};
  const restarts = { mid_request: 0, after_answer: 0 };
  let networkErrors = 0;
  let attempts = 0;
  const problems: string[] = [];
  const startedAt = performance.now();
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
  }, opts.deadlineMs);

  /** One attempt of a request; throws Restarted when the device restarts during it. */
  async function attempt(d: Device, req: Req, crash: 'mid' | 'after' | null): Promise<Answer> {
    const headers: Record<string, string> = { token: d.token, 'x-forwarded-host': d.host, 'x-forwarded-for': d.ip, ...req.headers };
    if (req.key) headers['Idempotency-Key'] = req.key;
    let body = req.body;
    if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    }
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(), opts.clientTimeoutMs);
    let crashed = false;
    const crashTimer =
      crash === 'mid'
        ? setTimeout(() => {
            crashed = true;
            abort.abort();
          }, rnd() * 40)
        : null;
    attempts += 1;
    const t0 = performance.now();
    try {
      const res = await fetch(`${cluster.entry(rnd)}${req.path}`, { method: req.method, headers, body, signal: abort.signal });
      const json = (await res.json()) as Answer['json'];
      requestMs.push(performance.now() - t0);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (crash === 'after') throw new Restarted();
      return { status: res.status, json, headers: res.headers };
    } catch (err) {
      if (err instanceof Restarted || crashed) throw new Restarted();
      networkErrors += 1;
      return { status: 0, json: {}, headers: null };
    } finally {
      clearTimeout(timeout);
      if (crashTimer) clearTimeout(crashTimer);
    }
  }

  /** Sends until an answer that settles it: 2xx, a final 4xx, or a status the caller handles (`settles`). */
  async function send(d: Device, req: Req, settles: (status: number) => boolean = () => false): Promise<Answer> {
    for (let tries = 1; ; tries += 1) {
      if (timedOut) throw new Error('deadline');
      const r = rnd();
      const crash = r < opts.restartRate / 2 ? 'mid' : r < opts.restartRate ? 'after' : null;
      if (crash) restarts[crash === 'mid' ? 'mid_request' : 'after_answer'] += 1;
      const a = await attempt(d, req, crash);
      if ((a.status >= 200 && a.status < 300) || settles(a.status)) return a;
      if (a.status >= 400 && a.status < 500 && ![408, 409, 429].includes(a.status)) return a;
      const retryAfter = Number(a.headers?.get('retry-after'));
      await sleep(retryAfter > 0 ? retryAfter * 1000 : Math.min(2000, 50 * 2 ** Math.min(tries, 6)) * (0.5 + rnd() / 2));
    }
  }

  /** Runs from the persisted state until the queue is done; throws Restarted to simulate a restart. */
  async function runFromDisk(d: Device) {
    const mem = JSON.parse(d.disk) as Persisted;
    const persist = () => {
      d.disk = JSON.stringify(mem);
    };
    while (mem.next < mem.ops.length) {
      if (timedOut) throw new Error('deadline');
      const i = mem.next;
      const op = mem.ops[i]!;
      if (mem.firstSentAt[i] === undefined) {
        mem.firstSentAt[i] = performance.now();
        persist();
      }
      const a =
        op.kind === 'chunked'
          ? await chunkedUpload((req, settles) => send(d, req, settles), mem, persist, i, op)
          : await send(d, request(op, mem));
      if (a.status >= 200 && a.status < 300) {
        if (op.kind === 'upload' || op.kind === 'chunked') {
          const id = a.json.data?.file_id;
          if (typeof id !== 'string') problems.push(`${op.marker}: upload answered without a file id`);
          else mem.fileIds[i] = id;
        }
        opMs.push(performance.now() - mem.firstSentAt[i]!);
      } else {
        problems.push(`dev ${d.n} op ${i} (${op.kind}): final answer ${a.status}`);
      }
      mem.next = i + 1;
      persist();
    }
  }

  async function runDevice(d: Device) {
    if (puller) await puller.before(d, cluster.entry(rnd));
    for (;;) {
      try {
        await runFromDisk(d);
        if (puller) await puller.after(d, cluster.entry(rnd));
        return;
      } catch (err) {
        if (!(err instanceof Restarted)) throw err;
        d.restarts += 1;
        await sleep(20 + rnd() * 200); // the app starting again
      }
    }
  }

  let runError: string | null = null;
  await Promise.all(devices.map(runDevice)).catch((err: unknown) => {
    runError = err instanceof Error ? err.message : String(err);
  });
  clearTimeout(deadline);
  const wallMs = performance.now() - startedAt;
  if (runError) problems.push(`run stopped: ${runError} after ${Math.round(wallMs / 1000)} s`);
  const monitored = monitor ? await monitor.stop() : undefined;
  // Answers cut after commit may still be finishing on the server: let them.
  await sleep(300);

  const checkStart = performance.now();
  const checked = runError ? { problems: [], filesRead: 0 } : await checkRun(db, cluster.instances, devices, opts.readBack);
  problems.push(...checked.problems);
  const checkS = Math.round((performance.now() - checkStart) / 100) / 10;
  const [orphans] =
    cluster.store === 'postgres'
      ? await db.query<{ parts: number; files: number }>(
          `SELECT count(*) FILTER (WHERE key LIKE 'uploads/%')::int AS parts, count(*) FILTER (WHERE key LIKE 'files/%'
       AND NOT EXISTS (SELECT 1 FROM files f WHERE f.path = s.key))::int AS files FROM stored_files s`,
        )
      : [];
  const size = cluster.dbKind === 'postgres' ? await databaseSize(db, opts.devices * 2, sizeBefore) : null;

  requestMs.sort((x, y) => x - y);
  opMs.sort((x, y) => x - y);
  const injected: Record<string, number> = {};
  for (const s of faults.seen) if (s.fault) injected[s.fault] = (injected[s.fault] ?? 0) + 1;
  const ops = opMs.length;
  const result = {
    date: new Date().toISOString(),
    shape: opts.shape,
    database: cluster.dbKind,
    file_store: cluster.store,
    instances: cluster.instances.length,
    health_before_run: cluster.health,
    requests_per_instance_via_proxy: cluster.proxied,
    devices: opts.devices,
    ops_per_device: opts.opsPerDevice,
    operations: { total: ops, creates: opts.devices * 2, ...countKinds(queues.values()) },
    fault_rates: opts.faults,
    restart_rate_per_attempt: opts.restartRate,
    stale_claim_ms: opts.staleClaimMs,
    wall_s: Math.round(wallMs / 100) / 10,
    http_requests: attempts,
    answers_by_status: statuses,
    network_errors_seen_by_clients: networkErrors,
    injected_faults: injected,
    client_restarts: restarts,
    throughput: { ops_per_s: Math.round((ops / wallMs) * 10_000) / 10, requests_per_s: Math.round((attempts / wallMs) * 10_000) / 10 },
    request_latency_ms: { p50: pct(requestMs, 50), p95: pct(requestMs, 95), p99: pct(requestMs, 99), max: pct(requestMs, 100) },
    op_latency_ms: { p50: pct(opMs, 50), p95: pct(opMs, 95), p99: pct(opMs, 99), max: pct(opMs, 100) },
    exactly_once_in_order: problems.length === 0,
    ...(puller ? { feed: puller.summary() } : {}),
    ...(monitored !== undefined ? { monitor: monitored } : {}),
    files_read_back: checked.filesRead,
    check_s: checkS,
    // Bytes stored by a request that then died before its row committed (killed, rolled back): nothing names them.
    unreferenced_objects: orphans ?? null,
    database_size: size,
    // A request slower than the stale-claim window could have been run twice had its retry come then.
    warnings:
      (requestMs.at(-1) ?? 0) > opts.staleClaimMs ? [`slowest request ${Math.round(requestMs.at(-1)!)} ms > stale-claim window`] : [],
    problems: problems.slice(0, 20),
    problem_count: problems.length,
    machine: { cpus: cpus().length, node: process.version, note: 'clients, proxy and both server instances share one Node process' },
  };
  await cluster.close();
  return result;
}
