import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOps } from '../../src/db/outbox';
import { newApplicationId } from '../../src/lib/ids';
import { createSyncEngine, type SyncEngine } from '../../src/sync/engine';
import { queueOp } from '../../src/sync/enqueue';
import { type Harness, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

type Cmd =
  | { t: 'enqueue'; app: number }
  | { t: 'fault'; fault: 'drop' | 'lose' | 503 | 429; times: number }
  | { t: 'offline'; on: boolean }
  | { t: 'sync' }
  | { t: 'restart' };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('enqueue' as const), app: fc.integer({ min: 0, max: 2 }) }), weight: 4 },
  {
    arbitrary: fc.record({
      t: fc.constant('fault' as const),
      fault: fc.constantFrom('drop' as const, 'lose' as const, 'lose' as const, 503 as const, 429 as const),
      times: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant('offline' as const), on: fc.boolean() }), weight: 1 },
  { arbitrary: fc.constant({ t: 'sync' as const }), weight: 3 },
  { arbitrary: fc.constant({ t: 'restart' as const }), weight: 2 },
);

let run = 0;

describe('outbox replay property', () => {
  it('any interleaving of offline enqueues, drops and restarts ends with each op on the server once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 14 }), async (cmds) => {
        run += 1;
        const db = h.newDb();
        h.network.clearFaults();
        h.network.offline = false;
        let clock = Date.now();
        const make = () => createSyncEngine({ db, transport: h.transport, now: () => clock, random: () => 0.5 });
        let engine: SyncEngine = make();
        let pending: Promise<unknown> | null = null;
        const apps = [newApplicationId(), newApplicationId(), newApplicationId()];
        const created = new Set<number>();
        const expected: string[][] = [[], [], []];
        let marker = 0;

        for (const c of cmds) {
          if (c.t === 'enqueue') {
            const appId = apps[c.app]!;
            if (!created.has(c.app)) {
              created.add(c.app);
              await queueOp(
                db,
                { appId, kind: 'application.create', method: 'PUT', path: `/v1/app/mfi/${appId}`, body: { phone: '9876543210' } },
                {},
                clock,
              );
            }
            const m = `r${run}-m${++marker}`;
            expected[c.app]!.push(m);
            await queueOp(
              db,
              { appId, kind: 'application.update', method: 'PATCH', path: `/v1/app/mfi/${appId}`, body: { purpose: m } },
              {},
              clock,
            );
          } else if (c.t === 'fault') {
            h.network.inject({ fault: c.fault, times: c.times });
          } else if (c.t === 'offline') {
            h.network.offline = c.on;
          } else if (c.t === 'sync') {
            pending = engine.syncNow();
            await pending;
          } else {
            // The tab is killed while a pass may be mid-request; a new engine takes over the same database.
            pending = engine.syncNow();
            await new Promise((r) => setImmediate(r));
            await engine.stop();
            await pending;
            engine = make();
          }
        }

        h.network.clearFaults();
        h.network.offline = false;
        for (let i = 0; i < 30; i += 1) {
          clock += 10 * 60 * 1000;
          await engine.syncNow();
          if ((await allOps(db)).every((o) => o.state === 'done')) break;
        }
        const ops = await allOps(db);
        expect(ops.filter((o) => o.state !== 'done')).toEqual([]);
        for (let a = 0; a < 3; a += 1) {
          const markers = (await h.events(apps[a])).map((e) => e.body.purpose);
          expect(markers).toEqual(expected[a]);
          const rows = await h.server.db.query('SELECT id FROM applications WHERE id=$1', [apps[a]]);
          expect(rows).toHaveLength(created.has(a) ? 1 : 0);
        }
        await db.delete();
      }),
      { numRuns: 30 },
    );
  });
});
