// Test fixtures for the workflow steps after the borrower: "a verified borrower application" (created, PAN, voter id
// and mobile verified, borrower form submitted → BORROWER_INFO) and the KYC step's uploads and body.
import { expect } from 'vitest';
import type { LoanType } from '../contracts/products';
import { REQUIRED_PARTIES } from '../contracts/sanction-gate';
import { VALIDATION_PURPOSE } from '../contracts/validation-otp';
import { panIdentity, voterIdentity } from './fixtures/identities';
import { blob, call, form, jpegBytes, makeTestServer, pdfBytes, signIn, type TestServer } from './test-helpers';

const yearsAgo = (n: number) => `15-06-${new Date().getFullYear() - n}`;

/** A borrower body that passes REQ-BORR-1 for the fixture identity RAMESH KUMAR (PAN ABCDE1234F, voter id ABC1234567). */
export const borrowerBody = (phone: string, over: Record<string, unknown> = {}) => ({
  phone,
  aadhaar_last4: '7777',
  title: 'Mr.',
  name: 'Ramesh Kumar',
  alternate_phone: '',
  gender: 'MALE',
  marital_status: 'MARRIED',
  dob: yearsAgo(40),
  age: 40,
  pan: 'ABCDE1234F',
  voter_id: 'ABC1234567',
  pincode: '411001',
  city: 'Pune',
  district: 'Pune',
  state: 'Maharashtra',
  address: '12 MG Road, Camp',
  address_type: 'RESIDENCE',
  address_ownership_type: 'SELF_OWNED',
  address_owned_by: '',
  years_of_residence: 5,
  house_type: 'PAKKA',
  email: '',
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: 100000,
  tenure_requested: 12,
  emi_requested: 9000,
  purpose: 'EXPANSION_OF_EXISTING_BUSINESS',
  borrower_photo_from_aadhaar: '',
  terms_accepted: true,
  ...over,
});

let seq = 0;
/** A fresh application id and mobile, unique within this test file's server. */
export function nextApplication(): { id: string; phone: string } {
  seq += 1;
  return { id: (seq + 0xf0000).toString(16).padStart(32, '0'), phone: `97${String(seq).padStart(8, '0')}` };
}

export type BorrowerOpts = {
  host?: string;
  /** PAN verified and submitted (BADCR1234D: the bureau rejects it at KYC). */
  pan?: string;
  voterId?: string;
  /** Borrower fields to override in the submit. */
  borrower?: Record<string, unknown>;
  /** false: stop after the checks, before the borrower submit (no BORROWER_INFO). */
  submit?: boolean;
};

/**
 * "A verified borrower application": creates an application as the officer holding `token`, verifies its PAN, voter
 * id and mobile (validation OTP), and submits the borrower form (PUT with terms_accepted) → stages [BORROWER_INFO].
 */
export async function verifiedBorrowerApplication(
  s: TestServer,
  token: string,
  opts: BorrowerOpts = {},
): Promise<{ id: string; phone: string; application: Record<string, unknown> }> {
  const host = opts.host ?? 'sahayog.localhost';
  const pan = opts.pan ?? 'ABCDE1234F';
  const voterId = opts.voterId ?? 'ABC1234567';
  const { id, phone } = nextApplication();
  const created = await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { host, token, json: { phone, name: 'Ramesh Kumar' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  const verify = (path: string, json: unknown) => call(s.app, 'POST', path, { host, base: '/api/verification', token, json });
  const panR = await verify('/v1/verify_pan_lite', { pan, application_id: id });
  expect(panR.status, JSON.stringify(panR.body)).toBe(200);
  const voterR = await verify('/v1/perfios/kyc/verify-voter-id', { voter_id: voterId, reference: `ref-${id}`, application_id: id });
  expect(voterR.status, JSON.stringify(voterR.body)).toBe(200);
  const sent = await call(s.app, 'POST', '/v1/validation/mobile/otp/send', {
    host,
    token,
    json: { mobile: phone, hostname: host, application_id: id },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const otp = await call(s.app, 'POST', '/v1/validation/mobile/otp/verify', {
    host,
    token,
    json: { session_id: sent.body.data.session_id, purpose: VALIDATION_PURPOSE, otp: s.config.sandboxOtp },
  });
  expect(otp.status, JSON.stringify(otp.body)).toBe(200);
  if (opts.submit === false) return { id, phone, application: otp.body.data };

  const submitted = await call(s.app, 'PUT', `/v1/app/mfi/${id}`, {
    host,
    token,
    json: borrowerBody(phone, { pan, voter_id: voterId, ...opts.borrower }),
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  expect(submitted.body.data.stages).toContain('BORROWER_INFO');
  return { id, phone, application: submitted.body.data };
}

/** Uploads one file for an application (multipart upload) and returns its file_id. */
export async function uploadFor(
  s: TestServer,
  token: string,
  applicationId: string,
  fileType: string,
  opts: { host?: string; pdf?: boolean; uploadType?: string; recordIndex?: number } = {},
) {
  const file = opts.pdf ? blob(pdfBytes(), 'application/pdf') : blob(jpegBytes(), 'image/jpeg');
  const fields: Record<string, string | Blob> = {
    file,
    file_type: fileType,
    application_id: applicationId,
    upload_type: opts.uploadType ?? 'LOAN_APPLICANT_PERSONAL_INFO',
  };
  if (opts.recordIndex !== undefined) fields.record_index = String(opts.recordIndex);
  const r = await call(s.app, 'POST', '/v1/file/upload', {
    host: opts.host,
    token,
    body: form(fields, opts.pdf ? 'doc.pdf' : 'photo.jpg'),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.file_id as string;
}

export type KycFiles = {
  photo_file: string;
  pan_file: string;
  aadhaar_front_file: string;
  aadhaar_back_file: string;
  voter_id_file: string;
};

/** The five KYC uploads of an application. */
export async function uploadKycFiles(s: TestServer, token: string, applicationId: string, host?: string): Promise<KycFiles> {
  return {
    photo_file: await uploadFor(s, token, applicationId, 'BORROWER_PHOTO', { host }),
    pan_file: await uploadFor(s, token, applicationId, 'PAN', { host, pdf: true }),
    aadhaar_front_file: await uploadFor(s, token, applicationId, 'AADHAAR_FRONT', { host }),
    aadhaar_back_file: await uploadFor(s, token, applicationId, 'AADHAAR_BACK', { host }),
    voter_id_file: await uploadFor(s, token, applicationId, 'VOTER_ID', { host }),
  };
}

/** A KycInfo body (REQ-KYC-1) over the given file ids. */
export const kycBody = (files: KycFiles, over: Record<string, unknown> = {}) => ({
  guardian_name: 'Shankar Kumar',
  guardian_relationship: 'FATHER',
  mother_name: 'Kamla Devi',
  category: 'GENERAL',
  religion: 'HINDU',
  mother_tongue: 'Marathi',
  education_qualification: 'GRADUATE',
  no_of_family_members: 4,
  no_of_earning_members: 2,
  photo_geo_tag_info: JSON.stringify({ latitude: 18.5204, longitude: 73.8567 }),
  ...files,
  ...over,
});

/**
 * A verified borrower application whose KYC step was submitted (and approved, unless opts.pan says otherwise):
 * stages [BORROWER_INFO, BORROWER_BASIC_INFO]. Returns the basic-info answer's data.
 */
export async function kycSubmittedApplication(s: TestServer, token: string, opts: BorrowerOpts = {}) {
  const app = await verifiedBorrowerApplication(s, token, opts);
  const files = await uploadKycFiles(s, token, app.id, opts.host);
  const r = await call(s.app, 'PATCH', `/v1/app/mfi/${app.id}/basic-info`, { host: opts.host, token, json: kycBody(files) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { ...app, files, application: r.body.data as Record<string, unknown> };
}

/**
 * A co-applicant body (REQ-COAP-1) that passes the contract; files and verified identities come from
 * verifiedCoApplicantBody.
 */
export const coApplicantBody = (over: Record<string, unknown> = {}) => ({
  type: 'CO_BORROWER',
  relationship: 'SPOUSE',
  title: 'Mrs.',
  phone: '9876500011',
  name: 'Sunita Devi',
  guardian_name: 'Ramesh Kumar',
  guardian_relationship: 'SPOUSE',
  gender: 'FEMALE',
  income: 12000,
  dob: yearsAgo(35),
  age: 35,
  marital_status: 'MARRIED',
  email: '',
  pincode: '411001',
  city: 'Pune',
  district: 'Pune',
  state: 'Maharashtra',
  address: '12 MG Road, Camp',
  landmark: '',
  pan: 'AAAAA1111A',
  voter_id: '',
  aadhaar: '4321',
  pan_file: '',
  aadhaar_front_file: '',
  aadhaar_back_file: '',
  voter_id_file: '',
  ...over,
});

export type CoApplicantOpts = {
  type?: 'CO_BORROWER' | 'GUARANTOR';
  /** Verified for the application first (default: a synthetic PAN, whose name the body takes). */
  pan?: string;
  /** Verified and sent (a co-borrower always gets one: by default a synthetic voter id naming the PAN's person). */
  voterId?: string;
  host?: string;
  recordIndex?: number;
  /** Body fields to override (after the verified names are filled in). */
  body?: Record<string, unknown>;
};

let coSeq = 0;

/** A synthetic voter id whose check answers the same name as the PAN's (so a co-borrower's names match). */
function voterIdNamed(pan: ReturnType<typeof panIdentity>): string {
  if (!pan.ok) return 'XYZ7654321';
  for (let i = 0; i < 100_000; i++) {
    const id = `COV${String(i).padStart(7, '0')}`;
    const r = voterIdentity(id);
    if (r.ok && r.name === pan.name) return id;
  }
  return 'XYZ7654321';
}

/**
 * A valid co-applicant body for an application: verifies its PAN (and voter id) for the application, uploads the PAN,
 * Aadhaar front/back (and voter id) files as LOAN_APPLICANT_CO_APPLICANT, and names the co-applicant as the PAN check
 * did, so there is no name mismatch unless `body.name` says otherwise. A co-borrower's voter id must name the same person:
 * pass `voterId` with a PAN of the same name, or expect a deviation.
 */
export async function verifiedCoApplicantBody(
  s: TestServer,
  token: string,
  appId: string,
  opts: CoApplicantOpts = {},
): Promise<Record<string, unknown>> {
  const host = opts.host ?? 'sahayog.localhost';
  const type = opts.type ?? 'CO_BORROWER';
  coSeq += 1;
  const pan = opts.pan ?? `AAAAC${String(1000 + coSeq).slice(-4)}A`;
  const voterId = opts.voterId ?? (type === 'CO_BORROWER' ? voterIdNamed(panIdentity(pan)) : '');
  const verify = (path: string, json: unknown) => call(s.app, 'POST', path, { host, base: '/api/verification', token, json });
  const panR = await verify('/v1/verify_pan_lite', { pan, application_id: appId });
  expect(panR.status, JSON.stringify(panR.body)).toBe(200);
  let voterName: string | undefined;
  if (voterId) {
    const voterR = await verify('/v1/perfios/kyc/verify-voter-id', { voter_id: voterId, reference: `co-${coSeq}`, application_id: appId });
    expect(voterR.status, JSON.stringify(voterR.body)).toBe(200);
    voterName = voterR.body.data.result.name;
  }
  const up = (fileType: string, pdf = false) =>
    uploadFor(s, token, appId, fileType, { host, pdf, uploadType: 'LOAN_APPLICANT_CO_APPLICANT', recordIndex: opts.recordIndex });
  const files = {
    pan_file: await up('PAN', true),
    aadhaar_front_file: await up('AADHAAR_FRONT'),
    aadhaar_back_file: await up('AADHAAR_BACK'),
    voter_id_file: voterId ? await up('VOTER_ID') : '',
  };
  return coApplicantBody({
    type,
    pan,
    voter_id: voterId,
    name: voterName ?? panR.body.data.name_pan_card,
    ...files,
    ...(opts.recordIndex !== undefined ? { record_index: opts.recordIndex } : {}),
    ...opts.body,
  });
}

/**
 * The product's required co-applicants (contracts/sanction-gate.ts REQUIRED_PARTIES: MFI a co-borrower, unsecured also a
 * guarantor) added through the API, each approved by the bureau with no name deviation. Their relationship keeps them
 * out of the household, so the household test reads the borrower's own figures. Answers the co-applicants' ids.
 */
export async function requiredPartiesAdded(
  s: TestServer,
  token: string,
  appId: string,
  loanType: LoanType = 'MFI_BUSINESS_LOAN',
  host?: string,
) {
  const ids: string[] = [];
  for (const type of REQUIRED_PARTIES[loanType]) {
    const json = await verifiedCoApplicantBody(s, token, appId, { type, host, body: { relationship: 'BROTHER' } });
    const r = await call(s.app, 'POST', `/v1/app/mfi/${appId}/co-applicant`, { host, token, json });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.status).toBe('APPROVED');
    ids.push(r.body.data.id);
  }
  return ids;
}

/** An application through KYC with the parties its product requires: ready for the hand-over (the sanction gate). */
export async function handOverReady(s: TestServer, token: string, opts: BorrowerOpts = {}) {
  const app = await kycSubmittedApplication(s, token, opts);
  await requiredPartiesAdded(s, token, app.id);
  return app;
}

/**
 * One in-process server for a workflow test file, with the initiating officer, another officer of the same tenant,
 * the review role, and the officer signed in on another tenant.
 */
export async function workflowServer() {
  const s = await makeTestServer();
  return {
    s,
    staff: await signIn(s.app, '9000000001', 'sahayog.localhost'),
    colleague: await signIn(s.app, '9000000004', 'sahayog.localhost'),
    reviewer: await signIn(s.app, '9000000002', 'sahayog.localhost'),
    udaanStaff: await signIn(s.app, '9000000001', 'udaan.localhost'),
  };
}
