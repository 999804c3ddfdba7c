// Two phones of one officer and the real server (PGlite): any interleaving of edits on both phones and at the branch,
// offline spells, syncs and pulls ends with each phone showing the server's copy with its own queued edits on top,
// and, once everything is sent, every typed value on the server exactly once and both phones equal to the server.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextApplication } from '../../server/test-borrower';
import { call, makeTestServer, signIn, type TestServer } from '../../server/test-helpers';
import { makePhone, type Phone } from './feed-phone';

const FIELDS = ['name', 'city', 'address'] as const;
type Field = (typeof FIELDS)[number];

let s: TestServer;
let officer: string;
beforeAll(async () => {
  s = await makeTestServer();
  officer = await signIn(s.app, '9000000001');
}, 60_000);
afterAll(async () => {
  await s.close();
});

type Cmd =
  | { t: 'edit'; phone: 0 | 1; app: 0 | 1; field: Field }
  | { t: 'branch'; app: 0 | 1; field: Field }
  | { t: 'offline'; phone: 0 | 1; on: boolean }
  | { t: 'sync'; phone: 0 | 1 }
  | { t: 'pull'; phone: 0 | 1 };

const side = fc.constantFrom(0 as const, 1 as const);
const field = fc.constantFrom(...FIELDS);
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('edit' as const), phone: side, app: side, field }), weight: 4 },
  { arbitrary: fc.record({ t: fc.constant('branch' as const), app: side, field }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('offline' as const), phone: side, on: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('sync' as const), phone: side }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('pull' as const), phone: side }), weight: 2 },
);

let counter = 0;
/** A value nobody typed before: letters only, long enough for every field's rule. */
const fresh = () => `Typed ${(++counter).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)} Road`;

async function serverCopy(id: string): Promise<Record<string, unknown>> {
  const [row] = await s.db.query<{ data: Record<string, unknown> }>('SELECT data FROM applications WHERE id=$1', [id]);
  return row!.data;
}
const pick = (d: Record<string, unknown> | undefined) => Object.fromEntries(FIELDS.map((f) => [f, d?.[f]]));

/** What the phone must show: the server's fields, each field with a queued edit showing the last one. */
async function expectShown(p: Phone, ids: string[]) {
  const queued = (await p.db.outbox.toArray()).filter((o) => o.state !== 'done');
  for (const id of ids) {
    const want = pick(await serverCopy(id));
    for (const o of queued.filter((q) => q.appId === id)) Object.assign(want, o.body as object);
    expect(pick((await p.db.applications.get(id))?.data)).toEqual(want);
  }
}

async function safely(p: Phone, what: () => Promise<unknown>) {
  try {
    await what();
  } catch (err) {
    // Offline: the pull throws and keeps its cursor; anything else is a failure.
    if (!p.offline) throw err;
  }
}

describe('two phones and the server', () => {
  it('end with each phone = server + its own queued edits, and nothing typed lost', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 12 }), async (cmds) => {
        const ids: string[] = [];
        for (let i = 0; i < 2; i += 1) {
          const { id, phone } = nextApplication();
          const made = await call(s.app, 'PUT', `/v1/app/mfi/${id}`, {
            token: officer,
            json: { phone, name: 'First Name', city: 'Pune', address: '12 MG Road, Camp' },
          });
          expect(made.status).toBe(201);
          ids.push(id);
        }
        const phones = [makePhone(s.app, () => officer), makePhone(s.app, () => officer)];
        for (const p of phones) await p.pull();
        const typed: string[] = [];
        for (const c of cmds) {
          if (c.t === 'edit') {
            const v = fresh();
            typed.push(v);
            await phones[c.phone]!.edit(ids[c.app]!, { [c.field]: v });
          } else if (c.t === 'branch') {
            const r = await call(s.app, 'PATCH', `/v1/app/mfi/${ids[c.app]}`, { token: officer, json: { [c.field]: fresh() } });
            expect(r.status).toBe(200);
          } else if (c.t === 'offline') phones[c.phone]!.offline = c.on;
          else if (c.t === 'sync') {
            const p = phones[c.phone]!;
            await p.engine.syncNow();
            await safely(p, () => p.pull());
          } else await safely(phones[c.phone]!, () => phones[c.phone]!.pull());
        }
        // Back online, one pull: the server's copy with the phone's own queued edits on top.
        for (const p of phones) {
          p.offline = false;
          await p.pull();
          await expectShown(p, ids);
        }
        // Everything sent: nothing parked, every typed value on the server once, both phones equal to the server.
        for (const p of phones) await p.engine.syncNow();
        for (const p of phones) {
          await p.pull();
          expect((await p.db.outbox.toArray()).filter((o) => o.state !== 'done')).toEqual([]);
          await expectShown(p, ids);
        }
        const events = await s.db.query<{ body: Record<string, unknown> }>(
          `SELECT body FROM application_events WHERE application_id = ANY($1::text[]) AND kind='patch'`,
          [ids],
        );
        const landed = events.flatMap((e) => Object.values(e.body));
        for (const v of typed) expect(landed.filter((x) => x === v)).toHaveLength(1);
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
