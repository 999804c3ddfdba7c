// Two writes to one application at once, on two instances (two connection pools on
// PostgreSQL): one wins, the other answers 409 on the state the first left, never both. A double submit with one
// Idempotency-Key has one effect and one answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVIATION_MSG } from '../../contracts/deviations';
import { nextApplication } from '../test-borrower';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let b: TestServer['app'];
let owner: string;
let reviewer: string;
beforeAll(async () => {
  s = await makeTestServer();
  b = (await s.anotherInstance()).app;
  owner = await signIn(s.app, '9000000001');
  reviewer = await signIn(s.app, '9000000002');
}, 60_000);
afterAll(async () => {
  await s.close();
});

/** A draft with a PENDING name-mismatch deviation, as the borrower submit leaves one. */
async function withPendingDeviation() {
  const { id, phone } = nextApplication();
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: owner, json: { phone } })).status).toBe(201);
  await s.db.query(`UPDATE applications SET data = data || $2::jsonb WHERE id=$1`, [
    id,
    JSON.stringify({ deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: false }, status: 'PENDING' }] }),
  ]);
  return id;
}
const decide = (app: TestServer['app'], id: string, decision: 'APPROVED' | 'REJECTED', key?: string) =>
  call(app, 'POST', `/v1/app/mfi/${id}/deviations/decision`, {
    token: reviewer,
    json: { type: 'BORROWER_NAME_MISMATCH_DEVIATION', decision, remarks: `${decision} by probe` },
    headers: key ? { 'Idempotency-Key': key } : {},
  });
const events = async (id: string) =>
  (
    await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM application_events WHERE application_id=$1 AND kind='deviation_decision'`,
      [id],
    )
  )[0]!.n;

describe('two decisions on one deviation at once', () => {
  it.each([1, 2, 3])("approve and reject on two instances (round %i): one 200, one 409, the stored one is the winner's", async () => {
    const id = await withPendingDeviation();
    const [x, y] = await Promise.all([decide(s.app, id, 'APPROVED'), decide(b, id, 'REJECTED')]);
    const statuses = [x.status, y.status].sort();
    expect(statuses, JSON.stringify([x.body, y.body])).toEqual([200, 409]);
    const loser = x.status === 409 ? x : y;
    expect(loser.body.message).toBe(DEVIATION_MSG.decided);
    const winner = x.status === 200 ? 'APPROVED' : 'REJECTED';
    const stored = (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: owner })).body.data.deviations[0];
    expect(stored.status).toBe(winner);
    expect(await events(id)).toBe(1);
  });

  it('one Idempotency-Key sent twice at once to two instances: one effect, the same answer', async () => {
    const id = await withPendingDeviation();
    const [x, y] = await Promise.all([decide(s.app, id, 'APPROVED', `dev-${id}`), decide(b, id, 'APPROVED', `dev-${id}`)]);
    // The second either waits for and replays the first's answer, or is told the first is still running (409).
    const answers = [x, y].filter((r) => r.status === 200);
    expect(answers.length, JSON.stringify([x.body, y.body])).toBeGreaterThanOrEqual(1);
    for (const r of [x, y]) expect([200, 409]).toContain(r.status);
    expect(await events(id)).toBe(1);
    const retry = await decide(s.app, id, 'APPROVED', `dev-${id}`);
    expect(retry.status).toBe(200);
    expect(retry.body.data.deviations).toEqual(answers[0]!.body.data.deviations);
    expect(await events(id)).toBe(1);
  });
});
