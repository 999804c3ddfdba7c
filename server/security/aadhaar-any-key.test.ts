// Full Aadhaar numbers are never stored under any key (REQ-OFF-11), including keys that have digit rules of their own
// (`*_file`, `*_id`, anything naming Aadhaar): a full number sent as a file id, as `borrower_photo_from_aadhaar` or as
// an upload's `application_id` is not stored as it came. Each write below must be
// refused (400) or keep no full number, and after all of them no table holds one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AADHAAR_TEXT_MSG, verhoeffValid } from '../../contracts/aadhaar';
import { kycSubmittedApplication, nextApplication, uploadFor } from '../test-borrower';
import { blob, call, form, jpegBytes, makeTestServer, signIn, type TestServer } from '../test-helpers';

/** A 12-digit number starting 2–9 whose last digit is its Verhoeff check digit: what UIDAI issues. */
function aadhaarLike(first11: string): string {
  for (let d = 0; d <= 9; d++) if (verhoeffValid(`${first11}${d}`)) return `${first11}${d}`;
  throw new Error('no check digit');
}
const AADHAAR = aadhaarLike('23456789012');
const SPACED = `${AADHAAR.slice(0, 4)} ${AADHAAR.slice(4, 8)} ${AADHAAR.slice(8)}`;

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
}, 60_000);
afterAll(async () => {
  await s.close();
});

/** Every text cell of every table, as one string per row, that holds the 12 digits however they are spaced. */
async function rowsHoldingAadhaar(): Promise<string[]> {
  const tables = await s.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const hits: string[] = [];
  for (const { table_name } of tables) {
    const rows = await s.db.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`);
    for (const { row } of rows) if (row.replace(/[\s-]/g, '').includes(AADHAAR)) hits.push(`${table_name}: ${row.slice(0, 200)}`);
  }
  return hits;
}

const draft = async () => {
  const { id, phone } = nextApplication();
  const r = await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: owner, json: { phone, name: 'Ramesh Kumar' } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return id;
};

describe('a full Aadhaar number under a key the text scan skipped is refused', () => {
  it.each([
    ['borrower_photo_from_aadhaar', { borrower_photo_from_aadhaar: AADHAAR }],
    ['borrower_photo_from_aadhaar, spaced', { borrower_photo_from_aadhaar: SPACED }],
    ['aadhaar_front_file', { aadhaar_front_file: AADHAAR }],
    ['aadhaar_back_file, spaced', { aadhaar_back_file: SPACED }],
    ['pan_file', { pan_file: AADHAAR }],
    ['voter_id_file', { voter_id_file: SPACED }],
    ['voter_id', { voter_id: AADHAAR }],
  ])('merge PATCH %s → 400', async (_n, body) => {
    const id = await draft();
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${id}`, { token: owner, json: body });
    expect(r.body).toEqual({ success: false, status_code: 400, message: AADHAAR_TEXT_MSG });
  });

  it('the create PUT with the number as borrower_photo_from_aadhaar → 400', async () => {
    const { id, phone } = nextApplication();
    const r = await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: owner, json: { phone, borrower_photo_from_aadhaar: AADHAAR } });
    expect(r.body).toEqual({ success: false, status_code: 400, message: AADHAAR_TEXT_MSG });
  });

  it('the KYC submit with the number as a file id → 400', async () => {
    const { id, files } = await kycSubmittedApplication(s, owner);
    const r = await call(s.app, 'PATCH', `/v1/app/mfi/${id}/basic-info`, {
      token: owner,
      json: { ...files, aadhaar_front_file: SPACED, guardian_name: 'Shankar Kumar' },
    });
    expect(r.status).toBe(400);
  });

  it.each([
    ['as sent', AADHAAR],
    ['spaced', SPACED],
  ])('an upload naming the number as its application_id (%s) → 400', async (_n, appId) => {
    const r = await call(s.app, 'POST', '/v1/file/upload', {
      token: owner,
      body: form({ file: blob(jpegBytes(), 'image/jpeg'), file_type: 'KYC', application_id: appId }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
  });

  it('a chunked upload naming the number as its application_id → 400', async () => {
    const r = await call(s.app, 'POST', '/v1/uploads', {
      token: owner,
      json: { file_name: 'x.pdf', mime_type: 'application/pdf', size: 10, application_id: AADHAAR },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
  });

  it('a co-applicant whose file ids carry the number → 400', async () => {
    const { id } = await kycSubmittedApplication(s, owner);
    const pan = await uploadFor(s, owner, id, 'PAN', { pdf: true });
    const r = await call(s.app, 'POST', `/v1/app/mfi/${id}/co-applicant`, {
      token: owner,
      json: { type: 'CO_BORROWER', pan_file: pan, aadhaar_front_file: AADHAAR, aadhaar_back_file: SPACED },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
  });

  it('after every probe above, no table holds the full number', async () => {
    expect(await rowsHoldingAadhaar()).toEqual([]);
  });
});
