// The change feed's cost (docs/offline.md "Pull"): bytes and time of a pull that finds nothing, and of a pull after
// 100 changes among 2,000 applications, each from the phone's side: the request over the real createApp (in-memory
// PGlite, in process) and the page applied to the phone's Dexie database (fake-indexeddb, plain: the app encrypts on
// top). The 2,000 applications are the review role's branch; each change is a real PATCH through the API.
// Writes bench/results/change-feed.json. Usage: tsx bench/change-feed.ts
import 'fake-indexeddb/auto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createApp } from '../server/app';
import { makeConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { openTestDb } from '../server/db/test-db';
import { silentLogger } from '../server/logger';
import { createSession } from '../server/services/sessions';
import { createDirFileStore } from '../server/storage/file-store';
import { openUserDb } from '../src/db/user-db';
import { pullChanges } from '../src/sync/pull';
import { createFetchTransport } from '../src/sync/transport';

const APPS = 2000;
const CHANGED = 100;
const RUNS = 5;
const EMPTY_TARGET_BYTES = 500;

const testDb = await openTestDb(undefined, { seeded: true });
const db = testDb.db;
await migrate(db);
await seed(db);
const app = createApp({
  db,
  files: createDirFileStore(await mkdtemp(join(tmpdir(), 'flo-feed-'))),
  config: makeConfig({}),
  log: silentLogger,
});

async function tokenOf(mobile: string) {
  const [u] = await db.query<{ id: number }>('SELECT id FROM users WHERE tenant_id=$1 AND mobile=$2', ['sahayog', mobile]);
  return createSession(db, { tenantId: 'sahayog', kind: 'staff', userId: u!.id, mobile, ttlS: 24 * 3600, now: new Date() });
}
const officer = await tokenOf('9000000001');
const reviewer = await tokenOf('9000000002');

// 2,000 applications of the officer, written as the API writes them (the feed's triggers stamp each).
const [owner] = await db.query<{ id: number }>(`SELECT id FROM users WHERE tenant_id='sahayog' AND mobile='9000000001'`);
await db.query(
  `INSERT INTO applications (id, tenant_id, owner_user_id, phone, status, stages, data, created_at, updated_at, origin, branch_id)
   SELECT lpad(to_hex(g), 32, '0'), 'sahayog', $1, '98' || lpad(g::text, 8, '0'), 'DRAFT', '{}',
     jsonb_build_object('name', 'Borrower ' || g, 'amount_requested', 25000 + (g % 16) * 5000, 'city', 'Pune', 'address', g || ' MG Road, Camp'),
     now(), now(), 'staff', 'B1'
   FROM generate_series(1, $2::int) g`,
  [owner!.id, APPS],
);
const ids = (await db.query<{ id: string }>(`SELECT id FROM applications WHERE tenant_id='sahayog' ORDER BY id`)).map((r) => r.id);

let bytes = 0;
let gzBytes = 0;
const transport = createFetchTransport({
  baseUrl: (api) => `http://sahayog.localhost/api/${api}`,
  getToken: () => reviewer,
  fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await app.fetch(new Request(input, init));
    const body = new Uint8Array(await res.arrayBuffer());
    bytes += body.length;
    gzBytes += gzipSync(body).length;
    return new Response(body, { status: res.status, headers: res.headers });
  }) as typeof fetch,
});
const phone = openUserDb('sahayog', `bench-feed-${process.pid}`);

async function measure() {
  bytes = 0;
  gzBytes = 0;
  const t0 = performance.now();
  const r = await pullChanges(phone, transport, { limit: 200 });
  return { ms: Math.round(performance.now() - t0), bytes, gzip_bytes: gzBytes, pages: r.pages, updated: r.updated };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const first = await measure();
const empty = [];
for (let i = 0; i < RUNS; i += 1) empty.push(await measure());
const after = [];
for (let run = 0; run < RUNS; run += 1) {
  for (let i = 0; i < CHANGED; i += 1) {
    const id = ids[(run * CHANGED + i * 19) % ids.length]!;
    const res = await app.fetch(
      new Request(`http://sahayog.localhost/api/main/v1/app/mfi/${id}`, {
        method: 'PATCH',
        headers: { token: officer, 'content-type': 'application/json' },
        body: JSON.stringify({ city: `Nashik ${run}` }),
      }),
    );
    if (res.status !== 200) throw new Error(`PATCH answered ${res.status}`);
  }
  after.push(await measure());
}
const held = await phone.applications.count();

const summary = (xs: Awaited<ReturnType<typeof measure>>[]) => ({
  runs: xs,
  ms_p50: median(xs.map((x) => x.ms)),
  bytes_p50: median(xs.map((x) => x.bytes)),
  gzip_bytes_p50: median(xs.map((x) => x.gzip_bytes)),
});
const result = {
  date: new Date().toISOString(),
  machine: 'Node in process: createApp on in-memory PGlite, the phone on fake-indexeddb (plain; the app encrypts on top); page size 200',
  applications: APPS,
  held_after: held,
  first_pull: first,
  empty_pull: { ...summary(empty), target_bytes: EMPTY_TARGET_BYTES, pass: median(empty.map((x) => x.bytes)) <= EMPTY_TARGET_BYTES },
  after_100_changes: { ...summary(after), changed: CHANGED, all_arrived: after.every((x) => x.updated === CHANGED) },
};
await mkdir('bench/results', { recursive: true });
await writeFile('bench/results/change-feed.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(
  JSON.stringify(
    {
      first,
      empty: result.empty_pull.ms_p50,
      emptyBytes: result.empty_pull.bytes_p50,
      after: result.after_100_changes.ms_p50,
      afterBytes: result.after_100_changes.bytes_p50,
      held,
    },
    null,
    1,
  ),
);
await testDb.drop();
process.exit(0);
