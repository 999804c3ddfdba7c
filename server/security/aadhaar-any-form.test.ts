// A full Aadhaar number is never stored, however written: with double spaces, ':', '|', brackets or letters touching
// the digits, under any key holding "account", as a key name, in a photo's accuracy reason, in chunked and bulk upload
// file names, or in the event history. One normaliser (contracts/aadhaar.ts) reads every string of every body, keys and
// file names included; a bank account number is exempt only under its exact keys and only as 9-18 digits; migration 016
// masks what is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AADHAAR_TEXT_MSG, verhoeffValid } from '../../contracts/aadhaar';
import { m016AadhaarAnyForm } from '../db/migrations/016-aadhaar-any-form';
import { nextApplication } from '../test-borrower';
import { blob, call, form, jpegBytes, makeTestServer, signIn, type TestServer } from '../test-helpers';

function aadhaarLike(first11: string): string {
  for (let d = 0; d <= 9; d++) if (verhoeffValid(`${first11}${d}`)) return `${first11}${d}`;
  throw new Error('no check digit');
}
const A = aadhaarLike('34567890123');
const [g1, g2, g3] = [A.slice(0, 4), A.slice(4, 8), A.slice(8)];
const WRITTEN = [
  `${g1}  ${g2}  ${g3}`,
  `${g1}:${g2}:${g3}`,
  `${g1}|${g2}|${g3}`,
  `${g1} | ${g2} | ${g3}`,
  `(${g1}) (${g2}) (${g3})`,
  `[${g1}][${g2}][${g3}]`,
  `{${g1}-${g2}-${g3}}`,
  `UID${A}`,
  `no.${g1} ${g2} ${g3}x`,
  `${g1}..${g2}..${g3}`,
  `${g1}/ ${g2} /${g3}`,
  `A${g1}${g2}${g3}B`,
  `${A.slice(0, 6)} ${A.slice(6)}`,
  `${g1}_${g2}_${g3}`,
  `#${g1}*${g2}*${g3}#`,
];

let s: TestServer;
let owner: string;
let appId = '';
beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
  const { id, phone } = nextApplication();
  appId = id;
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: owner, json: { phone, name: 'Ramesh Kumar' } })).status).toBe(201);
});
afterAll(async () => {
  await s.close();
});

const refused = (r: { status: number; body: Record<string, unknown> }) => {
  expect(r.body, JSON.stringify(r.body)).toEqual({ success: false, status_code: 400, message: AADHAAR_TEXT_MSG });
};

describe('however it is written, a full Aadhaar number is refused at the door', () => {
  it.each(WRITTEN)('in free text: %s', async (written) => {
    refused(await call(s.app, 'PATCH', `/v1/app/mfi/${appId}`, { token: owner, json: { address: `Near the temple ${written}` } }));
  });

  it('as a key name', async () => {
    refused(await call(s.app, 'PATCH', `/v1/app/mfi/${appId}`, { token: owner, json: { [`${g1} ${g2} ${g3}`]: 'x' } }));
  });

  it('under a key holding "account" that is not an account number', async () => {
    refused(
      await call(s.app, 'POST', `/v1/app/mfi/${appId}/bank-account`, {
        token: owner,
        json: { account_holder_name: `Ramesh ${g1}:${g2}:${g3}` },
      }),
    );
    refused(
      await call(s.app, 'POST', `/v1/app/mfi/${appId}/bank-account`, { token: owner, json: { account_number: `${g1} ${g2} ${g3}` } }),
    );
  });

  it('a genuine account number of 12 digits that passes the check is no Aadhaar refusal', async () => {
    const r = await call(s.app, 'POST', `/v1/app/mfi/${appId}/bank-account`, {
      token: owner,
      json: { account_number: A, confirm_account_number: A },
    });
    expect(r.body.message).not.toBe(AADHAAR_TEXT_MSG);
  });

  it("in a visit photo's accuracy reason", async () => {
    const evidence = JSON.stringify({ capture: 'camera', accuracy_reason: `GPS weak, card ${g1}|${g2}|${g3}` });
    refused(
      await call(s.app, 'POST', '/v1/file/upload-captured-image', {
        token: owner,
        body: form({ file: blob(jpegBytes(), 'image/jpeg'), file_type: 'SHOP_SELFIE', application_id: appId, evidence }),
      }),
    );
  });

  it("as a chunked upload's file name", async () => {
    refused(
      await call(s.app, 'POST', '/v1/uploads', {
        token: owner,
        json: { file_name: `aadhaar (${g1}) (${g2}) (${g3}).pdf`, mime_type: 'application/pdf', size: 10 },
      }),
    );
  });

  it("as a bulk upload's file name: dropped", async () => {
    const r = await call(s.app, 'POST', '/v1/file/bulk-upload', {
      token: owner,
      body: form({ files: blob(jpegBytes(), 'image/jpeg'), file_type: 'KYC', application_id: appId }, `card ${g1}  ${g2}  ${g3}.jpg`),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.files[0].name).toBe('document.jpg');
  });
});

describe('migration 016 masks what is stored, however it is written', () => {
  it('in records, key "account" text, the event history and file names; account numbers stay', async () => {
    const data = { account_holder_name: `R ${WRITTEN[1]}`, remarks: WRITTEN[4], bank_account: { account_number: A, note: WRITTEN[7] } };
    await s.db.query('UPDATE applications SET data = data || $1::jsonb WHERE id=$2', [JSON.stringify(data), appId]);
    await s.db.query(
      `INSERT INTO application_events (tenant_id, application_id, kind, body, created_at) VALUES ('sahayog', $1, 'patch', $2::jsonb, now())`,
      [appId, JSON.stringify({ text: WRITTEN[2], list: [WRITTEN[5]] })],
    );
    await s.db.query(`UPDATE files SET original_name = $1 WHERE id = (SELECT min(id) FROM files)`, [`scan ${WRITTEN[0]}.pdf`]);
    await m016AadhaarAnyForm.run(s.db);
    const [app] = await s.db.query<{ data: Record<string, unknown> }>('SELECT data FROM applications WHERE id=$1', [appId]);
    expect(app!.data.account_holder_name).toBe(`R XXXX XXXX ${g3}`);
    expect(app!.data.remarks).toBe(`(XXXX XXXX ${g3})`);
    expect(app!.data.bank_account).toEqual({ account_number: A, note: `UIDXXXX XXXX ${g3}` });
    const events = JSON.stringify(await s.db.query('SELECT body FROM application_events WHERE application_id=$1', [appId]));
    const names = JSON.stringify(await s.db.query('SELECT original_name FROM files'));
    for (const text of [events, names]) expect(text.replace(/\D/g, ' ')).not.toMatch(new RegExp(`${g1}\\s*${g2}\\s*${g3}`));
  });

  it("the server's own event writes are masked too", async () => {
    const { maskAadhaarDeep } = await import('../../contracts/aadhaar');
    expect(maskAadhaarDeep({ a: [`x ${WRITTEN[3]}`], account_number: A, n: Number(A) })).toEqual({
      a: [`x XXXX XXXX ${g3}`],
      account_number: A,
      n: `XXXX XXXX ${g3}`,
    });
  });
});
