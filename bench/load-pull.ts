// The change feed in a load run (bench/load-run.ts with `pull`): each device pulls its morning changes
// (GET /v1/sync/changes) before replaying its queue and again after, from the morning's cursor. The second pull must
// bring each of the device's own applications exactly once, in its last pushed state, and nothing else: every
// device is its own officer (`officerPerDevice`), so what it reads is what it wrote. Pull latencies are kept apart
// from the pushes'.
import type { Db } from '../server/db/db';
import type { Device, PatchOp, Persisted } from './load-queue';

type Page = {
  changes: { application_id: string; gone?: true; application?: Record<string, unknown> }[];
  cursor: string;
  has_more: boolean;
};

/** A relationship officer of its own for device `n`, alternately in the tenant's two branches. */
export async function deviceOfficer(db: Db, tenantId: string, n: number): Promise<{ id: number; mobile: string }> {
  const mobile = `8${String(n).padStart(9, '0')}`;
  const [u] = await db.query<{ id: number }>(
    `INSERT INTO users (tenant_id, mobile, role, designation, first_name, branch_id)
     VALUES ($1, $2, 'MFI_EMPLOYEE', 'RELATIONSHIP_OFFICER', 'Load', $3) RETURNING id`,
    [tenantId, mobile, n % 2 ? 'B2' : 'B1'],
  );
  return { id: u!.id, mobile };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function makePuller() {
  const ms: number[] = [];
  const problems: string[] = [];
  const cursors = new Map<number, string>();
  let pages = 0;
  let retries = 0;

  async function page(d: Device, entry: string, since: string | undefined): Promise<Page> {
    for (let tries = 0; ; tries++) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${entry}/v1/sync/changes?limit=200${since ? `&since=${since}` : ''}`, {
          headers: { token: d.token, 'x-forwarded-host': d.host, 'x-forwarded-for': d.ip },
        });
        const body = (await res.json()) as { data?: Page };
        ms.push(performance.now() - t0);
        if (res.status === 200 && body.data) {
          pages += 1;
          return body.data;
        }
        if (res.status < 500 && res.status !== 429) throw new Error(`pull answered ${res.status}`);
      } catch (err) {
        if (err instanceof Error && err.message.startsWith('pull answered')) throw err;
      }
      retries += 1;
      await sleep(Math.min(2000, 50 * 2 ** Math.min(tries, 6)));
    }
  }

  async function all(d: Device, entry: string, since: string | undefined) {
    const changes: Page['changes'] = [];
    let cursor = since;
    for (;;) {
      const p = await page(d, entry, cursor);
      changes.push(...p.changes);
      cursor = p.cursor;
      if (!p.has_more) return { changes, cursor };
    }
  }

  return {
    /** The morning pull, from nothing: its cursor is where the evening pull starts. */
    async before(d: Device, entry: string) {
      const r = await all(d, entry, undefined);
      cursors.set(d.n, r.cursor);
    },
    /** The pull after the pushes: the device's two applications once each, with the last step it pushed. */
    async after(d: Device, entry: string) {
      const r = await all(d, entry, cursors.get(d.n));
      const disk = JSON.parse(d.disk) as Persisted;
      const seen = r.changes.filter((c) => !c.gone).map((c) => c.application_id);
      if (seen.length !== d.apps.length || d.apps.some((a) => seen.filter((s) => s === a).length !== 1))
        problems.push(`dev ${d.n}: pulled ${seen.length} changes (${seen.join(',')}) for its ${d.apps.length} applications`);
      for (const app of d.apps) {
        const last = disk.ops.filter((op): op is PatchOp => op.kind === 'patch' && op.app === app).at(-1);
        const got = r.changes.find((c) => c.application_id === app)?.application?.purpose;
        if (last && got !== last.marker) problems.push(`app ${app} (dev ${d.n}): pulled last step ${String(got)}, pushed ${last.marker}`);
      }
    },
    summary() {
      const s = [...ms].sort((a, b) => a - b);
      const pct = (p: number) => (s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10 : null);
      return {
        pull_requests: s.length,
        pull_pages: pages,
        pull_retries: retries,
        pull_latency_ms: { p50: pct(50), p95: pct(95), p99: pct(99), max: pct(100) },
        feed_exactly_once: problems.length === 0,
        feed_problems: problems.slice(0, 20),
        feed_problem_count: problems.length,
      };
    },
  };
}
