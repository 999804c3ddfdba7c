// Insider attacks replayed through the real API: a second officer and a sanctioned loan's payout account, the open
// merge PATCH, a self-approved deviation, Aadhaar numbers under any key, absurd bodies and queries. Each is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verhoeffValid } from '../../contracts/aadhaar';
import { AUTHORITY_MSG } from '../../contracts/authority';
import { BANK_SERVER_MSG } from '../../contracts/bank-account';
import { draftKeyMessage } from '../../contracts/borrower';
import { CPV_MSG } from '../../contracts/cpv';
import { kycSubmittedApplication, requiredPartiesAdded, uploadFor } from '../test-borrower';
import { blob, call, form, jpegBytes, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { forceApplication, HDFC_ACCOUNT, RAMESH_ACCOUNT } from '../test-workflow';

let s: TestServer;
let owner: string;
let officer: string;
let reviewer: string;
let verifier: string;

const verify = (path: string, json: unknown, token: string) => call(s.app, 'POST', path, { base: '/api/verification', token, json });
const app = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: owner })).body.data;

beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
  officer = await signIn(s.app, '9000000004');
  reviewer = await signIn(s.app, '9000000002');
  verifier = await signIn(s.app, '9000000003');
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('a sanctioned loan no longer changes', () => {
  it('another officer cannot change its payout account, even after checking the new one himself; nor can the review role', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    const account = { ...RAMESH_ACCOUNT, bank_proof: 'x' };
    await forceApplication(
      s,
      id,
      'PD2_COMPLETE',
      { bank_account: { ...account, verified: true }, is_pd2_complete: true, sanctioned: true },
      ['BUSINESS_INFO', 'BANK_ACCOUNT'],
    );
    const swap = { account_number: '501002345678', ifsc: 'HDFC0000123', phone: '9876543210', reference: 'r', application_id: id };
    expect((await verify('/v1/perfios/kyc/verify-bank-acc-v3', swap, officer)).status).toBe(403);
    const body = { ...account, account_number: '501002345678', confirm_account_number: '501002345678', ifsc_code: 'HDFC0000123' };
    expect((await call(s.app, 'PATCH', `/v1/app/mfi/${id}/bank-account`, { token: officer, json: body })).status).toBe(403);
    expect((await call(s.app, 'POST', `/v1/app/mfi/${id}/bank-account`, { token: officer, json: body })).status).toBe(403);
    const byReviewer = await call(s.app, 'PATCH', `/v1/app/mfi/${id}/bank-account`, { token: reviewer, json: body });
    expect(byReviewer.body).toMatchObject({ status_code: 409, message: AUTHORITY_MSG.sanctioned });
    expect((await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: { name: 'Someone Else' } })).status).toBe(409);
    expect((await app(id)).bank_account.account_number).toBe('123456789012');
  });

  it('before sanction the review role needs a bank check for a new account', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    const proof = await uploadFor(s, owner, id, 'BANK_PROOF', { pdf: true });
    await forceApplication(s, id, 'CREDIT_APPROVED', { is_pd1_complete: true }, ['BUSINESS_INFO']);
    const body = { account_holder_name: 'X Y Z', ...HDFC_ACCOUNT, account_type: 'SAVINGS', bank_proof: proof };
    await s.db.query(`UPDATE applications SET stages = array_append(stages, 'BANK_ACCOUNT') WHERE tenant_id='sahayog' AND id=$1`, [id]);
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${id}/bank-account`, { token: reviewer, json: body });
    expect(r.body).toMatchObject({ status_code: 409, message: BANK_SERVER_MSG.checkFirst });
  });
});

describe('the merge PATCH takes typed borrower-draft fields from the owner of a draft', () => {
  it.each([
    ['a number for a name', { name: 123 }],
    ['an operator object for a date', { dob: { $gt: '' } }],
    ['text for an amount', { amount_requested: 'abc' }],
    ['a server-owned key', { status: 'PD2_COMPLETE' }],
    [
      'a deviation with its status',
      { deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: false }, status: 'APPROVED' }] },
    ],
    ['12 digits as the last 4', { aadhaar_last4: '123412341234' }],
    ['a nested Aadhaar', { kyc: { aadhaar: '999988887777' } }],
  ])('%s → 400, nothing stored', async (_n, body) => {
    const { id } = await kycSubmittedApplication(s, owner);
    const before = await app(id);
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: body });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect((await app(id)).updated_at).toBe(before.updated_at);
  });

  it('an unknown key names itself; a key naming Aadhaar keeps the last 4 digits', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    expect((await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: { sanctioned: true } })).body.message).toBe(
      draftKeyMessage('sanctioned'),
    );
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: { UID: '2345-6789-0123', purpose: 'Shop stock' } });
    expect(r.status).toBe(200);
    expect(r.body.data.aadhaar_last4).toBe('0123');
    expect(JSON.stringify(r.body.data)).not.toContain('678901');
  });

  it("the Aadhaar card's photo fields keep their file ids (they are not the number)", async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    const ids = { aadhaar_front_file: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6', aadhaar_back_file: '123456789012' };
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: ids });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject(ids);
  });

  it('another officer cannot patch it (403)', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    expect((await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: officer, json: { name: 'Other Name' } })).status).toBe(403);
  });
});

describe('bodies and queries that used to answer 500', () => {
  it('70 KB → 413; a NUL → 400; 10,000 levels → 400; page=1e20 and search_by=%00 → 400', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    const big = await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: { purpose: 'x'.repeat(70 * 1024) } });
    expect(big.status).toBe(413);
    expect((await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: { purpose: 'a\u0000b' } })).status).toBe(400);
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, {
      token: owner,
      body: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect((await call(s.app, 'GET', '/v1/app/mfi?page=1e20', { token: owner })).status).toBe(400);
    expect((await call(s.app, 'GET', '/v1/app/mfi?search_by=%00', { token: owner })).status).toBe(400);
    expect((await call(s.app, 'GET', '/v1/app/mfi?page=2&size=100', { token: owner })).status).toBe(200);
  });
});

describe('deviations belong to the server', () => {
  it('a name mismatch is PENDING; the officer cannot decide it; the review role approves it; the CPV then goes through', async () => {
    const { id } = await kycSubmittedApplication(s, owner, { borrower: { name: 'Mohan Lal' } });
    // The visits also need the loan's required co-borrower (the sanction gate).
    await requiredPartiesAdded(s, owner, id);
    expect((await app(id)).deviations).toMatchObject([{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING' }]);
    await forceApplication(s, id, 'DRAFT', {}, ['BUSINESS_INFO', 'BANK_ACCOUNT']);
    const residence = { phone: '9876543210', verification_type: 'RESIDENCE_VERIFICATION', house_rent: '3000', food_expenses: 8000 };
    const blocked = await call(s.app, 'POST', `/v1/app/mfi/${id}/residence-cpv-info`, { token: verifier, json: residence });
    expect(blocked.body).toMatchObject({ status_code: 409, message: CPV_MSG.unapprovedDeviations });

    const decision = { type: 'BORROWER_NAME_MISMATCH_DEVIATION', decision: 'APPROVED', remarks: 'Name on PAN is the borrower’s old name' };
    for (const token of [owner, officer, verifier]) {
      expect((await call(s.app, 'POST', `/v1/app/mfi/${id}/deviations/decision`, { token, json: decision })).status).toBe(403);
    }
    expect(
      (await call(s.app, 'POST', `/v1/app/mfi/${id}/deviations/decision`, { token: reviewer, json: { ...decision, remarks: ' ' } })).status,
    ).toBe(400);
    const ok = await call(s.app, 'POST', `/v1/app/mfi/${id}/deviations/decision`, { token: reviewer, json: decision });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.deviations[0]).toMatchObject({
      status: 'APPROVED',
      decided_by: expect.any(Number),
      decision_remarks: decision.remarks,
    });
    const again = await call(s.app, 'POST', `/v1/app/mfi/${id}/deviations/decision`, {
      token: reviewer,
      json: { ...decision, decision: 'REJECTED' },
    });
    expect(again.status).toBe(409);
    expect((await call(s.app, 'POST', `/v1/app/mfi/${id}/residence-cpv-info`, { token: verifier, json: residence })).status).toBe(200);
  });
});

describe('full Aadhaar numbers are kept under no key', () => {
  const valid = (() => {
    for (let n = 234567890120; ; n += 1) if (verhoeffValid(String(n))) return String(n);
  })();

  it('a full number in free text is refused with a message; one that is not an Aadhaar number (check digit) is kept', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    const spaced = `${valid.slice(0, 4)} ${valid.slice(4, 8)} ${valid.slice(8)}`;
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: { address: `Near temple, Aadhaar ${spaced}` } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Aadhaar/);
  });

  it('the migration purge masks stored numbers under any key and in text, and leaves account numbers and file ids', async () => {
    const stored = {
      aadhaar_last4: '123412341234',
      kyc: { Aadhaar_No: 999988887777 },
      remarks: `seen ${valid}`,
      account_number: '123456789012',
      aadhaar_front_file: 'ab12cd',
      list: [{ uid: '2345 6789 0123' }],
    };
    const [row] = await s.db.query<{ j: Record<string, unknown> }>('SELECT flo_mask_aadhaar($1::jsonb) AS j', [JSON.stringify(stored)]);
    expect(row!.j).toEqual({
      aadhaar_last4: '1234',
      kyc: { Aadhaar_No: '7777' },
      remarks: `seen XXXX XXXX ${valid.slice(8)}`,
      account_number: '123456789012',
      aadhaar_front_file: 'ab12cd',
      list: [{ uid: '0123' }],
    });
  });

  it('after OTP runs and writes, no table holds the fixture number', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    const req = await verify('/v1/request_aadhaar_otp', { aadhaar: '999988887777', application_id: id }, owner);
    expect(req.status).toBe(200);
    await verify(
      '/v1/submit_aadhaar_otp',
      { ref_id: req.body.data.ref_id, origin: req.body.data.origin, application_id: id, otp: '123456' },
      owner,
    );
    await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: { aadhaar: '999988887777', aadhaar_number: '9999 8888 7777' } });
    const tables = await s.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const { table_name } of tables) {
      const rows = await s.db.query<{ t: string }>(`SELECT t::text AS t FROM "${table_name}" AS t`);
      for (const r of rows) expect(r.t.replace(/\D/g, ' '), table_name).not.toMatch(/999988887777|9999 8888 7777/);
    }
  });
});

describe('lists stay small', () => {
  it("the review role's list answers a summary (no address, no KYC), marked list_summary; the officer's own list the whole record", async () => {
    const { id, phone } = await kycSubmittedApplication(s, owner);
    const reviewerList = await call(s.app, 'GET', `/v1/app/mfi?search_by=${phone}`, { token: reviewer });
    const item = reviewerList.body.data.list[0];
    expect(item).toMatchObject({ id, phone, list_summary: true, name: expect.any(String), status: 'DRAFT', stages: expect.any(Array) });
    expect(item.address).toBeUndefined();
    expect(item.mother_name).toBeUndefined();
    const own = (await call(s.app, 'GET', `/v1/app/mfi?search_by=${phone}`, { token: owner })).body.data.list[0];
    expect(own.address).toEqual(expect.any(String));
    expect(own.co_deviations_pending).toBe(0);
    expect(item.co_deviations_pending).toBe(0);
    expect(own.list_summary).toBeUndefined();
  });

  it('no text field over 4,000 characters is stored (400)', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: { address: 'x'.repeat(4001) } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/too long/);
  });
});

describe('the other write paths', () => {
  const sanctioned = async () => {
    const { id, phone } = await kycSubmittedApplication(s, owner);
    await forceApplication(s, id, 'PD2_COMPLETE', { is_pd2_complete: true, sanctioned: true }, ['BUSINESS_INFO', 'BANK_ACCOUNT']);
    return { id, phone };
  };

  it('the validation OTP records nothing on an application the caller may not change', async () => {
    const { id, phone } = await sanctioned();
    const send = await call(s.app, 'POST', '/v1/validation/mobile/otp/send', {
      token: verifier,
      json: { mobile: phone, hostname: 'x', application_id: id },
    });
    expect(send.status).toBe(403);
    const own = await call(s.app, 'POST', '/v1/validation/mobile/otp/send', {
      token: owner,
      json: { mobile: phone, hostname: 'x', application_id: id },
    });
    expect(own.body).toMatchObject({ status_code: 409, message: AUTHORITY_MSG.sanctioned });
  });

  it('an upload attaches to an existing application only where the table allows; to one not created yet it is kept', async () => {
    const { id } = await sanctioned();
    const upload = (appId: string, token: string, name = 'shop.jpg') =>
      call(s.app, 'POST', '/v1/file/upload', {
        token,
        body: form({ file: blob(jpegBytes(), 'image/jpeg'), file_type: 'SHOP_PHOTO', application_id: appId }, name),
      });
    expect((await upload(id, officer)).status).toBe(403);
    expect((await upload(id, owner)).status).toBe(409);
    expect((await upload('d'.repeat(32), owner)).status).toBe(200);
    // A file name holding a full Aadhaar number is not kept as sent.
    const valid = (() => {
      for (let n = 234567890120; ; n += 1) if (verhoeffValid(String(n))) return String(n);
    })();
    const named = await upload('e'.repeat(32), owner, `aadhaar ${valid}.jpg`);
    expect(named.status).toBe(200);
    const [row] = await s.db.query<{ name: string }>('SELECT original_name AS name FROM files WHERE id=$1', [named.body.data.file_id]);
    expect(row?.name).not.toContain(valid);
  });

  it('a 12-digit Aadhaar number sent as a number is refused; a NUL or odd file id on presigned-url is 400', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    const valid = (() => {
      for (let n = 234567890120; ; n += 1) if (verhoeffValid(String(n))) return n;
    })();
    expect((await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: { years_of_residence: valid } })).status).toBe(400);
    expect((await call(s.app, 'GET', '/v1/loan-application/presigned-url?file_id=%00', { token: owner })).status).toBe(400);
  });
});
