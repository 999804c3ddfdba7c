// The load and fault run (issue 10, item 4), shared by `npm run test:load` (bench/server-load.ts, 200
// devices) and the smaller CI version (server/load-run.test.ts).
//
// N simulated field devices, each with a persisted queue of operations (create two applications, photo
// uploads, merge-patch step submits; a patch may carry the file id an earlier upload got back), replay
// their queues at the same time over real HTTP on loopback against two app instances on one database (a
// load balancer picks one per attempt), while the server's test-only fault hooks drop answers after
// committing, answer 503 / 429 / 502-after-commit, answer slowly, fail a commit, or kill the request
// between receiving and committing. Devices also restart at random: they forget everything in memory
// (mid-request, or after an answer arrived but before it was persisted) and resume from their persisted
// queue, re-sending the in-flight operation with the same Idempotency-Key.
//
// Afterwards the check reads the database and the server's API: every application exists once, every
// upload is one file row, every patch one event, events in each application in queue order, each patch's
// file reference names the one stored file, and no Idempotency-Key is left in progress.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { createApp } from '../server/app';
import { makeConfig } from '../server/config';
import type { Db } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { openTestDb } from '../server/db/test-db';
import { STAFF } from '../server/fixtures/staff';
import { TENANTS } from '../server/fixtures/tenants';
import { silentLogger } from '../server/logger';
import { createFaultInjector, type Fault, type FaultInjector } from '../server/middleware/fault-injection';
import { createSession } from '../server/services/sessions';
import { createDirFileStore } from '../server/storage/file-store';

export type LoadOptions = {
  devices: number;
  opsPerDevice: number;
  /** Chance per mutating request of each fault. */
  faults: Record<'drop' | 'unavailable' | 'tooMany' | 'badGatewayAfterCommit' | 'slow' | 'rollback' | 'kill', number>;
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
};

/** Small deterministic PRNG (mulberry32): the same seed gives the same queues (faults and restarts also
 * come from it, but in the order the concurrent devices happen to ask). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Op =
  | { kind: 'create'; app: string; key: string; phone: string }
  | { kind: 'upload'; app: string; key: string; marker: string }
  | { kind: 'patch'; app: string; key: string; marker: string; step: string; photoOf?: number };

/** What survives a restart (the device's IndexedDB): the queue, how far it got, and answers it kept. */
type Persisted = { ops: Op[]; next: number; fileIds: Record<number, string>; firstSentAt: Record<number, number> };

type Device = { n: number; host: string; ip: string; token: string; apps: string[]; disk: string; restarts: number };

const STEPS = ['business', 'kyc', 'address', 'income', 'bank', 'references'];
const hex = (rnd: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');

/** The queue a device builds while offline: create A, later create B, uploads and patches on both. */
function makeQueue(n: number, ops: number, rnd: () => number): { ops: Op[]; apps: string[] } {
  const apps = [hex(rnd, 32), hex(rnd, 32)];
  const key = (i: number) => `dev${n}-op${i}-${hex(rnd, 8)}`;
  const phone = (i: number) => `9${String(100_000_000 + n * 10 + i).slice(-9)}`;
  const out: Op[] = [{ kind: 'create', app: apps[0]!, key: key(0), phone: phone(0) }];
  const secondAt = Math.min(ops - 1, Math.max(2, Math.floor(ops / 3)));
  const lastUpload: Record<string, number | undefined> = {};
  for (let i = 1; i < ops; i += 1) {
    if (i === secondAt) {
      out.push({ kind: 'create', app: apps[1]!, key: key(i), phone: phone(1) });
      continue;
    }
    const app = i > secondAt && rnd() < 0.5 ? apps[1]! : apps[0]!;
    const marker = `d${n}-${i}`;
    if (rnd() < 0.35) {
      out.push({ kind: 'upload', app, key: key(i), marker });
      lastUpload[app] = i;
    } else {
      // A step that refers to the photo just taken, as a form step with a photo field does.
      const photoOf = lastUpload[app];
      lastUpload[app] = undefined;
      out.push({ kind: 'patch', app, key: key(i), marker, step: STEPS[Math.floor(rnd() * STEPS.length)]!, ...(photoOf !== undefined ? { photoOf } : {}) });
    }
  }
  return { ops: out, apps };
}

/** A JPEG of a few KB whose bytes depend on the marker: headers the server reads, then filler. */
function photo(marker: string): Uint8Array<ArrayBuffer> {
  const seg = (m: number, p: number[]) => [0xff, m, ((p.length + 2) >> 8) & 0xff, (p.length + 2) & 0xff, ...p];
  const head = [0xff, 0xd8, ...seg(0xc0, [8, 0x04, 0xb0, 0x06, 0x40, 1, 1, 0x11, 0]), ...seg(0xda, [1, 1, 0, 0, 0x3f, 0])];
  const size = 4096 + (marker.length * 97) % 4096;
  const out = new Uint8Array(size);
  out.set(head);
  for (let i = head.length; i < size - 2; i += 1) out[i] = (marker.charCodeAt(i % marker.length) + i) % 250;
  out.set([0xff, 0xd9], size - 2);
  return out;
}

/** A borrower-draft step (the merge PATCH takes only those fields): the marker, the step, the photo it refers to. */
const patchBody = (op: Extract<Op, { kind: 'patch' }>, fileIds: Record<number, string>) => ({
  purpose: op.marker,
  address_type: op.step,
  ...(op.photoOf !== undefined ? { photo_file: fileIds[op.photoOf] } : {}),
});

/** JSON with sorted keys: jsonb does not keep key order. */
const canonical = (v: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))));

const pct = (xs: number[], p: number) => (xs.length ? Math.round(xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! * 10) / 10 : null);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Restarted extends Error {}

export type LoadResult = Awaited<ReturnType<typeof runLoad>>;

export async function runLoad(opts: LoadOptions = DEFAULT_LOAD, env: { databaseUrl?: string } = {}) {
  const rnd = prng(opts.seed);
  const faultRnd = prng(opts.seed * 7919 + 1);
  const testDb = await openTestDb(env.databaseUrl, { seeded: true, poolSize: opts.poolSize });
  const db = testDb.db;
  await migrate(db);
  await seed(db);
  const second = await testDb.connect();
  const fileDir = await mkdtemp(join(tmpdir(), 'flo-load-'));
  const files = createDirFileStore(fileDir);
  const faults = createFaultInjector();
  addFaults(faults, opts.faults, faultRnd);
  // Behind a proxy: the tenant comes from x-forwarded-host, each device has its own address.
  const config = makeConfig({
    trustProxy: true, otpMaxPerIp: 1_000_000, otpMaxPerMobile: 1_000_000, idempotencyStaleClaimMs: opts.staleClaimMs,
  });
  const servers: ServerType[] = [];
  const bases: string[] = [];
  for (const instanceDb of [db, second]) {
    const app = createApp({ db: instanceDb, files, config, log: silentLogger, faults });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    servers.push(server);
    bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/main`);
  }

  const devices: Device[] = [];
  const queues = new Map<number, Op[]>();
  for (let n = 0; n < opts.devices; n += 1) {
    const tenant = TENANTS[n % TENANTS.length]!;
    // The initiating officers (9000000001 and the agent 9000000004): only they create applications (contracts/authority.ts).
    const officers = STAFF.filter((m) => m.mobile === '9000000001' || m.mobile === '9000000004');
    const staff = officers[Math.floor(n / TENANTS.length) % officers.length]!;
    const [user] = await db.query<{ id: number }>('SELECT id FROM users WHERE tenant_id=$1 AND mobile=$2', [tenant.tenant_id, staff.mobile]);
    const token = await createSession(db, { tenantId: tenant.tenant_id, kind: 'staff', userId: user!.id, mobile: staff.mobile, ttlS: 3600, now: new Date() });
    const q = makeQueue(n, opts.opsPerDevice, rnd);
    queues.set(n, q.ops);
    const disk: Persisted = { ops: q.ops, next: 0, fileIds: {}, firstSentAt: {} };
    devices.push({ n, host: `${tenant.tenant_id}.localhost`, ip: `10.1.${n >> 8}.${n & 255}`, token, apps: q.apps, disk: JSON.stringify(disk), restarts: 0 });
  }

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

  /** One attempt of an op; throws Restarted when the device restarts during it. */
  async function attempt(d: Device, mem: Persisted, op: Op, crash: 'mid' | 'after' | null) {
    const base = bases[Math.floor(rnd() * bases.length)]!;
    const headers: Record<string, string> = { token: d.token, 'x-forwarded-host': d.host, 'x-forwarded-for': d.ip, 'Idempotency-Key': op.key };
    let method = 'PATCH';
    let path = `/v1/app/mfi/${op.app}`;
    let body: BodyInit;
    if (op.kind === 'create') {
      method = 'PUT';
      headers['content-type'] = 'application/json';
      body = JSON.stringify({ phone: op.phone, name: `Load ${op.phone}` });
    } else if (op.kind === 'patch') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(patchBody(op, mem.fileIds));
    } else {
      method = 'POST';
      path = '/v1/file/upload';
      const fd = new FormData();
      fd.append('file', new Blob([photo(op.marker)], { type: 'image/jpeg' }), `${op.marker}.jpg`);
      for (const [k, v] of Object.entries({ file_type: 'SHOP_PHOTO', application_id: op.app, name_prefix: op.marker, geo_tag: '{"latitude":18.52,"longitude":73.85}' })) fd.append(k, v);
      body = fd;
    }
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(), opts.clientTimeoutMs);
    let crashed = false;
    const crashTimer = crash === 'mid' ? setTimeout(() => {
      crashed = true;
      abort.abort();
    }, rnd() * 40) : null;
    attempts += 1;
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}${path}`, { method, headers, body, signal: abort.signal });
      const json = (await res.json()) as { data?: { file_id?: string } };
      requestMs.push(performance.now() - t0);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (crash === 'after') throw new Restarted();
      return { status: res.status, json, retryAfter: Number(res.headers.get('retry-after')) };
    } catch (err) {
      if (err instanceof Restarted || crashed) throw new Restarted();
      networkErrors += 1;
      return { status: 0, json: {}, retryAfter: 0 };
    } finally {
      clearTimeout(timeout);
      if (crashTimer) clearTimeout(crashTimer);
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
      for (let tries = 1; ; tries += 1) {
        if (timedOut) throw new Error('deadline');
        const r = rnd();
        const crash = r < opts.restartRate / 2 ? 'mid' : r < opts.restartRate ? 'after' : null;
        if (crash) restarts[crash === 'mid' ? 'mid_request' : 'after_answer'] += 1;
        const a = await attempt(d, mem, op, crash);
        if (a.status >= 200 && a.status < 300) {
          if (op.kind === 'upload') {
            const id = a.json.data?.file_id;
            if (!id) problems.push(`${op.marker}: upload answered without a file id`);
            else mem.fileIds[i] = id;
          }
          opMs.push(performance.now() - mem.firstSentAt[i]!);
          mem.next = i + 1;
          persist();
          break;
        }
        if (a.status >= 400 && a.status < 500 && ![408, 409, 429].includes(a.status)) {
          problems.push(`dev ${d.n} op ${i} (${op.kind}): final answer ${a.status}`);
          mem.next = i + 1;
          persist();
          break;
        }
        const backoff = a.retryAfter > 0 ? a.retryAfter * 1000 : Math.min(2000, 50 * 2 ** Math.min(tries, 6)) * (0.5 + rnd() / 2);
        await sleep(backoff);
      }
    }
  }

  async function runDevice(d: Device) {
    for (;;) {
      try {
        await runFromDisk(d);
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
  // Answers cut after commit may still be finishing on the server: let them.
  await sleep(300);

  if (!runError) problems.push(...(await check(db, bases[1]!, devices)));

  requestMs.sort((x, y) => x - y);
  opMs.sort((x, y) => x - y);
  const injected: Record<string, number> = {};
  for (const s of faults.seen) if (s.fault) injected[s.fault] = (injected[s.fault] ?? 0) + 1;
  const ops = opMs.length;
  const result = {
    date: new Date().toISOString(),
    database: testDb.kind,
    instances: bases.length,
    devices: opts.devices,
    ops_per_device: opts.opsPerDevice,
    operations: { total: ops, creates: opts.devices * 2, ...countKinds(queues) },
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
    // A request slower than the stale-claim window could have been run twice had its retry come then.
    warnings: (requestMs.at(-1) ?? 0) > opts.staleClaimMs ? [`slowest request ${Math.round(requestMs.at(-1)!)} ms > stale-claim window`] : [],
    problems: problems.slice(0, 20),
    problem_count: problems.length,
    machine: { cpus: cpus().length, node: process.version, note: 'clients and both server instances share one Node process' },
  };

  for (const s of servers) await new Promise<void>((r) => s.close(() => r()));
  await testDb.drop();
  await rm(fileDir, { recursive: true, force: true });
  return result;
}

function countKinds(queues: Map<number, Op[]>) {
  let uploads = 0;
  let patches = 0;
  for (const ops of queues.values()) for (const op of ops) {
    if (op.kind === 'upload') uploads += 1;
    if (op.kind === 'patch') patches += 1;
  }
  return { uploads, patches };
}

function addFaults(faults: FaultInjector, rates: LoadOptions['faults'], rnd: () => number) {
  const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  const table: Array<[number, Fault]> = [
    [rates.drop, { kind: 'drop' }],
    [rates.unavailable, { kind: 'status', status: 503 }],
    [rates.tooMany, { kind: 'status', status: 429, retryAfterS: 1 }],
    [rates.badGatewayAfterCommit, { kind: 'status', status: 502, afterCommit: true }],
    [rates.slow, { kind: 'delay', stage: 'after', ms: 1500 }],
    [rates.rollback, { kind: 'rollback' }],
    [rates.kill, { kind: 'kill' }],
  ];
  // One draw per request picks at most one fault: a first rule that never matches draws it.
  let draw = 1;
  faults.add({
    fault: { kind: 'drop' },
    times: Number.POSITIVE_INFINITY,
    match: (m) => {
      draw = MUTATING.has(m) ? rnd() : 1;
      return false;
    },
  });
  let edge = 0;
  for (const [p, fault] of table) {
    const from = edge;
    edge += p;
    const to = edge;
    faults.add({ fault, times: Number.POSITIVE_INFINITY, match: () => draw >= from && draw < to });
  }
}

/** Reads the database and the server's API after the run. */
async function check(db: Db, base: string, devices: Device[]): Promise<string[]> {
  const problems: string[] = [];
  const [left] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM idempotency_keys WHERE state <> 'done'`);
  if (left?.n) problems.push(`${left.n} Idempotency-Keys still in progress`);
  const [apps] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications');
  if (apps?.n !== devices.length * 2) problems.push(`${apps?.n} applications for ${devices.length * 2} created`);
  for (const d of devices) {
    const disk = JSON.parse(d.disk) as Persisted;
    if (disk.next !== disk.ops.length) problems.push(`dev ${d.n}: queue stopped at ${disk.next}`);
    for (const app of d.apps) {
      const mine = disk.ops.map((op, i) => ({ op, i })).filter((x) => x.op.app === app);
      const patches = mine.filter((x) => x.op.kind === 'patch');
      const uploads = mine.filter((x) => x.op.kind === 'upload');
      const events = await db.query<{ body: Record<string, unknown> }>(
        'SELECT body FROM application_events WHERE application_id=$1 ORDER BY seq', [app]);
      const want = patches.map((x) => canonical(patchBody(x.op as Extract<Op, { kind: 'patch' }>, disk.fileIds)));
      const got = events.map((e) => canonical(e.body));
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        problems.push(`app ${app} (dev ${d.n}): events ${events.map((e) => e.body.purpose).join(',')} ≠ queue ${patches.map((x) => (x.op as { marker: string }).marker).join(',')}`);
      }
      const rows = await db.query<{ id: string; name_prefix: string }>('SELECT id, name_prefix FROM files WHERE application_id=$1', [app]);
      const byMarker = new Map<string, string[]>();
      for (const r of rows) byMarker.set(r.name_prefix, [...(byMarker.get(r.name_prefix) ?? []), r.id]);
      if (rows.length !== uploads.length) problems.push(`app ${app} (dev ${d.n}): ${rows.length} file rows for ${uploads.length} uploads`);
      for (const u of uploads) {
        const ids = byMarker.get((u.op as { marker: string }).marker) ?? [];
        if (ids.length !== 1 || ids[0] !== disk.fileIds[u.i]) problems.push(`upload ${(u.op as { marker: string }).marker}: rows ${ids.join(',') || 'none'}, device kept ${disk.fileIds[u.i]}`);
      }
      // The server's own view: the merged record carries the last step and every photo reference.
      const res = await fetch(`${base}/v1/app/mfi/${app}`, { headers: { token: d.token, 'x-forwarded-host': d.host, 'x-forwarded-for': d.ip } });
      const data = ((await res.json()) as { data?: Record<string, unknown> }).data;
      if (res.status !== 200 || !data) {
        problems.push(`app ${app}: GET ${res.status}`);
        continue;
      }
      const last = patches.at(-1)?.op as Extract<Op, { kind: 'patch' }> | undefined;
      if (last && data.purpose !== last.marker) problems.push(`app ${app}: server says last step ${String(data.purpose)}, queue ${last.marker}`);
      // Each photo reference is in its patch's event (compared above); the record keeps the last one.
      const lastPhoto = patches.map((p) => (p.op as Extract<Op, { kind: 'patch' }>).photoOf).filter((n) => n !== undefined).at(-1);
      if (lastPhoto !== undefined && data.photo_file !== disk.fileIds[lastPhoto]) problems.push(`app ${app}: photo_file mismatch`);
    }
  }
  return problems;
}
