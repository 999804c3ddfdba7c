// The sanction gate on the real server (contracts/sanction-gate.ts, server/services/sanction-gate.ts): an insider's
// ways past it replayed through the API — an accept with a pending bank or guarantor deviation, a new PAN the bureau
// rejects after PD2 or after the KYC step, a rejected guarantor handed over and visited. Each is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPV_MSG } from '../../contracts/cpv';
import { GATE_MSG } from '../../contracts/sanction-gate';
import { REJECTED_MSG } from '../services/rejection';
import {
  borrowerBody,
  kycSubmittedApplication,
  requiredPartiesAdded,
  uploadFor,
  verifiedCoApplicantBody,
  workflowServer,
} from '../test-borrower';
import { call, signIn, type TestServer } from '../test-helpers';
import { RAMESH_ACCOUNT, VISIT, acceptLoan, forceApplication, readyToAccept as readyToAcceptOf } from '../test-workflow';

let s: TestServer;
let owner: string;
let reviewer: string;
let verifier: string;

const ACCOUNT = RAMESH_ACCOUNT;

const verify = (path: string, json: unknown, token: string) => call(s.app, 'POST', path, { base: '/api/verification', token, json });
const app = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: reviewer })).body.data;
const codes = (r: { body: { data?: { blockers?: { code: string }[] } } }) => (r.body.data?.blockers ?? []).map((b) => b.code);

const accept = (id: string) => acceptLoan(s, reviewer, id);

const readyToAccept = () => readyToAcceptOf(s, owner);

beforeAll(async () => {
  ({ s, staff: owner, reviewer } = await workflowServer());
  verifier = await signIn(s.app, '9000000003', 'sahayog.localhost');
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('the accept passes the whole gate', () => {
  it('a loan with nothing in its way is sanctioned', async () => {
    const { id } = await readyToAccept();
    const r = await accept(id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await app(id)).sanctioned).toBe(true);
  });

  it('a pending bank-name deviation (a new payout account after PD2) → 409 with the list; not sanctioned', async () => {
    const { id, proof } = await readyToAccept();
    expect(
      (
        await verify(
          '/v1/perfios/kyc/verify-bank-acc-v3',
          { account_number: '111122223333', ifsc: 'HDFC0001234', reference: 'x', application_id: id },
          reviewer,
        )
      ).status,
    ).toBe(200);
    const bank = await call(s.app, 'PATCH', `/v1/app/mfi/${id}/bank-account`, {
      token: reviewer,
      json: {
        account_number: '111122223333',
        confirm_account_number: '111122223333',
        ifsc_code: 'HDFC0001234',
        bank_name: 'HDFC Bank',
        bank_proof: proof,
      },
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    expect(bank.body.data.bank_account.deviations).toMatchObject([{ type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'PENDING' }]);
    const r = await accept(id);
    expect(r.status).toBe(409);
    expect(r.body.data.blockers).toEqual([
      { code: 'DEVIATION_PENDING', message: GATE_MSG.deviationPending('The bank name mismatch deviation'), subject: 'BANK_ACCOUNT' },
    ]);
    expect(r.body.message).toBe(GATE_MSG.deviationPending('The bank name mismatch deviation'));
    expect((await app(id)).sanctioned).toBeUndefined();
  });

  it('a pending guarantor-name deviation (a guarantor added after PD2) → 409; not sanctioned', async () => {
    const { id } = await readyToAccept();
    const json = await verifiedCoApplicantBody(s, reviewer, id, {
      type: 'GUARANTOR',
      body: { name: 'Kishore Vyas', relationship: 'BROTHER' },
    });
    const g = await call(s.app, 'POST', `/v1/app/mfi/${id}/co-applicant`, { token: reviewer, json });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(g.body.data.deviations).toMatchObject([{ type: 'GUARANTOR_NAME_MISMATCH_DEVIATION', status: 'PENDING' }]);
    const r = await accept(id);
    expect(r.status).toBe(409);
    expect(r.body.data.blockers).toMatchObject([{ code: 'DEVIATION_PENDING', subject: g.body.data.id }]);
    expect((await app(id)).sanctioned).toBeUndefined();
  });

  it('a figures change after PD2 (with its reason) holds the accept until a second reviewer approves it', async () => {
    const { id } = await readyToAccept();
    const body = {
      phone: '9876543210',
      verification_type: 'BUSINESS_PLACE_VERIFICATION',
      ...VISIT,
      qr_code_upload: await uploadFor(s, reviewer, id, 'QR_CODE'),
      shop_selfie_photo_file: await uploadFor(s, reviewer, id, 'SHOP_SELFIE'),
      monthly_sales: Number(VISIT.monthly_sales) - 1000,
      change_reason: 'The sales register shows less',
    };
    const v = await call(s.app, 'POST', `/v1/app/mfi/${id}/business-cpv-info`, { token: reviewer, json: body });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    const held = await accept(id);
    expect(held.status).toBe(409);
    expect(held.body.data.blockers).toEqual([
      { code: 'DEVIATION_PENDING', message: GATE_MSG.deviationPending('The figures change deviation'), subject: 'BORROWER' },
    ]);
    const second = await signIn(s.app, '9000000006', 'sahayog.localhost');
    const decided = await call(s.app, 'POST', `/v1/app/mfi/${id}/deviations/decision`, {
      token: second,
      json: { type: 'FIGURES_CHANGE_DEVIATION', decision: 'APPROVED', remarks: 'Register seen' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((await accept(id)).status).toBe(200);
    expect((await app(id)).sanctioned).toBe(true);
  });

  it('no KFS of this offer with another blocker: both in the list', async () => {
    const { id } = await readyToAccept();
    await forceApplication(s, id, 'PD2_COMPLETE', { reference: [] }, []);
    const info = {
      final_suggested_loan_amount: 100000,
      risk_category_and_loan_type_wise_max_tenure: 12,
      disbursement_date: '10-12-2026',
      emi_start_date: '',
    };
    const r = await call(s.app, 'PATCH', '/v1/bureau/bre', {
      token: reviewer,
      json: { application_id: id, is_accepted: true, updated_info: info },
    });
    expect(r.status).toBe(409);
    expect(codes(r)).toEqual(['REFERENCES_MISSING', 'KFS_NOT_ACCEPTED']);
  });
});

describe('a changed identity goes through the bureau again', () => {
  it("the review role's borrower resubmit with PAN BADCR1234D after PD2 → rejected (approval_checks, rejection_reason); the accept is refused", async () => {
    const { id, phone } = await readyToAccept();
    expect((await verify('/v1/verify_pan_lite', { pan: 'BADCR1234D', application_id: id }, reviewer)).status).toBe(200);
    const r = await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: reviewer, json: borrowerBody(phone, { pan: 'BADCR1234D' }) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      approval_checks: { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'], decided_for: { pan: 'BADCR1234D' } },
      rejection_reason: 'OVERDUE_AMOUNT_PRESENT',
    });
    const a = await accept(id);
    expect(a.status).toBe(409);
    expect(a.body.message).toBe(REJECTED_MSG);
    expect((await app(id)).sanctioned).toBeUndefined();
  });

  it('the owner in DRAFT after an approved KYC: a merge PATCH of the PAN → rejected; a borrower resubmit too', async () => {
    const a = await kycSubmittedApplication(s, owner);
    // A draft PAN must be one verified for the application (an unverified one is refused, server/security/draft-identity.test.ts).
    expect((await verify('/v1/verify_pan_lite', { pan: 'BADCR1234D', application_id: a.id }, owner)).status).toBe(200);
    const p = await call(s.app, 'PATCH', `/v1/app/mfi/${a.id}`, { token: owner, json: { pan: 'BADCR1234D' } });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.data).toMatchObject({ approval_checks: { decision: 'REJECTED' }, rejection_reason: 'OVERDUE_AMOUNT_PRESENT' });

    const b = await kycSubmittedApplication(s, owner);
    expect((await verify('/v1/verify_pan_lite', { pan: 'BADCR1234D', application_id: b.id }, owner)).status).toBe(200);
    const r = await call(s.app, 'PUT', `/v1/app/mfi/${b.id}`, { token: owner, json: borrowerBody(b.phone, { pan: 'BADCR1234D' }) });
    expect(r.status).toBe(200);
    expect(r.body.data.approval_checks).toMatchObject({ decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'] });
  });

  it("a co-applicant's new voter id is decided again: the stored decision names it", async () => {
    const a = await kycSubmittedApplication(s, owner);
    const [co] = await requiredPartiesAdded(s, owner, a.id);
    expect(
      (await verify('/v1/perfios/kyc/verify-voter-id', { voter_id: 'QWE1234567', reference: 'v', application_id: a.id }, owner)).status,
    ).toBe(200);
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/co-applicant/${co}`, { token: owner, json: { voter_id: 'QWE1234567' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.approval_checks.decided_for).toEqual({ pan: r.body.data.pan, voter_id: 'QWE1234567' });
  });
});

describe('a rejected party stops the hand-over and the visits', () => {
  it('an unsecured loan whose only guarantor the bureau rejected: the bank account submit → 409, no hand-over; replaced → handed over', async () => {
    const a = await kycSubmittedApplication(s, owner, { borrower: { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 200000 } });
    const post = (json: unknown) => call(s.app, 'POST', `/v1/app/mfi/${a.id}/co-applicant`, { token: owner, json });
    expect((await post(await verifiedCoApplicantBody(s, owner, a.id, { body: { relationship: 'BROTHER' } }))).body.data.status).toBe(
      'APPROVED',
    );
    const bad = await post(await verifiedCoApplicantBody(s, owner, a.id, { type: 'GUARANTOR', pan: 'BADCR1234D' }));
    expect(bad.body.data.status).toBe('REJECTED');
    await forceApplication(s, a.id, 'DRAFT', {}, ['BUSINESS_INFO']);
    expect(
      (
        await verify(
          '/v1/perfios/kyc/verify-bank-acc-v3',
          { account_number: '123456789012', ifsc: 'SBIN0001234', reference: 'x', application_id: a.id },
          owner,
        )
      ).status,
    ).toBe(200);
    const proof = await uploadFor(s, owner, a.id, 'BANK_PROOF', { pdf: true });
    const bank = () => call(s.app, 'POST', `/v1/app/mfi/${a.id}/bank-account`, { token: owner, json: { ...ACCOUNT, bank_proof: proof } });

    const refused = await bank();
    expect(refused.status).toBe(409);
    expect(refused.body.data.blockers).toEqual([
      { code: 'CO_APPLICANT_REJECTED', message: GATE_MSG.partyRejected(`The guarantor ${bad.body.data.name}`), subject: bad.body.data.id },
    ]);
    expect((await app(a.id)).stages).not.toContain('BANK_ACCOUNT');
    // The list tells the phones: the row carries the parties (no PAN), which hold the visit and ask for the replacement.
    const list = await call(s.app, 'GET', `/v1/app/mfi?search_by=${a.id}`, { token: verifier });
    const row = list.body.data.list.find((x: { id: string }) => x.id === a.id);
    expect(row.co_parties).toEqual([
      expect.objectContaining({ type: 'CO_BORROWER', status: 'APPROVED', current: true }),
      {
        id: bad.body.data.id,
        type: 'GUARANTOR',
        status: 'REJECTED',
        name: bad.body.data.name,
        approval_checks: { decision: 'REJECTED' },
        current: true,
      },
    ]);
    expect(JSON.stringify(row.co_parties)).not.toContain('BADCR1234D');

    const json = await verifiedCoApplicantBody(s, owner, a.id, { type: 'GUARANTOR' });
    const rep = await call(s.app, 'POST', `/v1/app/mfi/${a.id}/co-applicant/replace`, {
      token: owner,
      json: { ...json, id_to_replace: bad.body.data.id },
    });
    expect(rep.body.data.status).toBe('APPROVED');
    expect((await bank()).status).toBe(200);
  });

  it('a loan handed over before its guarantor was rejected: the visit → 409 with the list', async () => {
    const a = await kycSubmittedApplication(s, owner, { borrower: { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 200000 } });
    const ids = await requiredPartiesAdded(s, owner, a.id, 'UNSECURED_BUSINESS_LOAN');
    await s.db.query(
      `UPDATE co_applicants SET status='REJECTED', approval_checks = approval_checks || '{"decision":"REJECTED"}'::jsonb WHERE id=$1`,
      [ids[1]],
    );
    await forceApplication(s, a.id, 'DRAFT', {}, ['BUSINESS_INFO', 'BANK_ACCOUNT']);
    const r = await call(s.app, 'POST', `/v1/app/mfi/${a.id}/residence-cpv-info`, {
      token: verifier,
      json: { phone: '9876543210', verification_type: 'RESIDENCE_VERIFICATION' },
    });
    expect(r.status).toBe(409);
    expect(codes(r)).toEqual(['CO_APPLICANT_REJECTED']);
  });

  it('PD1 approval after a guarantor with a pending deviation was added → 409; not CREDIT_APPROVED', async () => {
    const a = await kycSubmittedApplication(s, owner);
    await requiredPartiesAdded(s, owner, a.id);
    await forceApplication(s, a.id, 'PD1_REVIEW', { cpv_business: VISIT, cpv_residence: {} }, [
      'BUSINESS_INFO',
      'BANK_ACCOUNT',
      'CPV_BUSINESS_PLACE',
      'CPV_RESIDENCE',
    ]);
    const json = await verifiedCoApplicantBody(s, reviewer, a.id, {
      type: 'GUARANTOR',
      body: { name: 'Kishore Vyas', relationship: 'BROTHER' },
    });
    expect((await call(s.app, 'POST', `/v1/app/mfi/${a.id}/co-applicant`, { token: reviewer, json })).status).toBe(200);
    const r = await call(s.app, 'POST', `/v1/app/mfi/${a.id}/pd1-review`, { token: verifier, json: { decision: 'APPROVE' } });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(CPV_MSG.unapprovedDeviations);
    expect(codes(r)).toEqual(['DEVIATION_PENDING']);
    expect((await app(a.id)).status).toBe('PD1_REVIEW');
  });
});
