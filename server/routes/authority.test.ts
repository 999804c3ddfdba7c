// The authority table (contracts/authority.ts) at every gated route, generated from the table: each action ×
// actor × application state answers what the table says (403 / 409, or gets past the authority), on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL. A refused write changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, type Actor, APP_STATES, type AppState, AUTHORITY, AUTHORITY_MSG } from '../../contracts/authority';
import { kycSubmittedApplication } from '../test-borrower';
import { call, signIn, type TestServer } from '../test-helpers';
import { makeTestServer } from '../test-helpers';

let s: TestServer;
const tokens = {} as Record<Actor, string>;
const apps = {} as Record<AppState, string>;

/** What forces each state on a freshly KYC'd application (stages BORROWER_INFO, BORROWER_BASIC_INFO). */
const FORCE: Record<AppState, { status?: string; bank?: boolean; data?: Record<string, unknown> }> = {
  DRAFT: {},
  HANDED_OVER: { bank: true },
  REJECTED: {
    data: { approval_checks: { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'] }, rejection_reason: 'OVERDUE_AMOUNT_PRESENT' },
  },
  PD1_REVIEW: { status: 'PD1_REVIEW', bank: true },
  CREDIT_APPROVED: { status: 'CREDIT_APPROVED', bank: true, data: { is_pd1_complete: true } },
  PD2_COMPLETE: { status: 'PD2_COMPLETE', bank: true, data: { is_pd1_complete: true, is_pd2_complete: true } },
  SANCTIONED: { status: 'PD2_COMPLETE', bank: true, data: { is_pd1_complete: true, is_pd2_complete: true, sanctioned: true } },
};

/** The gated routes (server/middleware/authority-gate.ts) by action, with the id of the application in the path. */
const ROUTES: Partial<Record<keyof typeof AUTHORITY, [string, (id: string) => string][]>> = {
  'application.patch': [['PATCH', (id) => `/v1/app/mfi/${id}`]],
  'kyc.submit': [['PATCH', (id) => `/v1/app/mfi/${id}/basic-info`]],
  'co_applicant.write': [
    ['POST', (id) => `/v1/app/mfi/${id}/co-applicant`],
    ['POST', (id) => `/v1/app/mfi/${id}/co-applicant/replace`],
  ],
  'family.write': [['POST', (id) => `/v1/app/mfi/${id}/family-member`]],
  'business.submit': [['POST', (id) => `/v1/app/mfi/${id}/business-detail`]],
  'business.update': [['PATCH', (id) => `/v1/app/mfi/${id}/business-detail`]],
  'bank_account.submit': [['POST', (id) => `/v1/app/mfi/${id}/bank-account`]],
  'bank_account.update': [['PATCH', (id) => `/v1/app/mfi/${id}/bank-account`]],
  'employment.submit': [['POST', (id) => `/v1/app/mfi/${id}/employment-info`]],
  'cpv.visit': [
    ['POST', (id) => `/v1/app/mfi/${id}/business-cpv-info`],
    ['POST', (id) => `/v1/app/mfi/${id}/residence-cpv-info`],
  ],
  'pd1.review': [['POST', (id) => `/v1/app/mfi/${id}/pd1-review`]],
  'references.submit': [['PATCH', (id) => `/v1/app/mfi/${id}/reference`]],
  'deviation.decide': [['POST', (id) => `/v1/app/mfi/${id}/deviations/decision`]],
};

beforeAll(async () => {
  s = await makeTestServer();
  tokens.OWNER = await signIn(s.app, '9000000001');
  tokens.OFFICER = await signIn(s.app, '9000000004');
  tokens.REVIEW = await signIn(s.app, '9000000002');
  tokens.VERIFICATION = await signIn(s.app, '9000000003');
  for (const state of APP_STATES) {
    const { id } = await kycSubmittedApplication(s, tokens.OWNER);
    const f = FORCE[state];
    await s.db.query(
      `UPDATE applications SET status = COALESCE($2, status), data = data || $3::jsonb,
         stages = CASE WHEN $4 THEN array_append(stages, 'BANK_ACCOUNT') ELSE stages END
       WHERE tenant_id='sahayog' AND id=$1`,
      [id, f.status ?? null, JSON.stringify(f.data ?? {}), f.bank === true],
    );
    apps[state] = id;
  }
}, 120_000);
afterAll(async () => {
  await s.close();
});

const snapshot = async (id: string) =>
  (
    await s.db.query<{ data: unknown; status: string; stages: string[] }>(
      `SELECT data, status, stages FROM applications WHERE tenant_id='sahayog' AND id=$1`,
      [id],
    )
  )[0];

describe('every gated route answers as the table says (body {}: what gets past the authority fails validation)', () => {
  for (const [action, routes] of Object.entries(ROUTES) as [keyof typeof AUTHORITY, [string, (id: string) => string][]][]) {
    for (const actor of ACTORS) {
      it(`${action} by ${actor} in every state`, async () => {
        const allowed = (AUTHORITY[action] as Partial<Record<Actor, readonly AppState[]>>)[actor];
        for (const state of APP_STATES) {
          for (const [method, path] of routes) {
            const before = await snapshot(apps[state]);
            const r = await call(s.app, method, path(apps[state]), { token: tokens[actor], json: {} });
            const where = `${method} ${action} by ${actor} in ${state}: ${r.status} ${r.body.message}`;
            if (!allowed) expect(r.status, where).toBe(403);
            else if (!allowed.includes(state)) {
              expect(r.status, where).toBe(409);
              if (state === 'SANCTIONED') expect(r.body.message, where).toBe(AUTHORITY_MSG.sanctioned);
              if (state === 'REJECTED') expect(r.body.message, where).toBe('Application Rejected!');
            } else {
              expect(r.status === 403, where).toBe(false);
              expect([AUTHORITY_MSG.notNow, AUTHORITY_MSG.sanctioned]).not.toContain(r.body.message);
            }
            if (r.status === 403 || r.status === 409) expect(await snapshot(apps[state]), where).toEqual(before);
          }
        }
      });
    }
  }
});
