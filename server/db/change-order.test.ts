// The change feed's numbers are taken in commit order (server/db/migrations/017-change-feed.ts, at commit since 021): a
// reader that pulled while a slower transaction was still open never skips that transaction's change, writers of one
// tenant do not wait for each other until they commit, and a number taken at commit holds the next one back until its
// transaction is visible. Shown with two transactions at once, which needs PostgreSQL
// (TEST_DATABASE_URL, scripts/test-postgres.sh): PGlite runs one transaction at a time, so the race cannot happen there.
// The control cases number from a plain sequence (at commit, and at the write) and find a change lost, so the checks can
// fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextApplication } from '../test-borrower';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';
import type { Db } from './db';

const NAIVE = `CREATE SEQUENCE IF NOT EXISTS naive_change_seq;
DROP TRIGGER IF EXISTS applications_number ON applications;
CREATE OR REPLACE FUNCTION applications_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.change_seq := nextval('naive_change_seq') + 3000000; RETURN NEW; END $$;`;

// A plain sequence taken at commit: a number can then commit after a reader has passed a higher one.
const AT_COMMIT_SEQUENCE = `CREATE SEQUENCE IF NOT EXISTS commit_change_seq;
CREATE OR REPLACE FUNCTION next_change_seq(t text) RETURNS bigint LANGUAGE sql AS $$ SELECT nextval('commit_change_seq') + 2000000 $$;`;

// Holds a transaction between taking its number and becoming visible: a deferred trigger queued after the numbering
// waits on an advisory lock the test holds.
const COMMIT_GATE = `CREATE TABLE IF NOT EXISTS commit_gate (n int);
CREATE OR REPLACE FUNCTION commit_gate_wait() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_advisory_xact_lock(4242); RETURN NULL; END $$;
DROP TRIGGER IF EXISTS commit_gate_wait ON commit_gate;
CREATE CONSTRAINT TRIGGER commit_gate_wait AFTER INSERT ON commit_gate DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION commit_gate_wait();`;

let s: TestServer;
let second: Db;
let third: Db;
let token: string;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  s = await makeTestServer();
  second = (await s.anotherInstance()).db;
  third = (await s.anotherInstance()).db;
  token = await signIn(s.app, '9000000002');
}, 60_000);
afterAll(async () => {
  await s?.close();
});

async function create(): Promise<string> {
  const { id, phone } = nextApplication();
  const owner = await signIn(s.app, '9000000001');
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: owner, json: { phone } })).status).toBe(201);
  return id;
}
async function pullAll(since: string) {
  const seen: string[] = [];
  let cursor = since;
  for (;;) {
    const r = await call(s.app, 'GET', `/v1/sync/changes?since=${cursor}`, { token });
    seen.push(...r.body.data.changes.map((c: { application_id: string }) => c.application_id));
    cursor = r.body.data.cursor;
    if (!r.body.data.has_more) return { seen, cursor };
  }
}
const touch = (id: string) => `UPDATE applications SET data = data || '{"remarks":"touched"}'::jsonb WHERE id='${id}'`;

/** A one-time signal between the test and a transaction it holds open. */
function signal(): { fired: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const fired = new Promise<void>((r) => {
    fire = r;
  });
  return { fired, fire };
}

/** Two new applications, and a cursor past everything before the race. */
async function twoAndCursor(): Promise<{ a: string; b: string; cursor: string }> {
  const [a, b] = [await create(), await create()];
  const start = (await call(s.app, 'GET', '/v1/sync/changes', { token })).body.data.cursor as string;
  return { a, b, cursor: (await pullAll(start)).cursor };
}

/**
 * T1 writes A and stays open; T2 writes B and tries to commit; a reader pulls; then T1 commits. What did the reader get,
 * and did T2 commit while T1 was still open?
 */
async function race(): Promise<{ a: string; b: string; seen: string[]; t2BeforeT1: boolean }> {
  const { a, b, cursor } = await twoAndCursor();
  const t1Open = signal();
  const t1Written = signal();
  const t1 = s.db.tx(async (q) => {
    await q.exec(touch(a));
    t1Written.fire();
    await t1Open.fired;
  });
  await t1Written.fired;
  let t2Done = false;
  const t2 = second
    .tx((q) => q.exec(touch(b)))
    .then(() => {
      t2Done = true;
    });
  // Wait on a fact: T2 committed (a plain sequence lets it), or T2 waits on a lock T1 holds (the counter row).
  for (;;) {
    if (t2Done) break;
    const [w] = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (w!.n > 0) break;
  }
  const t2BeforeT1 = t2Done;
  const during = await pullAll(cursor);
  t1Open.fire();
  await Promise.all([t1, t2]);
  const after = await pullAll(during.cursor);
  return { a, b, seen: [...during.seen, ...after.seen], t2BeforeT1 };
}

/** Backends of this database waiting on a lock: on the test's advisory lock, or on another lock (the counter's row). */
async function waiting(): Promise<{ advisory: number; other: number }> {
  const [w] = await s.db.query<{ advisory: number; other: number }>(
    `SELECT count(*) FILTER (WHERE wait_event = 'advisory')::int AS advisory,
       count(*) FILTER (WHERE wait_event IS DISTINCT FROM 'advisory')::int AS other
     FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return w!;
}

/**
 * T1 writes A and commits, but stops after taking its number and before it is visible; T2 writes B and tries to
 * commit; a reader pulls; then T1 finishes. What did the reader get?
 */
async function gap(): Promise<{ a: string; b: string; seen: string[] }> {
  await s.db.exec(COMMIT_GATE);
  const { a, b, cursor } = await twoAndCursor();
  const released = signal();
  const holding = signal();
  const holder = third.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(4242)');
    holding.fire();
    await released.fired;
  });
  await holding.fired;
  const t1 = s.db.tx(async (q) => {
    await q.exec(touch(a));
    await q.exec('INSERT INTO commit_gate VALUES (1)');
  });
  while ((await waiting()).advisory === 0);
  let t2Done = false;
  const t2 = second
    .tx((q) => q.exec(touch(b)))
    .then(() => {
      t2Done = true;
    });
  // Wait on a fact: T2 committed (a sequence lets it), or T2 waits behind T1's number (the counter row).
  while (!t2Done && (await waiting()).other === 0);
  const during = await pullAll(cursor);
  released.fire();
  await Promise.all([holder, t1, t2]);
  const after = await pullAll(during.cursor);
  return { a, b, seen: [...during.seen, ...after.seen] };
}

describe.runIf(process.env.TEST_DATABASE_URL)('change numbers in commit order (PostgreSQL)', () => {
  it('a pull between two concurrent writes never skips the slower one; the faster commits without waiting', async () => {
    const { a, b, seen, t2BeforeT1 } = await race();
    expect(seen).toContain(a);
    expect(seen).toContain(b);
    expect(t2BeforeT1).toBe(true);
  });

  it('a writer numbered at commit but not yet visible holds the next number back: a pull between skips nothing', async () => {
    const { a, b, seen } = await gap();
    expect(seen).toContain(a);
    expect(seen).toContain(b);
  });

  it('control: a plain sequence taken at commit lets the next writer pass, and the pull between skips the first', async () => {
    await s.db.exec(AT_COMMIT_SEQUENCE);
    const { a, b, seen } = await gap();
    expect(seen).toContain(b);
    expect(seen).not.toContain(a);
  });

  it('control: with a plain sequence the slower write is skipped', async () => {
    await s.db.exec(NAIVE);
    const { a, b, seen } = await race();
    expect(seen).toContain(b);
    expect(seen).not.toContain(a);
  });
});
