// The borrower's consent withdrawal through the real API (contracts/consent.ts, server/routes/consent-withdrawal.ts):
// the owner or the branch's review role records it once, with its event; every later write answers 409, the loan
// cannot be sanctioned, another officer is refused, and no client body can write the record itself. Retention then
// counts the application's documents as a rejection's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_MSG } from '../../contracts/consent';
import { sanctionBlockers } from '../../contracts/sanction-gate';
import { APP_COLUMNS, type AppRow } from '../services/application-store';
import { runRetention } from '../services/retention';
import { gateInputOf } from '../services/sanction-gate';
import { createDirFileStore } from '../storage/file-store';
import { acceptanceOf, phoneKfs } from '../test-kfs';
import { handOverReady, kycSubmittedApplication } from '../test-borrower';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let owner: string;
let reviewer: string;
let otherOfficer: string;
const DAY = 86_400_000;

const withdraw = (id: string, token: string, json: unknown) => call(s.app, 'POST', `/v1/app/mfi/${id}/consent-withdrawal`, { token, json });
const stored = async (id: string) =>
  (await s.db.query<AppRow>(`SELECT ${APP_COLUMNS} FROM applications WHERE tenant_id='sahayog' AND id=$1`, [id]))[0]!;
const events = async (id: string) =>
  s.db.query<{ kind: string; body: Record<string, unknown> }>(
    `SELECT kind, body FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind='consent_withdrawn'`,
    [id],
  );

beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
  reviewer = await signIn(s.app, '9000000002');
  otherOfficer = await signIn(s.app, '9000000004');
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('consent withdrawal', () => {
  it('the owner records it once, with its event; every later write answers 409; reading stays', async () => {
    const { id } = await handOverReady(s, owner);
    expect((await withdraw(id, owner, { remarks: '' })).status).toBe(400);
    expect((await withdraw(id, owner, { remarks: 'x'.repeat(501) })).status).toBe(400);
    expect((await withdraw(id, owner, { remarks: 'ok', at: '2020-01-01' })).status).toBe(400);
    expect((await stored(id)).data.consent_withdrawn).toBeUndefined();

    const r = await withdraw(id, owner, { remarks: '  Borrower called the branch to withdraw  ' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const record = (await stored(id)).data.consent_withdrawn as Record<string, unknown>;
    expect(record).toMatchObject({ remarks: 'Borrower called the branch to withdraw', role: 'INITIATING_OFFICER' });
    expect(typeof record.by_user_id).toBe('number');
    expect(Number.isNaN(Date.parse(String(record.at)))).toBe(false);
    const ev = await events(id);
    expect(ev).toHaveLength(1);
    expect(ev[0]!.body).toMatchObject({ remarks: 'Borrower called the branch to withdraw', by_user_id: record.by_user_id });

    const before = await stored(id);
    const writes = [
      await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: { name: 'Someone Else' } }),
      await call(s.app, 'POST', `/v1/app/mfi/${id}/family-member`, { token: owner, json: {} }),
      await call(s.app, 'POST', `/v1/app/mfi/${id}/co-applicant`, { token: owner, json: {} }),
      await call(s.app, 'POST', `/v1/app/mfi/${id}/bank-account`, { token: owner, json: {} }),
      await withdraw(id, owner, { remarks: 'again' }),
      await withdraw(id, reviewer, { remarks: 'again' }),
    ];
    for (const w of writes) expect(w.body, JSON.stringify(w.body)).toMatchObject({ status_code: 409, message: CONSENT_MSG.withdrawn });
    const after = await stored(id);
    expect(after.data).toEqual(before.data);
    expect(after.stages).toEqual(before.stages);
    expect(await events(id)).toHaveLength(1);
    expect((await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: reviewer })).status).toBe(200);
    // The gate holds the loan at every step, whatever else is in place.
    for (const step of ['HAND_OVER', 'VISIT', 'PD1_APPROVE', 'ACCEPT'] as const) {
      expect(sanctionBlockers(await gateInputOf(s.db, after), step).map((b) => b.code)).toContain('CONSENT_WITHDRAWN');
    }
  });

  it('another initiating officer is refused (403) and nothing is recorded', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    const r = await withdraw(id, otherOfficer, { remarks: 'not mine' });
    expect(r.status).toBe(403);
    expect((await stored(id)).data.consent_withdrawn).toBeUndefined();
    expect(await events(id)).toHaveLength(0);
  });

  it('the review role withdraws at PD2; the accept is then refused and the loan is not sanctioned', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    await s.db.query(
      `UPDATE applications SET status='PD2_COMPLETE', data = data || '{"is_pd1_complete":true,"is_pd2_complete":true}'::jsonb,
         stages = array_append(stages, 'BANK_ACCOUNT') WHERE tenant_id='sahayog' AND id=$1`,
      [id],
    );
    const r = await withdraw(id, reviewer, { remarks: 'Borrower withdrew at the PD2 visit' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await stored(id)).data.consent_withdrawn).toMatchObject({ role: 'REVIEW' });
    const info = {
      final_suggested_loan_amount: 100000,
      risk_category_and_loan_type_wise_max_tenure: 12,
      disbursement_date: '10-12-2026',
      emi_start_date: '',
    };
    const kfs = acceptanceOf(await phoneKfs(id, 100000, 12, info.disbursement_date));
    const accept = await call(s.app, 'PATCH', '/v1/bureau/bre', {
      token: reviewer,
      json: { application_id: id, is_accepted: true, updated_info: info, kfs },
    });
    expect(accept.body).toMatchObject({ status_code: 409, message: CONSENT_MSG.withdrawn });
    expect((await stored(id)).data.sanctioned).toBeUndefined();
  });

  it('a client body can never set consent_withdrawn', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    const fake = { consent_withdrawn: { at: '2026-01-01T00:00:00.000Z', by_user_id: 1, role: 'REVIEW', remarks: 'forged' } };
    const patch = await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: fake });
    expect(patch.status).toBe(400);
    const fresh = 'c7'.repeat(16);
    const put = await call(s.app, 'PUT', `/v1/app/mfi/${fresh}`, {
      token: owner,
      json: { phone: '9876500077', name: 'New Draft', ...fake },
    });
    expect(put.status).toBe(400);
    expect((await stored(id)).data.consent_withdrawn).toBeUndefined();
    const created = await s.db.query(`SELECT 1 FROM applications WHERE tenant_id='sahayog' AND id=$1 AND data ? 'consent_withdrawn'`, [
      fresh,
    ]);
    expect(created).toHaveLength(0);
    // The application is still writable: nothing was recorded.
    expect((await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: {} })).status).toBe(200);
  });

  it('retention counts a withdrawn application as a rejection: its documents go, its row and record stay', async () => {
    const { id, files } = await kycSubmittedApplication(s, owner);
    expect((await withdraw(id, owner, { remarks: 'Withdrawn at the door' })).status).toBe(200);
    const deps = { db: s.db, files: createDirFileStore(s.fileDir) };
    const later = new Date(Date.now() + 200 * DAY);
    const dry = await runRetention(deps, later, { dryRun: true });
    const entry = dry.rejected_documents.find((d) => d.application_id === id);
    expect(entry?.file_ids.length).toBeGreaterThan(0);
    expect(entry?.file_ids).toEqual(expect.arrayContaining(Object.values(files).filter((f): f is string => typeof f === 'string')));
    await runRetention(deps, later);
    const left = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM files WHERE tenant_id='sahayog' AND application_id=$1`, [
      id,
    ]);
    expect(left[0]!.n).toBe(0);
    expect((await stored(id)).data.consent_withdrawn).toMatchObject({ remarks: 'Withdrawn at the door' });
  });
});
