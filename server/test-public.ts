// Test fixtures for the public visitor's flow: a visitor verifies its mobile with the public OTP, then fills
// its own application through the same step routes staff use, with its guest token.
import { expect } from 'vitest';
import { borrowerBody, type KycFiles, kycBody } from './test-borrower';
import { blob, call, form, jpegBytes, pdfBytes, publicSignIn, type TestServer } from './test-helpers';

export type Visitor = { token: string; id: string; phone: string; host: string };

/** One file uploaded by a guest through POST /v1/apply-loan/upload-file (for its own application: none is named). */
export async function guestUpload(s: TestServer, v: Visitor, fileType: string, pdf = false): Promise<string> {
  const file = pdf ? blob(pdfBytes(), 'application/pdf') : blob(jpegBytes(), 'image/jpeg');
  const r = await call(s.app, 'POST', '/v1/apply-loan/upload-file', {
    host: v.host,
    token: v.token,
    body: form({ file, file_type: fileType, upload_type: 'LOAN_APPLICANT_PERSONAL_INFO' }, pdf ? 'doc.pdf' : 'photo.jpg'),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.file_id as string;
}

/**
 * A visitor whose mobile is verified (public OTP) and whose borrower form (PAN and voter id verified with its guest
 * token) and KYC step are submitted: stages [BORROWER_INFO, BORROWER_BASIC_INFO].
 */
export async function visitorThroughKyc(s: TestServer, phone: string, host = 'sahayog.localhost'): Promise<Visitor & { files: KycFiles }> {
  const { token, applicationId: id } = await publicSignIn(s.app, phone, host);
  const v: Visitor = { token, id, phone, host };
  const verify = (path: string, json: unknown) => call(s.app, 'POST', path, { host, base: '/api/verification', token, json });
  expect((await verify('/v1/verify_pan_lite', { pan: 'ABCDE1234F', application_id: id })).status).toBe(200);
  expect(
    (await verify('/v1/perfios/kyc/verify-voter-id', { voter_id: 'ABC1234567', reference: `ref-${id}`, application_id: id })).status,
  ).toBe(200);
  const borrower = await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { host, token, json: borrowerBody(phone) });
  expect(borrower.status, JSON.stringify(borrower.body)).toBe(200);
  const files: KycFiles = {
    photo_file: await guestUpload(s, v, 'BORROWER_PHOTO'),
    pan_file: await guestUpload(s, v, 'PAN', true),
    aadhaar_front_file: await guestUpload(s, v, 'AADHAAR_FRONT'),
    aadhaar_back_file: await guestUpload(s, v, 'AADHAAR_BACK'),
    voter_id_file: await guestUpload(s, v, 'VOTER_ID'),
  };
  const kyc = await call(s.app, 'PATCH', `/v1/app/mfi/${id}/basic-info`, { host, token, json: kycBody(files) });
  expect(kyc.status, JSON.stringify(kyc.body)).toBe(200);
  expect(kyc.body.data.stages).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO']);
  return { ...v, files };
}
