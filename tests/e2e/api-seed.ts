// An application driven through the real API from the test runner, for specs whose subject comes after the first
// stages: the officer's first stage, the verification role's visits and PD1 approval, the review role's PD2 visits and
// references. Plain http://localhost (the default tenant, sahayog): the tenant hosts resolve only in the browser.
import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { VALIDATION_PURPOSE } from '../../contracts/validation-otp';
import { E2E_PORT } from './helpers';

const ORIGIN = `http://localhost:${E2E_PORT}`;
// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, as the server tests do.
type Json = Record<string, any>;

/** One call; fails the test with the answer when the status is not `want`. */
export async function api(
  method: string,
  path: string,
  o: { token?: string; json?: unknown; form?: FormData; base?: string; want?: number } = {},
): Promise<Json> {
  const headers: Record<string, string> = { 'x-client-type': 'web' };
  if (o.token) headers.token = o.token;
  if (o.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${ORIGIN}${o.base ?? '/api/main'}${path}`, {
    method,
    headers,
    body: o.form ?? (o.json === undefined ? undefined : JSON.stringify(o.json)),
  });
  const body = (await res.json().catch(() => ({}))) as Json;
  if (o.want !== undefined) expect(res.status, `${method} ${path}: ${JSON.stringify(body)}`).toBe(o.want);
  return { status: res.status, ...body };
}

export async function apiSignIn(mobile: string): Promise<string> {
  const sent = await api('POST', '/v1/auth/send-otp', { json: { mobile, hostname: 'localhost' }, want: 200 });
  return (await api('POST', '/v1/auth/verify-otp', { json: { session_id: sent.data.session_id, otp: '123456' }, want: 200 })).data.token;
}

const verify = (token: string, path: string, json: unknown) => api('POST', path, { token, json, base: '/api/verification', want: 200 });

/** A minimal JPEG with an EXIF GPS marker (as server/test-helpers.ts makes it) and a minimal PDF. */
function jpeg(): Blob {
  const seg = (m: number, p: number[]) => [0xff, m, ((p.length + 2) >> 8) & 0xff, (p.length + 2) & 0xff, ...p];
  const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
  return new Blob(
    [
      new Uint8Array([
        0xff,
        0xd8,
        ...seg(0xe1, [...ascii('Exif'), 0, 0, ...ascii('GPSLatitude=18.5204')]),
        ...seg(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
        ...seg(0xc0, [8, 1, 0xe0, 2, 0x80, 1, 1, 0x11, 0]),
        ...seg(0xda, [1, 1, 0, 0, 0x3f, 0]),
        0x12,
        0x34,
        0x56,
        0x78,
        0xff,
        0xd9,
      ]),
    ],
    { type: 'image/jpeg' },
  );
}
const pdf = () =>
  new Blob([new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')], { type: 'application/pdf' });

export async function upload(token: string, appId: string, fileType: string, asPdf = false): Promise<string> {
  const fd = new FormData();
  fd.append('file', asPdf ? pdf() : jpeg(), asPdf ? 'doc.pdf' : 'photo.jpg');
  fd.append('file_type', fileType);
  fd.append('application_id', appId);
  fd.append('upload_type', 'LOAN_APPLICANT_PERSONAL_INFO');
  return (await api('POST', '/v1/file/upload', { token, form: fd, want: 200 })).data.file_id;
}

const yearsAgo = (n: number) => `15-06-${new Date().getFullYear() - n}`;

/**
 * The officer's first stage for RAMESH KUMAR (PAN ABCDE1234F) paid to his own account: stages through BANK_ACCOUNT.
 * Another typed `name` is a name mismatch the server keeps as a PENDING deviation for the review role.
 */
export async function firstStage(officer: string, mobile: string, o: { name?: string } = {}): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const name = o.name ?? 'Ramesh Kumar';
  await api('PUT', `/v1/app/mfi/${id}`, { token: officer, json: { phone: mobile, name }, want: 201 });
  await verify(officer, '/v1/verify_pan_lite', { pan: 'ABCDE1234F', application_id: id });
  await verify(officer, '/v1/perfios/kyc/verify-voter-id', { voter_id: 'ABC1234567', reference: `ref-${id}`, application_id: id });
  const sent = await api('POST', '/v1/validation/mobile/otp/send', {
    token: officer,
    json: { mobile, hostname: 'localhost', application_id: id },
    want: 200,
  });
  await api('POST', '/v1/validation/mobile/otp/verify', {
    token: officer,
    json: { session_id: sent.data.session_id, purpose: VALIDATION_PURPOSE, otp: '123456' },
    want: 200,
  });
  await api('PUT', `/v1/app/mfi/${id}`, {
    token: officer,
    want: 200,
    json: {
      phone: mobile,
      aadhaar_last4: '7777',
      title: 'Mr.',
      name,
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
    },
  });
  const up = (t: string, p = false) => upload(officer, id, t, p);
  await api('PATCH', `/v1/app/mfi/${id}/basic-info`, {
    token: officer,
    want: 200,
    json: {
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
      photo_file: await up('BORROWER_PHOTO'),
      pan_file: await up('PAN', true),
      aadhaar_front_file: await up('AADHAAR_FRONT'),
      aadhaar_back_file: await up('AADHAAR_BACK'),
      voter_id_file: await up('VOTER_ID'),
    },
  });
  await api('POST', `/v1/app/mfi/${id}/business-detail`, {
    token: officer,
    want: 200,
    json: {
      business_name: 'Ramesh Kirana Store',
      business_type: 'SOLE_PROPRIETORSHIP',
      category_of_business: 'Kirana Store',
      sector_of_business: 'Trading',
      business_pincode: '411001',
      business_district: 'Pune',
      business_city: 'Pune',
      business_state: 'Maharashtra',
      business_address: 'Shop 4, Laxmi Road, Pune',
      businesss_landmark: 'Near Shivaji Market',
      business_address_ownership_type: 'SELF_OWNED',
      owned_by: '',
      years_in_business: 6,
      udyam_regd_no: '',
      gst_no: '',
      gst_upload: '',
      business_proof_type: 'SHOPS_AND_ESTABLISHMENT_CERTIFICATE',
      business_proof: await up('BUSINESS_PROOF', true),
      ownership_proof_type: 'BUSINESS',
      business_ownership_proof: 'PROPERTY_TAX_RECEIPT',
      business_ownership_proof_file: await up('OWNERSHIP_PROOF'),
      residence_ownership_proof: '',
      residence_ownership_proof_file: '',
      business_rent_agreement: '',
      remarks: '',
      bank_name: 'State Bank of India',
      statement_bank_id: 1,
      bank_statement: [await up('BANK_STATEMENT', true)],
      bank_statement_pwd: '',
      bank_account_type: 'SAVINGS',
      credit_limit: '',
    },
  });
  // The product's required co-borrower (the sanction gate holds the hand-over without one): SUNITA DEVI, whose PAN and
  // voter id name her alike, a sister outside the household test's reading of the household.
  await verify(officer, '/v1/verify_pan_lite', { pan: 'SUNTA7654D', application_id: id });
  await verify(officer, '/v1/perfios/kyc/verify-voter-id', { voter_id: 'XYZ7654321', reference: `co-${id}`, application_id: id });
  await api('POST', `/v1/app/mfi/${id}/co-applicant`, {
    token: officer,
    want: 200,
    json: {
      type: 'CO_BORROWER',
      relationship: 'SISTER',
      title: 'Mrs.',
      phone: '9876500011',
      name: 'Sunita Devi',
      guardian_name: 'Mohan Devi',
      guardian_relationship: 'FATHER',
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
      pan: 'SUNTA7654D',
      voter_id: 'XYZ7654321',
      aadhaar: '4321',
      pan_file: await up('PAN', true),
      aadhaar_front_file: await up('AADHAAR_FRONT'),
      aadhaar_back_file: await up('AADHAAR_BACK'),
      voter_id_file: await up('VOTER_ID'),
    },
  });
  await bankCheck(officer, id, '123456789012', 'SBIN0001234');
  await api('POST', `/v1/app/mfi/${id}/bank-account`, {
    token: officer,
    want: 200,
    json: { ...OWN_ACCOUNT, bank_proof: await up('BANK_PROOF', true) },
  });
  return id;
}

export const OWN_ACCOUNT = {
  account_holder_name: 'Ramesh Kumar',
  account_number: '123456789012',
  confirm_account_number: '123456789012',
  account_type: 'SAVINGS',
  ifsc_code: 'SBIN0001234',
  bank_name: 'State Bank of India',
};

export const bankCheck = (token: string, id: string, account_number: string, ifsc: string) =>
  verify(token, '/v1/perfios/kyc/verify-bank-acc-v3', {
    account_number,
    ifsc,
    phone: '9876543210',
    reference: `r-${Date.now()}`,
    application_id: id,
  });

/** The visits (PD1 by the verification role, approved; PD2 by the review role) and a reference: PD2_COMPLETE. */
export async function throughPd2(id: string, verifier: string, reviewer: string) {
  // Household: 1,00,000 sales × 25 % = 25,000 a month, ₹3,00,000 a year: within the MFI limit.
  const visits = async (token: string) => {
    const business = {
      phone: '9876543210',
      verification_type: 'BUSINESS_PLACE_VERIFICATION',
      qr_code_upload: await upload(token, id, 'QR_CODE'),
      shop_selfie_photo_file: await upload(token, id, 'SHOP_SELFIE'),
      monthly_sales: 100000,
      gross_margin_percentage: 25,
    };
    const residence = {
      phone: '9876543210',
      verification_type: 'RESIDENCE_VERIFICATION',
      house_selfie_photo_file: await upload(token, id, 'HOUSE_SELFIE'),
    };
    await api('POST', `/v1/app/mfi/${id}/business-cpv-info`, { token, json: business, want: 200 });
    return (await api('POST', `/v1/app/mfi/${id}/residence-cpv-info`, { token, json: residence, want: 200 })).data;
  };
  expect((await visits(verifier)).status).toBe('PD1_REVIEW');
  await api('POST', `/v1/app/mfi/${id}/pd1-review`, {
    token: verifier,
    json: { decision: 'APPROVE', remarks: 'Both visits verified' },
    want: 200,
  });
  expect((await visits(reviewer)).status).toBe('PD2_COMPLETE');
  await api('PATCH', `/v1/app/mfi/${id}/reference`, {
    token: reviewer,
    want: 200,
    json: { references: [{ type: 'PERSONAL_REFERENCE', name: 'Vijay Pawar', phone: '9876512345', address: '45 FC Road, Pune' }] },
  });
}

/** The offer accepted as the phone does it: its current terms and the KFS the server serves for them. */
export async function acceptOffer(token: string, id: string) {
  const offer = (await api('POST', '/v1/bureau/bre', { token, json: { application_id: id }, want: 200 })).data;
  const kfs = (await api('GET', `/v1/app/mfi/${id}/kfs`, { token, want: 200 })).data;
  return api('PATCH', '/v1/bureau/bre', {
    token,
    json: {
      application_id: id,
      is_accepted: true,
      updated_info: {
        final_suggested_loan_amount: offer.final_suggested_loan_amount,
        risk_category_and_loan_type_wise_max_tenure: offer.risk_category_and_loan_type_wise_max_tenure,
        disbursement_date: offer.disbursement_date,
        emi_start_date: '',
      },
      kfs: {
        proposal_number: kfs.proposal_number,
        version: kfs.version,
        hash: kfs.hash,
        accepted_at: new Date().toISOString(),
        geo_tag: { latitude: 18.52, longitude: 73.86, accuracy: 10 },
      },
    },
  });
}
