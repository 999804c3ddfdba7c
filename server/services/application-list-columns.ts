import { APP_COLUMNS as COLUMNS } from './application-store';

// What a list row carries, as SQL over one `applications` row (server/services/application-list.ts).

/**
 * The tenant-wide lists (verification and review roles) answer what a row shows and its action needs, not the
 * whole record (the record comes with GET /v1/app/mfi/{id} or 'Take offline'), so no officer's application can swell
 * a reviewer's page. `list_summary` tells the phone to merge it into what it holds. The offer's amount and whether it
 * was accepted come too: a sanctioned row says the sanctioned amount, not the one asked for. The officer's own list
 * stays whole: it is what the officer's phone keeps for offline work.
 */
const SUMMARY_DATA = `jsonb_strip_nulls(jsonb_build_object(
  'list_summary', true, 'name', data->'name', 'loan_type', data->'loan_type', 'amount_requested', data->'amount_requested',
  'is_pd1_complete', data->'is_pd1_complete', 'is_pd2_complete', data->'is_pd2_complete', 'sanctioned', data->'sanctioned',
  'remarks', data->'remarks', 'approval_checks', data->'approval_checks', 'rejection_reason', data->'rejection_reason',
  'deviations', data->'deviations', 'is_phone_verified', data->'is_phone_verified',
  'loan_offer', CASE WHEN data ? 'loan_offer' THEN jsonb_strip_nulls(jsonb_build_object(
    'final_suggested_loan_amount', data->'loan_offer'->'final_suggested_loan_amount', 'is_accepted', data->'loan_offer'->'is_accepted')) END,
  'verifications', CASE WHEN data->'verifications' ? 'phone' THEN jsonb_build_object('phone', data->'verifications'->'phone') END,
  'bank_account', CASE WHEN data ? 'bank_account' THEN jsonb_strip_nulls(jsonb_build_object('deviations', data->'bank_account'->'deviations')) END,
  'cpv_business', CASE WHEN data ? 'cpv_business' THEN jsonb_strip_nulls(jsonb_build_object('shop_selfie_photo_file', data->'cpv_business'->'shop_selfie_photo_file')) END,
  'cpv_residence', CASE WHEN data ? 'cpv_residence' THEN jsonb_strip_nulls(jsonb_build_object('house_selfie_photo_file', data->'cpv_residence'->'house_selfie_photo_file')) END
)) AS data`;
export const SUMMARY_COLUMNS = COLUMNS.replace(/\bdata\b/, SUMMARY_DATA);
/** Co-applicants' deviations live on their rows: the list tells how many still wait, so no row offers a held visit. */
export const CO_PENDING = `(SELECT count(*) FROM co_applicants c CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(c.data->'deviations') = 'array' THEN c.data->'deviations' ELSE '[]'::jsonb END) d
  WHERE c.tenant_id = applications.tenant_id AND c.application_id = applications.id AND c.status <> 'REPLACED'
    AND COALESCE(d->>'status', 'PENDING') = 'PENDING')::int AS co_deviations_pending`;

/**
 * The co-applicants in force, so a row says when the sanction gate holds the loan for a party (contracts/sanction-gate.ts
 * partyBlockers): answered as partySummary, without their PANs.
 */
export const CO_PARTIES = `(SELECT COALESCE(jsonb_agg(jsonb_build_object('id', c.id, 'type', c.type, 'status', c.status, 'name', c.data->'name',
  'pan', c.data->'pan', 'voter_id', c.data->'voter_id', 'approval_checks', c.approval_checks) ORDER BY c.record_index), '[]'::jsonb)
  FROM co_applicants c WHERE c.tenant_id = applications.tenant_id AND c.application_id = applications.id AND c.status <> 'REPLACED') AS co_parties`;
