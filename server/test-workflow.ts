// Test fixtures for the later workflow steps, shared by the security and route tests: records set directly in the
// database (`forceApplication`), the bank check, RAMESH KUMAR's payout account, a PD2-complete loan paying it, a loan
// ready to accept and its accept, a deviation decision, a family member's body and a PD2 visit with held figures.
import { expect } from 'vitest';
import { handOverReady, kycSubmittedApplication, requiredPartiesAdded, uploadFor } from './test-borrower';
import { acceptanceOf, phoneKfs } from './test-kfs';
import { call, type TestServer } from './test-helpers';

/** Sets an application's status, merges `data` into its record and appends `stages`, bypassing the API. */
export const forceApplication = (s: TestServer, id: string, status: string, data: Record<string, unknown>, stages: string[]) =>
  s.db.query(
    `UPDATE applications SET status=$2, data = data || $3::jsonb, stages = stages || $4::text[] WHERE tenant_id='sahayog' AND id=$1`,
    [id, status, JSON.stringify(data), stages],
  );

/** The bank check of one account for the application, as the holder of `token`. */
export const verifyBank = (s: TestServer, id: string, token: string, account_number: string, ifsc: string) =>
  call(s.app, 'POST', '/v1/perfios/kyc/verify-bank-acc-v3', {
    base: '/api/verification',
    token,
    json: { account_number, ifsc, phone: '9876543210', reference: `r-${Date.now()}`, application_id: id },
  });

/** RAMESH KUMAR's own account (the bank check answers his name for it); add `bank_proof`. */
export const RAMESH_ACCOUNT = {
  account_holder_name: 'Ramesh Kumar',
  account_number: '123456789012',
  confirm_account_number: '123456789012',
  account_type: 'SAVINGS',
  ifsc_code: 'SBIN0001234',
  bank_name: 'State Bank of India',
};

/** Another account, at HDFC (the bank check answers a synthetic holder for it, not the borrower). */
export const HDFC_ACCOUNT = {
  account_number: '501002345678',
  confirm_account_number: '501002345678',
  ifsc_code: 'HDFC0000123',
  bank_name: 'HDFC Bank',
};

/** A deviation decision posted as the holder of `token`. */
export const decideDeviation = (s: TestServer, id: string, token: string, json: Record<string, unknown>) =>
  call(s.app, 'POST', `/v1/app/mfi/${id}/deviations/decision`, { token, json });

/** A PD2-complete loan paying RAMESH KUMAR's own account; `early` accounts (at HDFC0000123) were checked before it was stored. */
export async function pd2Loan(s: TestServer, owner: string, early: string[] = []) {
  const { id } = await handOverReady(s, owner);
  for (const n of early) expect((await verifyBank(s, id, owner, n, 'HDFC0000123')).status).toBe(200);
  const proof = await uploadFor(s, owner, id, 'BANK_PROOF', { pdf: true });
  await forceApplication(s, id, 'DRAFT', {}, ['BUSINESS_INFO']);
  expect((await verifyBank(s, id, owner, '123456789012', 'SBIN0001234')).status).toBe(200);
  const account = { ...RAMESH_ACCOUNT, bank_proof: proof };
  const r = await call(s.app, 'POST', `/v1/app/mfi/${id}/bank-account`, { token: owner, json: account });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await forceApplication(s, id, 'PD2_COMPLETE', { is_pd1_complete: true, is_pd2_complete: true }, ['CPV_BUSINESS_PLACE', 'CPV_RESIDENCE']);
  return { id, account };
}

export const VISIT = { monthly_sales: 100000, gross_margin_percentage: 25 };
export const REFERENCE = { id: 'r1', type: 'PERSONAL_REFERENCE', name: 'Anil Joshi', phone: '9876500099', address: '14 FC Road, Pune' };

/** The accept of 1,00,000 over 12 months with the KFS the phone shows, as the holder of `token`. */
export async function acceptLoan(s: TestServer, token: string, id: string) {
  const info = {
    final_suggested_loan_amount: 100000,
    risk_category_and_loan_type_wise_max_tenure: 12,
    disbursement_date: '10-12-2026',
    emi_start_date: '',
  };
  const kfs = acceptanceOf(await phoneKfs(id, 100000, 12, info.disbursement_date));
  return call(s.app, 'PATCH', '/v1/bureau/bre', {
    token,
    json: { application_id: id, is_accepted: true, updated_info: info, kfs },
  });
}

/** An MFI loan through PD2 with everything in place (the earlier steps' records set directly, the parties through the API). */
export async function readyToAccept(s: TestServer, owner: string) {
  const k = await kycSubmittedApplication(s, owner);
  await requiredPartiesAdded(s, owner, k.id);
  const proof = await uploadFor(s, owner, k.id, 'BANK_PROOF', { pdf: true });
  await forceApplication(
    s,
    k.id,
    'PD2_COMPLETE',
    {
      cpv_business: VISIT,
      reference: [REFERENCE],
      is_pd1_complete: true,
      is_pd2_complete: true,
      pd1_visits: { business: VISIT, residence: {} },
      pd2_cpv: ['business', 'residence'],
      bank_account: { ...RAMESH_ACCOUNT, bank_proof: proof, verified: true },
    },
    ['BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES'],
  );
  return { ...k, proof };
}

/** A FamilyMemberInfo body (REQ-FAM-1) whose four files are uploads for the application by the holder of `token`. */
export async function familyMemberBody(
  s: TestServer,
  token: string,
  appId: string,
  over: Record<string, unknown> = {},
  host?: string,
): Promise<Record<string, unknown>> {
  const up = (fileType: string, pdf = false) => uploadFor(s, token, appId, fileType, { host, pdf });
  return {
    name: 'Kamla Devi',
    phone: '9876500022',
    email: '',
    pan: 'AAAAF1234A',
    guardian_name: 'Shankar Kumar',
    guardian_relationship: 'FATHER',
    pincode: '411001',
    city: 'Pune',
    state: 'Maharashtra',
    address: '12 MG Road, Camp',
    gender: 'FEMALE',
    dob: '15-08-1990',
    education_qualification: 'GRADUATION',
    income: 8000,
    pan_file: await up('PAN', true),
    aadhaar_front_file: await up('AADHAAR_FRONT'),
    aadhaar_back_file: await up('AADHAAR_BACK'),
    voter_id_file: await up('VOTER_ID'),
    ...over,
  };
}

/** 4,00,000 a month at 25 %: ₹12,00,000 a year, above the MFI limit: the household test refuses the loan. */
export const RICH = { monthly_sales: 400000, gross_margin_percentage: 25 };

/**
 * A loan at `status` whose PD2 business visit recorded RICH sales (`extraStages` appended to the usual ones), and a
 * re-post of that visit by the reviewer with sales of 5,000.
 */
export async function richVisitApplication(
  s: TestServer,
  owner: string,
  reviewer: string,
  status: string,
  extra: Record<string, unknown>,
  extraStages: string[] = [],
) {
  const { id } = await kycSubmittedApplication(s, owner);
  await requiredPartiesAdded(s, owner, id);
  const visit = { phone: '9876543210', verification_type: 'BUSINESS_PLACE_VERIFICATION', ...RICH };
  await forceApplication(
    s,
    id,
    status,
    {
      cpv_business: visit,
      is_pd1_complete: true,
      is_pd2_complete: status === 'PD2_COMPLETE',
      pd2_cpv: ['business', 'residence'],
      ...extra,
    },
    ['BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', ...extraStages],
  );
  const body = {
    ...visit,
    qr_code_upload: await uploadFor(s, reviewer, id, 'QR_CODE'),
    shop_selfie_photo_file: await uploadFor(s, reviewer, id, 'SHOP_SELFIE'),
    monthly_sales: 5000,
  };
  return { id, body };
}
