// Loan tracking (GET /v1/track?tracker_id= | ?external_loan_id=): no token, 'Invalid external loan id' for a malformed
// id, 404 for an unknown one or another tenant's, else the server's message, the status and a timeline from the
// application's events, with the phone masked and nothing else personal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG } from '../../contracts/messages';
import { TRACK_MSG, TRACK_STAGE_LABELS } from '../../contracts/tracking';
import { kycSubmittedApplication, workflowServer } from '../test-borrower';
import { call, makeTestServer, type TestServer } from '../test-helpers';
import { type Visitor, visitorThroughKyc } from '../test-public';

const UDAAN = 'udaan.localhost';
let s: TestServer;
let staff: string;
let visitor: Visitor;
let trackerId: string;

const track = (query: string, host?: string) => call(s.app, 'GET', `/v1/track?${query}`, { host });

beforeAll(async () => {
  ({ s, staff } = await workflowServer());
  visitor = await visitorThroughKyc(s, '8833300001');
  trackerId = (await call(s.app, 'GET', `/v1/app/mfi/${visitor.id}`, { token: visitor.token })).body.data.tracker_id;
});
afterAll(async () => {
  await s.close();
});

describe('GET /v1/track', () => {
  it('answers the status as the message, a timeline of the steps so far, the phone masked, nothing else personal', async () => {
    const r = await track(`tracker_id=${trackerId}&hostname=sahayog.localhost`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      success: true,
      status_code: 200,
      message: TRACK_MSG.status(trackerId, 'DRAFT'),
      data: {
        tracker_id: trackerId,
        status: 'DRAFT',
        loan_type: 'MFI_BUSINESS_LOAN',
        phone: 'XXXXXX0001',
        stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
        created_at: expect.any(String),
        updated_at: expect.any(String),
        timeline: ['STARTED', 'BORROWER_INFO', 'KYC'].map((stage) => ({
          stage,
          label: TRACK_STAGE_LABELS[stage as 'KYC'],
          at: expect.any(String),
        })),
      },
    });
    const times = (r.body.data.timeline as Array<{ at: string }>).map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    const text = JSON.stringify(r.body);
    for (const personal of ['ABCDE1234F', 'ABC1234567', 'Ramesh', 'MG Road', '411001', '8833300001', visitor.id])
      expect(text).not.toContain(personal);
  });

  it('takes external_loan_id for tracker_id, and lower case', async () => {
    const r = await track(`external_loan_id=${trackerId.toLowerCase()}`);
    expect(r.status).toBe(200);
    expect(r.body.data.tracker_id).toBe(trackerId);
  });

  it('needs no token: a guest token of another application changes nothing', async () => {
    const other = await visitorThroughKyc(s, '8833300002');
    const r = await call(s.app, 'GET', `/v1/track?tracker_id=${trackerId}`, { token: other.token });
    expect(r.body.data.phone).toBe('XXXXXX0001');
  });

  it.each(['tracker_id=', 'tracker_id=FLO123', 'tracker_id=ABC0123456789', 'tracker_id=FLO0123456789A', 'tracker_id=FLO01234567GZ', ''])(
    "a malformed external loan id (%s) → 400 'Invalid external loan id'",
    async (q) => {
      expect((await track(q)).body).toEqual({ success: false, status_code: 400, message: MSG.invalidExternalLoanId });
    },
  );

  it("an unknown id, or another tenant's → 404", async () => {
    expect((await track('tracker_id=FLO0000000000')).body).toEqual({ success: false, status_code: 404, message: TRACK_MSG.notFound });
    expect((await track(`tracker_id=${trackerId}`, UDAAN)).status).toBe(404);
  });

  it('a bureau rejection shows as REJECTED with its own entry, no reasons', async () => {
    const rejected = await kycSubmittedApplication(s, staff, { pan: 'BADCR1234D' });
    const id = rejected.application.tracker_id as string;
    const r = await track(`tracker_id=${id}`);
    expect(r.body.message).toBe(TRACK_MSG.status(id, 'REJECTED'));
    expect(r.body.data.status).toBe('REJECTED');
    expect((r.body.data.timeline as Array<{ stage: string }>).map((e) => e.stage)).toEqual(['STARTED', 'BORROWER_INFO', 'KYC', 'REJECTED']);
    expect(JSON.stringify(r.body)).not.toContain('OVERDUE');
  });

  it('is counted per address with the partner tracking: past the budget → 429', async () => {
    const limited = await makeTestServer({ trackPerIp: 1 });
    try {
      expect((await call(limited.app, 'GET', '/v1/join-us/track?tracker_id=9876543210')).status).toBe(404);
      expect((await call(limited.app, 'GET', '/v1/track?tracker_id=FLO0000000000')).body).toEqual({
        success: false,
        status_code: 429,
        message: SERVER_MSG.tooManyRequests,
      });
    } finally {
      await limited.close();
    }
  });
});
