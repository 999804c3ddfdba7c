// contracts/application-record.ts is the type of every cached application on the phone; it must describe what the
// server answers. A real application (borrower, KYC, a stored loan offer) read back through GET /v1/app/mfi/{id}
// parses, and so do the rows of both lists; a record of another shape does not.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationRecord } from '../../contracts/application-record';
import { kycSubmittedApplication, workflowServer } from '../test-borrower';
import { call, type TestServer } from '../test-helpers';

let s: TestServer;
let staff: string;
let reviewer: string;

beforeAll(async () => {
  ({ s, staff, reviewer } = await workflowServer());
});
afterAll(async () => {
  await s.close();
});

describe('ApplicationRecord', () => {
  it('parses the application the server answers, with its checks and loan offer', async () => {
    const { id } = await kycSubmittedApplication(s, staff);
    for (const st of ['BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES']) {
      await s.db.query(`UPDATE applications SET stages = array_append(stages, $2) WHERE tenant_id='sahayog' AND id=$1`, [id, st]);
    }
    expect((await call(s.app, 'POST', '/v1/bureau/bre', { token: reviewer, json: { application_id: id } })).status).toBe(200);
    const answer = (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data;
    expect(v.safeParse(ApplicationRecord, answer).issues).toBeUndefined();
    const record = v.parse(ApplicationRecord, answer);
    expect(record).toMatchObject({ id, stages: expect.arrayContaining(['BORROWER_BASIC_INFO', 'REFERENCES']) });
    expect(record.approval_checks?.decision).toBe('APPROVED');
    expect(record.loan_offer?.final_suggested_loan_amount).toBeGreaterThan(0);

    // The officer's own list answers whole records; the review role's tenant-wide list answers summaries.
    for (const token of [staff, reviewer]) {
      const rows: unknown[] = (await call(s.app, 'GET', '/v1/app/mfi', { token })).body.data.list;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(v.safeParse(ApplicationRecord, row).issues).toBeUndefined();
    }
  });

  it('refuses a record of another shape', () => {
    expect(v.safeParse(ApplicationRecord, { id: 'x', stages: 'BORROWER_INFO' }).success).toBe(false);
    expect(v.safeParse(ApplicationRecord, { id: 'x', loan_offer: 'none' }).success).toBe(false);
  });
});
