// References (REQ-REF-1; docs/workflow.md "References"): PATCH /v1/app/mfi/{id}/reference, the toast
// message, ids given by the server and kept, the list replaced, rules, the CPV gate, rejection, tenant isolation, replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_MSG } from '../../contracts/references';
import { REJECTED_MSG } from '../services/rejection';
import { kycSubmittedApplication, workflowServer } from '../test-borrower';
import { call, type TestServer } from '../test-helpers';

let s: TestServer;
let staff: string;
let udaanStaff: string;

const PERSONAL = { type: 'PERSONAL_REFERENCE', name: 'Vijay Pawar', phone: '9876512345', address: '45 FC Road, Pune' };
const BUSINESS = {
  type: 'BUSINESS_REFERENCE',
  name: 'Anita Shah',
  phone: '8876512345',
  address: '7 Laxmi Road, Pune',
  company_name: 'Shah Traders',
};
type Opts = { token?: string; host?: string; headers?: Record<string, string> };
const patch = (appId: string, body: unknown, o: Opts = {}) =>
  call(s.app, 'PATCH', `/v1/app/mfi/${appId}/reference`, { token: o.token ?? staff, host: o.host, json: body, headers: o.headers });

/** Earlier steps are other helpers': their markers are set directly. */
async function cpvDone(stages = ['BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE']) {
  const { id } = await kycSubmittedApplication(s, staff);
  for (const st of stages)
    await s.db.query(`UPDATE applications SET stages = array_append(stages, $2) WHERE tenant_id='sahayog' AND id=$1`, [id, st]);
  return id;
}

beforeAll(async () => {
  ({ s, staff, udaanStaff } = await workflowServer());
});
afterAll(async () => {
  await s.close();
});

describe('PATCH /v1/app/mfi/{id}/reference', () => {
  it('200 with the message, data.reference with server ids, REFERENCES added', async () => {
    const id = await cpvDone();
    const r = await patch(id, { references: [PERSONAL, BUSINESS] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.message).toBe('Reference(s) added successfully!');
    expect(r.body.data.reference).toHaveLength(2);
    expect(r.body.data.reference[0]).toMatchObject(PERSONAL);
    expect(r.body.data.reference[0].id).toMatch(/^[0-9a-f]{32}$/);
    expect(r.body.data.reference[1]).toMatchObject(BUSINESS);
    expect(r.body.data.stages.at(-1)).toBe('REFERENCES');
    const got = await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff });
    expect(got.body.data.reference).toEqual(r.body.data.reference);
  });

  it('a resubmit replaces the list; ids sent are kept; the same list again writes nothing', async () => {
    const id = await cpvDone();
    const first = await patch(id, { references: [PERSONAL, BUSINESS] });
    const kept = first.body.data.reference[0];
    const second = await patch(id, { references: [{ ...kept, name: 'Vijay R Pawar' }] });
    expect(second.status).toBe(200);
    expect(second.body.data.reference).toEqual([{ ...kept, name: 'Vijay R Pawar' }]);
    const again = await patch(id, { references: second.body.data.reference });
    expect(again.body.data.updated_at).toBe(second.body.data.updated_at);
    expect(again.body.data.stages.filter((x: string) => x === 'REFERENCES')).toHaveLength(1);
  });

  it('rules (400): none, more than 3, name, phone, address, company name on a personal one', async () => {
    const id = await cpvDone();
    const msg = async (body: unknown) => (await patch(id, body)).body.message;
    expect(await msg({ references: [] })).toBe('At least one reference is required');
    expect(await msg({})).toBe('At least one reference is required');
    expect(await msg({ references: [PERSONAL, PERSONAL, PERSONAL, PERSONAL] })).toBe(REFERENCE_MSG.atMostThree);
    expect(await msg({ references: [{ ...PERSONAL, name: '' }] })).toBe('Name is required');
    expect(await msg({ references: [{ ...PERSONAL, phone: '0123456789' }] })).toBe('Invalid mobile number');
    expect(await msg({ references: [{ ...PERSONAL, address: 'Pune' }] })).toBe('Address is required');
    expect(await msg({ references: [{ ...PERSONAL, company_name: 'X' }] })).toBe(REFERENCE_MSG.companyNameBusinessOnly);
    expect((await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data.stages).not.toContain('REFERENCES');
  });

  it('no CPV stage → 409; a rejected application → 409; another tenant → 404; no token → 401', async () => {
    const id = await cpvDone(['BUSINESS_INFO', 'BANK_ACCOUNT']);
    const r = await patch(id, { references: [PERSONAL] });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(REFERENCE_MSG.cpvFirst);
    const residenceOnly = await cpvDone(['BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_RESIDENCE']);
    expect((await patch(residenceOnly, { references: [PERSONAL] })).status).toBe(200);
    const rej = await cpvDone();
    await s.db.query(
      `UPDATE applications SET data = data || '{"approval_checks":{"decision":"REJECTED","reasons":["X"]}}'::jsonb WHERE tenant_id='sahayog' AND id=$1`,
      [rej],
    );
    expect((await patch(rej, { references: [PERSONAL] })).body.message).toBe(REJECTED_MSG);
    expect((await patch(residenceOnly, { references: [PERSONAL] }, { token: udaanStaff, host: 'udaan.localhost' })).status).toBe(404);
    expect((await call(s.app, 'PATCH', `/v1/app/mfi/${id}/reference`, { json: { references: [PERSONAL] } })).status).toBe(401);
  });

  it('a replay with the same Idempotency-Key answers the first response again (same ids); one event', async () => {
    const id = await cpvDone();
    const headers = { 'Idempotency-Key': `ref-${id}` };
    const a = await patch(id, { references: [PERSONAL] }, { headers });
    const b = await patch(id, { references: [PERSONAL] }, { headers });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const events = await s.db.query(
      `SELECT 1 FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind='reference'`,
      [id],
    );
    expect(events).toHaveLength(1);
  });
});
