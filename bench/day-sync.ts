// A day's sync over a shaped link: time from 'online' to 'the server has everything'
// for (a) our engine, (b) the usual approach (Workbox Background Sync's queue replay), (c) the link limit,
// on Slow 4G and 3G. See bench/README.md for what each figure means.
//
// Processes: the sandbox server (bench/day-sync-server.ts, PGlite in memory, real createApp on 127.0.0.1:4195)
// and the shaper (bench/net-shaper.ts on 4196 → 4195) each run in their own process; the clients run here.
// Everything the clients send goes through the shaper.
//
// (a) OUR ENGINE: the real createSyncEngine (src/sync/engine.ts) on fake-indexeddb with createFetchTransport
//     pointed at the shaper. The day is queued offline through the real outbox API (startApplication,
//     queuePhoto, enqueueUpload, enqueue with { $fileId } placeholders), with the photo bytes our pipeline
//     stores (bench/day-fixtures.ts: the real resizeWithOffscreen in Chromium).
// (b) BASELINE: workbox-background-sync's own Queue class (v7, the one vite-plugin-pwa ships), run in Node
//     over fake-indexeddb instead of a service worker: every request is stored with Queue.pushRequest
//     (StorableRequest: url, method, headers, body as an ArrayBuffer) while offline; going online calls
//     Queue.replayRequests(), the method the 'sync' event runs: shiftRequest() the oldest entry,
//     `await fetch(entry.request.clone())`, next; one request at a time, in queue order; a network error
//     puts the entry back and stops. The requests are what such an app queues: the create PUT, one
//     multipart POST per file with the unresized camera original, the step PATCHes. A stored request cannot
//     learn a server file id at replay, so the baseline's patches name files by their client id (a few
//     bytes, no effect on time). Differences from a browser: no service-worker start-up or sync-event
//     delay is counted (generous to the baseline).
// (c) LINK LIMIT: payload bytes (stored photos + PDFs + JSON bodies) / uplink + 3 RTT per request batch,
//     where a batch is one step of the longest chain of requests that must follow each other (per
//     application: create, then its 6 step patches, each after its files: 7 batches).
//
// Usage: tsx bench/day-sync.ts [--scale 20] [--profiles slow4g,3g] [--out bench/results/day-sync.json] [--ours-only]
//   --scale 1 runs the real link speed (about 75 minutes, the baseline's full-size photos dominate);
//   --ours-only skips the baseline (e.g. to check ours against the limit at real speed).
import 'fake-indexeddb/auto';
import { type ChildProcess, fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { allOps } from '../src/db/outbox';
import type { GeoTag } from '../contracts/files';
import { openUserDb, type UserDb } from '../src/db/user-db';
import { newApplicationId, newUuid } from '../src/lib/ids';
import { startApplication } from '../src/ops/start-application';
import { queuePhoto } from '../src/photos/queue-photo';
import { fileRef } from '../src/sync/dependency';
import { createSyncEngine } from '../src/sync/engine';
import { queueOp, enqueueUpload } from '../src/sync/enqueue';
import { createFetchTransport } from '../src/sync/transport';
import { dayPhotos, GEO, makePdf, PDF_SIZES, type Photo } from './day-fixtures';
import { linkOf, PROFILES, type ProfileName } from './net-shaper';
import { type ShaperCheck, shaperSelfCheck } from './net-shaper.check';

const SERVER_PORT = 4195;
const SHAPER_PORT = 4196;
const API = `http://127.0.0.1:${SHAPER_PORT}/api/main`;
export const TARGETS = { baselineOverOurs: 4, oursOverLimit: 1.3 };
// --week: a week offline before the sync, 20 applications with 20 photos and 5 PDFs each (400 and 100).
const WEEK = process.argv.includes('--week');
const APPS = WEEK ? 20 : 3;
const PHOTOS_PER_APP = WEEK ? 20 : 12;
const PDFS_PER_APP = WEEK ? 5 : 2;
/** Distinct camera photos made for the fixture; a week reuses the day's 36 in turn (same sizes, no 40-minute make). */
const DISTINCT_PHOTOS = 36;

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const log = (s: string) => console.log(`[day-sync ${new Date().toISOString().slice(11, 19)}] ${s}`);

// ---------- child processes over IPC ----------
type Child = { proc: ChildProcess; call<T>(msg: Record<string, unknown>): Promise<T> };
function startChild(script: string, args: string[]): Promise<Child> {
  const proc = fork(script, args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let next = 1;
  const waiting = new Map<number, (m: { value?: unknown; error?: string; stats?: unknown }) => void>();
  return new Promise((resolve, reject) => {
    proc.on('message', (m: { id: number; ready?: boolean }) => {
      if (m.ready) {
        resolve({
          proc,
          call: (msg) =>
            new Promise((res, rej) => {
              const id = next++;
              waiting.set(id, (r) => (r.error ? rej(new Error(r.error)) : res((r.value ?? r.stats) as never)));
              proc.send({ ...msg, id });
            }),
        });
        return;
      }
      waiting.get(m.id)?.(m as never);
      waiting.delete(m.id);
    });
    proc.once('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

// ---------- the day's work ----------
type StepPlan = { name: string; photos: number[]; pdfs: number[]; fields?: Record<string, string> };
// The merge PATCH takes only the borrower's typed draft fields (contracts/borrower.ts BorrowerDraft): a
// step names its files through the five KYC file fields (at most five files a patch) and sets one text field.
const FILE_KEYS = ['photo_file', 'pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file'] as const;
const STEPS: StepPlan[] = [
  { name: 'kyc', photos: [0], pdfs: [], fields: { photo_geo_tag_info: JSON.stringify(GEO) } },
  { name: 'co-borrower', photos: [1], pdfs: [], fields: { guardian_name: 'Ramesh Kumar' } },
  { name: 'house', photos: [2, 3, 4, 5], pdfs: [], fields: { house_type: 'OWNED' } },
  { name: 'business', photos: [6, 7, 8, 9], pdfs: [], fields: { purpose: 'Shop stock' } },
  { name: 'documents', photos: [10, 11], pdfs: [0, 1], fields: { mother_name: 'Kamla Devi' } },
  // A week's application also has its visits (8 photos) and three more statements.
  ...(WEEK
    ? [
        { name: 'visit-shop', photos: [12, 13, 14, 15, 16], pdfs: [] },
        { name: 'visit-house', photos: [17, 18, 19], pdfs: [2, 3] },
        { name: 'statement', photos: [], pdfs: [4] },
      ]
    : []),
  { name: 'submit', photos: [], pdfs: [], fields: { education_qualification: 'Graduate', religion: 'Hindu' } },
];
/** A step's patch: its files (photos, then PDFs) in the file fields, and its text fields. */
const bodyOf = (step: StepPlan, f: (i: number) => unknown, p: (i: number) => unknown): Record<string, unknown> => {
  const refs = [...step.photos.map(f), ...step.pdfs.map(p)];
  if (refs.length > FILE_KEYS.length) throw new Error(`step ${step.name} names more files than a patch can`);
  return { ...Object.fromEntries(refs.map((r, i) => [FILE_KEYS[i], r])), ...step.fields };
};
/** Dependent requests in a row, per application: the create, then each step's patch. */
const BATCHES = 1 + STEPS.length;
const geoTag = (): GeoTag => ({ ...GEO, accuracy: 12, captured_at: '2026-11-23T05:30:00.000Z', source: 'device' });

type Day = { photos: Photo[]; pdfs: Buffer[] };
type Expected = { appIds: string[]; files: number; events: Array<{ appId: string; keys: string[] }> };

let phoneSeq = 0;
const nextPhone = () => `98${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSeq++ % 100).padStart(2, '0')}`;

/** Queues the day offline through the real outbox API; returns the payload bytes and what the server must end with. */
async function queueOurs(db: UserDb, day: Day) {
  const expected: Expected = { appIds: [], files: 0, events: [] };
  let payload = 0;
  for (let a = 0; a < APPS; a += 1) {
    const form = { phone: nextPhone(), name: `Borrower ${a + 1} Devi` };
    payload += JSON.stringify(form).length;
    const appId = await startApplication(db, form);
    expected.appIds.push(appId);
    for (const step of STEPS) {
      const photoIds = new Map<number, string>();
      const pdfIds = new Map<number, string>();
      for (const i of step.photos) {
        const ph = day.photos[(a * PHOTOS_PER_APP + i) % day.photos.length]!;
        const blob = new Blob([new Uint8Array(ph.stored)], { type: 'image/jpeg' });
        payload += ph.stored.length;
        photoIds.set(
          i,
          await queuePhoto(
            db,
            {
              appId,
              field: `${step.name}_${i}`,
              fileType: 'BORROWER_PHOTO',
              uploadType: 'KYC',
              phone: form.phone,
              label: `${step.name} photo`,
            },
            { blob, name: `IMG_${ph.seed}.jpg`, mime: 'image/jpeg', size: blob.size, geoTag: geoTag() },
          ),
        );
      }
      for (const i of step.pdfs) {
        const pdf = day.pdfs[a * PDFS_PER_APP + i]!;
        const id = newUuid();
        payload += pdf.length;
        await enqueueUpload(db, {
          file: {
            id,
            blob: new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
            name: `statement-${a}-${i}.pdf`,
            mime: 'application/pdf',
            size: pdf.length,
            geoTag: geoTag(),
            appId,
            field: `${step.name}_pdf_${i}`,
          },
          fields: { file_type: 'BANK_STATEMENT', application_id: appId },
          label: 'Bank statement',
        });
        pdfIds.set(i, id);
      }
      expected.files += step.photos.length + step.pdfs.length;
      const body = bodyOf(
        step,
        (i) => fileRef(photoIds.get(i)!),
        (i) => fileRef(pdfIds.get(i)!),
      );
      payload += JSON.stringify(body).length;
      await queueOp(db, { appId, kind: 'application.update', method: 'PATCH', path: `/v1/app/mfi/${appId}`, body, label: step.name });
      expected.events.push({ appId, keys: Object.keys(body) });
    }
  }
  return { expected, payload };
}

/** The same day as the requests a Workbox Background Sync app queues: full-size originals, one multipart POST per file. */
function baselineRequests(day: Day, token: string) {
  const expected: Expected = { appIds: [], files: 0, events: [] };
  const requests: Request[] = [];
  const json = (method: string, path: string, body: unknown) =>
    new Request(`${API}${path}`, { method, headers: { token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  for (let a = 0; a < APPS; a += 1) {
    const appId = newApplicationId();
    const form = { phone: nextPhone(), name: `Borrower ${a + 1} Devi` };
    requests.push(json('PUT', `/v1/app/mfi/${appId}`, form));
    expected.appIds.push(appId);
    for (const step of STEPS) {
      const upload = (bytes: Buffer, name: string, type: string, fileType: string) => {
        const clientId = newUuid();
        const fd = new FormData();
        fd.set('file_type', fileType);
        fd.set('application_id', appId);
        fd.set('geo_tag', JSON.stringify(geoTag()));
        fd.set('file', new File([new Uint8Array(bytes)], name, { type }));
        requests.push(new Request(`${API}/v1/file/upload`, { method: 'POST', headers: { token }, body: fd }));
        return `local:${clientId}`;
      };
      const photoRefs = new Map(
        step.photos.map((i) => {
          const ph = day.photos[(a * PHOTOS_PER_APP + i) % day.photos.length]!;
          return [i, upload(ph.original, `IMG_${ph.seed}.jpg`, 'image/jpeg', 'BORROWER_PHOTO')];
        }),
      );
      const pdfRefs = new Map(
        step.pdfs.map((i) => [i, upload(day.pdfs[a * PDFS_PER_APP + i]!, `statement-${a}-${i}.pdf`, 'application/pdf', 'BANK_STATEMENT')]),
      );
      expected.files += step.photos.length + step.pdfs.length;
      const body = bodyOf(
        step,
        (i) => photoRefs.get(i),
        (i) => pdfRefs.get(i),
      );
      requests.push(json('PATCH', `/v1/app/mfi/${appId}`, body));
      expected.events.push({ appId, keys: Object.keys(body) });
    }
  }
  return { requests, expected };
}

/** The server holds exactly the expected applications, files and events (in order), nothing twice. */
async function verify(server: Child, exp: Expected, localFileIds?: Map<string, string>) {
  const problems: string[] = [];
  const apps = await server.call<Array<{ id: string }>>({
    type: 'query',
    sql: 'SELECT id FROM applications WHERE id = ANY($1)',
    params: [exp.appIds],
  });
  if (apps.length !== exp.appIds.length) problems.push(`applications ${apps.length} ≠ ${exp.appIds.length}`);
  const files = await server.call<Array<{ id: string }>>({
    type: 'query',
    sql: 'SELECT id FROM files WHERE application_id = ANY($1)',
    params: [exp.appIds],
  });
  if (files.length !== exp.files) problems.push(`files ${files.length} ≠ ${exp.files}`);
  const events = await server.call<Array<{ application_id: string; body: Record<string, unknown> }>>({
    type: 'query',
    sql: 'SELECT application_id, body FROM application_events WHERE application_id = ANY($1) ORDER BY seq',
    params: [exp.appIds],
  });
  if (events.length !== exp.events.length) problems.push(`events ${events.length} ≠ ${exp.events.length}`);
  for (const appId of exp.appIds) {
    const got = events.filter((e) => e.application_id === appId).map((e) => Object.keys(e.body).sort().join(','));
    const want = exp.events.filter((e) => e.appId === appId).map((e) => [...e.keys].sort().join(','));
    if (got.join('|') !== want.join('|')) problems.push(`events of ${appId} out of order or different`);
  }
  if (localFileIds) {
    // Our patches must name exactly the stored files (server ids substituted at replay).
    const serverIds = new Set(files.map((f) => f.id));
    const named = new Set<string>();
    for (const e of events) {
      JSON.stringify(e.body, (_k, v) => {
        if (typeof v === 'string' && serverIds.has(v)) named.add(v);
        return v;
      });
    }
    if (named.size !== serverIds.size) problems.push(`patches name ${named.size} of ${serverIds.size} stored files`);
    const kept = new Set(localFileIds.values());
    if ([...serverIds].some((id) => !kept.has(id))) problems.push('a stored file is not the one the phone kept');
  }
  return { applications: apps.length, files: files.length, events: events.length, problems };
}

async function runOurs(server: Child, shaper: Child, day: Day, token: string, tag: string) {
  const db = openUserDb('sahayog', `bench-${tag}-${Date.now()}`);
  const { expected, payload } = await queueOurs(db, day);
  const ops = await allOps(db);
  const transport = createFetchTransport({ baseUrl: () => API, getToken: () => token, timeoutMs: 600_000 });
  await shaper.call({ type: 'reset' });
  const engine = createSyncEngine({ db, transport, random: () => 0.5, isOnline: () => true, wakeIntervalMs: 3_600_000 });
  const t0 = performance.now();
  let passes = 0;
  for (;;) {
    passes += 1;
    await engine.syncNow();
    const left = (await allOps(db)).filter((o) => o.state !== 'done');
    if (!left.length) break;
    if (passes > 20 || left.some((o) => o.state === 'needs-attention'))
      throw new Error(`ours: ${left.length} ops not done: ${JSON.stringify(left.slice(0, 3).map((o) => [o.kind, o.state, o.lastError]))}`);
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(...left.map((o) => o.nextAttemptAt)) - Date.now())));
  }
  const ms = performance.now() - t0;
  const wire = await shaper.call<{ bytesUp: number; bytesDown: number; connections: number }>({ type: 'stats' });
  await engine.stop();
  const local = new Map((await db.files.toArray()).map((f) => [f.id, f.serverFileId ?? '']));
  const check = await verify(server, expected, local);
  db.close();
  return { ms, payload, requests_queued: ops.length, wire, check, passes };
}

async function runBaseline(server: Child, shaper: Child, day: Day, token: string, tag: string) {
  // workbox-background-sync in Node: `self` is the global scope, no `registration.sync` (so the Queue uses
  // its fallback and never registers a sync event); we call replayRequests() ourselves at 'online'.
  const g = globalThis as unknown as { self?: unknown; registration?: unknown };
  g.self ??= globalThis;
  g.registration ??= {};
  process.env.NODE_ENV = 'production';
  const { Queue } = await import('workbox-background-sync');
  const { requests, expected } = baselineRequests(day, token);
  const queue = new Queue(`day-${tag}`, { forceSyncFallback: true, onSync: async () => undefined });
  for (const request of requests) await queue.pushRequest({ request });
  let payload = 0;
  for (const r of requests) payload += (await r.clone().arrayBuffer()).byteLength;
  // Observe (not change) what replay sees: status of each answer.
  const statuses: number[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await realFetch(input, init);
    statuses.push(res.status);
    await res.arrayBuffer();
    return res;
  }) as typeof fetch;
  await shaper.call({ type: 'reset' });
  const t0 = performance.now();
  try {
    await queue.replayRequests();
  } finally {
    globalThis.fetch = realFetch;
  }
  const ms = performance.now() - t0;
  const wire = await shaper.call<{ bytesUp: number; bytesDown: number; connections: number }>({ type: 'stats' });
  const check = await verify(server, expected);
  if (statuses.some((s) => s >= 300)) check.problems.push(`answers not 2xx: ${statuses.filter((s) => s >= 300).join(',')}`);
  if ((await queue.size()) !== 0) check.problems.push('queue not empty');
  return { ms, payload, requests_queued: requests.length, wire, check };
}

async function main() {
  const scale = Number(arg('scale', '20'));
  // The week is held against the link limit only: the baseline would replay 400 full-size originals (hours).
  const oursOnly = WEEK || process.argv.includes('--ours-only');
  const profiles = arg('profiles', 'slow4g,3g').split(',') as ProfileName[];
  const out = arg('out', WEEK ? 'bench/results/week-sync.json' : 'bench/results/day-sync.json');
  const started = performance.now();

  log('shaper self-check');
  const shaperCheck: ShaperCheck[] = await shaperSelfCheck(scale);
  for (const c of shaperCheck)
    log(
      `  ${c.profile} ×${c.scale} ${c.direction} ${c.bytes} B: expected ${c.expected_ms} ms, measured ${c.measured_ms} ms (${(c.error * 100).toFixed(1)} %)`,
    );

  const photos = await dayPhotos(Math.min(APPS * PHOTOS_PER_APP, DISTINCT_PHOTOS), log);
  const pdfs = Array.from({ length: APPS * PDFS_PER_APP }, (_, i) => makePdf(PDF_SIZES[i % PDF_SIZES.length]!, i + 1));
  const day: Day = { photos, pdfs };
  const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
  const sorted = photos.map((p) => p.stored.length).sort((a, b) => a - b);
  const fixture = {
    applications: APPS,
    photos: APPS * PHOTOS_PER_APP,
    distinct_photos: photos.length,
    mode: WEEK ? 'week' : 'day',
    pdfs: pdfs.length,
    step_patches: APPS * STEPS.length,
    original_photo_bytes: sum(photos.map((p) => p.original.length)),
    stored_photo_bytes: sum(Array.from({ length: APPS * PHOTOS_PER_APP }, (_, i) => photos[i % photos.length]!.stored.length)),
    stored_photo_median_bytes: sorted[Math.floor(sorted.length / 2)],
    stored_photo_p95_bytes: sorted[Math.ceil(sorted.length * 0.95) - 1],
    pdf_bytes: sum(pdfs.map((p) => p.length)),
  };
  log(`day: ${JSON.stringify(fixture)}`);

  const server = await startChild('bench/day-sync-server.ts', ['--port', String(SERVER_PORT)]);
  const shaper = await startChild('bench/net-shaper.ts', [
    '--listen',
    String(SHAPER_PORT),
    '--target',
    String(SERVER_PORT),
    '--profile',
    profiles[0]!,
    '--scale',
    String(scale),
  ]);
  const results: Record<string, unknown> = {};
  let oursUnshaped: unknown = null;
  let pass = shaperCheck.every((c) => c.pass);
  try {
    const token = await server.call<string>({ type: 'token' });
    // Local work alone: the same day through the shaper sped up 10,000× (no bandwidth or RTT to speak of).
    await shaper.call({ type: 'configure', profile: profiles[0], scale: 10_000 });
    log('our engine, link unshaped (local work only)');
    const unshaped = await runOurs(server, shaper, day, token, 'unshaped');
    log(
      `  ours unshaped ${(unshaped.ms / 1000).toFixed(1)} s, check ${unshaped.check.problems.length ? unshaped.check.problems.join('; ') : 'ok'}`,
    );
    oursUnshaped = { ms: Math.round(unshaped.ms), requests_queued: unshaped.requests_queued, check: unshaped.check };
    for (const profile of profiles) {
      await shaper.call({ type: 'configure', profile, scale });
      const link = linkOf(PROFILES[profile], scale);
      log(`${profile} ×${scale}: our engine`);
      const ours = await runOurs(server, shaper, day, token, `${profile}`);
      log(
        `  ours ${(ours.ms / 1000).toFixed(1)} s, ${ours.wire.bytesUp} B up in ${ours.wire.connections} connections, check ${ours.check.problems.length ? ours.check.problems.join('; ') : 'ok'}`,
      );
      if (!oursOnly) log(`${profile} ×${scale}: baseline (workbox-background-sync Queue.replayRequests)`);
      const baseline = oursOnly
        ? {
            ms: Number.NaN,
            payload: 0,
            requests_queued: 0,
            wire: { bytesUp: 0, bytesDown: 0, connections: 0 },
            check: { applications: 0, files: 0, events: 0, problems: [] as string[] },
          }
        : await runBaseline(server, shaper, day, token, `${profile}`);
      if (!oursOnly)
        log(
          `  baseline ${(baseline.ms / 1000).toFixed(1)} s, ${baseline.wire.bytesUp} B up, check ${baseline.check.problems.length ? baseline.check.problems.join('; ') : 'ok'}`,
        );
      const limitMs = (ours.payload / link.upBytesPerS) * 1000 + 3 * link.rttMs * BATCHES;
      const baselineOverOurs = baseline.ms / ours.ms;
      const oursOverLimit = ours.ms / limitMs;
      const r = {
        link: { rtt_ms: link.rttMs, up_bytes_per_s: Math.round(link.upBytesPerS), down_bytes_per_s: Math.round(link.downBytesPerS), scale },
        ours: { ...ours, ms: Math.round(ours.ms), real_link_equivalent_s: Number(((ours.ms * scale) / 1000).toFixed(1)) },
        baseline: { ...baseline, ms: Math.round(baseline.ms), real_link_equivalent_s: Number(((baseline.ms * scale) / 1000).toFixed(1)) },
        limit: {
          ms: Math.round(limitMs),
          payload_bytes: ours.payload,
          batches: BATCHES,
          real_link_equivalent_s: Number(((limitMs * scale) / 1000).toFixed(1)),
        },
        baseline_over_ours: {
          value: Number(baselineOverOurs.toFixed(2)),
          target: `>= ${TARGETS.baselineOverOurs}`,
          pass: baselineOverOurs >= TARGETS.baselineOverOurs,
        },
        ours_over_limit: {
          value: Number(oursOverLimit.toFixed(2)),
          target: `<= ${TARGETS.oursOverLimit}`,
          pass: oursOverLimit <= TARGETS.oursOverLimit,
        },
        server_check: { pass: !ours.check.problems.length && !baseline.check.problems.length },
      };
      log(
        `  ${profile}: baseline/ours ${oursOnly ? 'not run' : `${r.baseline_over_ours.value} (${r.baseline_over_ours.pass ? 'PASS' : 'FAIL'})`}, ours/limit ${r.ours_over_limit.value} (${r.ours_over_limit.pass ? 'PASS' : 'FAIL'})`,
      );
      pass &&= (oursOnly || r.baseline_over_ours.pass) && r.ours_over_limit.pass && r.server_check.pass;
      results[profile] = r;
    }
  } finally {
    server.proc.kill();
    shaper.proc.kill();
  }
  const result = {
    date: new Date().toISOString(),
    machine: '2 CPUs; client (this process), server and shaper in separate Node processes on loopback',
    scale,
    scale_note:
      'bandwidth × scale and RTT ÷ scale; local work does not shrink, so ratios are conservative for the side doing more requests',
    shaper_check: { tolerance: 0.1, checks: shaperCheck, pass: shaperCheck.every((c) => c.pass) },
    fixture,
    ours_unshaped: oursUnshaped,
    profiles: results,
    targets: TARGETS,
    wall_s: Number(((performance.now() - started) / 1000).toFixed(1)),
    pass,
  };
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${out}; ${pass ? 'PASS' : 'FAIL'} in ${result.wall_s} s`);
  if (!pass) process.exitCode = 1;
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
