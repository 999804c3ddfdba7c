import { isDeepStrictEqual } from 'node:util';
import {
  CPV_DATA_KEY,
  CPV_INFO_ENTRIES,
  CPV_MSG,
  CPV_PHOTO_FIELDS,
  CPV_ROUTE_TYPE,
  CPV_STAGE,
  CpvInfo,
  type CpvVariant,
  cpvRoleIssue,
  Pd1Review,
} from '../../contracts/cpv';
import { MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import { validate, withSchemaKeys } from '../respond';
import type { AppRow } from './application-store';
import { type AppDataPatch, openForWrite, writeApplication } from './application-writes';
import { visitFiguresPatch } from './figures-change';
import { assertFilesOfApplication } from './kyc-submit';
import { assertGate } from './sanction-gate';
import { addStage } from './stages';

// CPV (field verification) visits and the PD1 / PD2 status machine (statuses and list actions REQ-LIST-2, after the
// visit REQ-CPV-4, deviations REQ-DEV-2, rules REQ-CPV-1 to REQ-CPV-3). Each visit is stored under `data.cpv_business`
// / `data.cpv_residence`; `pd2_cpv` lists the visits the review role made while CREDIT_APPROVED; `is_pd1_complete`,
// `is_pd2_complete`, `remarks`: all server-owned (reserved in server/routes/applications.ts). docs/workflow.md "CPV and
// PD1 / PD2".

const asObject = (body: unknown): Record<string, unknown> => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, MSG.invalidInput);
  return body as Record<string, unknown>;
};

const pd2Of = (data: Record<string, unknown>): CpvVariant[] => (Array.isArray(data.pd2_cpv) ? (data.pd2_cpv as CpvVariant[]) : []);

/**
 * POST /v1/app/mfi/{id}/business-cpv-info (variant 'business') and /residence-cpv-info ('residence'), any staff member
 * of the tenant. In order: CpvInfo (400, first issue), verification_type the route's (400 'Invalid verification type');
 * the application of the tenant (404); not rejected (409); BANK_ACCOUNT present (409); not sanctioned (409); the review
 * role's ACM selfie (400); every file id an upload of this application (400); the sanction gate's blockers (409). Then the
 * visit is stored, the stage added and the status machine moves (docs/workflow.md). Unchanged → no write.
 */
export async function submitCpv(deps: Deps, caller: Caller, appId: string, body: unknown, variant: CpvVariant): Promise<AppRow> {
  const fields = validate(CpvInfo, withSchemaKeys(CPV_INFO_ENTRIES, asObject(body)));
  if (fields.verification_type !== CPV_ROUTE_TYPE[variant]) throw new ApiError(400, CPV_MSG.verificationType);
  const now = deps.config.now();

  return deps.db.tx(async (q) => {
    const { app, role } = await openForWrite(q, caller, appId, 'cpv.visit');
    const roleIssue = cpvRoleIssue(fields, role === 'REVIEW');
    if (roleIssue) throw new ApiError(400, roleIssue);
    const fileIds = [...Object.keys(CPV_PHOTO_FIELDS).map((k) => fields[k as keyof typeof CPV_PHOTO_FIELDS]), fields.qr_code_upload].filter(
      (f) => f !== '',
    );
    await assertFilesOfApplication(q, caller.tenantId, app.id, fileIds);
    // The sanction gate at a visit (PD2's last one included): no deviation of any kind or party pending or rejected,
    // the bureau's approval for the current identities, the product's parties present and not rejected.
    await assertGate(q, app, 'VISIT');

    const stages = addStage(app.stages, CPV_STAGE[variant]);
    // Figures the household test reads change after PD2 only with a reason and a second person (figures-change.ts).
    const patch: AppDataPatch = { [CPV_DATA_KEY[variant]]: fields, ...(await visitFiguresPatch(q, app, variant, fields, body)) };
    let status = app.status;
    // PD1: both visits in → waiting for the verification role's review.
    if (status === 'DRAFT' && stages.includes(CPV_STAGE.business) && stages.includes(CPV_STAGE.residence)) status = 'PD1_REVIEW';
    // PD2: the review role's visits after the credit approval; both → PD2_COMPLETE.
    if (status === 'CREDIT_APPROVED' && role === 'REVIEW') {
      const pd2 = pd2Of(app.data).includes(variant) ? pd2Of(app.data) : [...pd2Of(app.data), variant];
      patch.pd2_cpv = pd2;
      if (pd2.includes('business') && pd2.includes('residence')) {
        status = 'PD2_COMPLETE';
        patch.is_pd2_complete = true;
      }
    }
    const unchanged =
      status === app.status &&
      stages.length === app.stages.length &&
      Object.entries(patch).every(([k, val]) => isDeepStrictEqual(app.data[k], val));
    if (unchanged) return app;

    return writeApplication(
      q,
      app,
      {
        data: patch,
        status,
        stages,
        event: { kind: 'cpv', body: { variant, by_user_id: caller.userId, role, status_from: app.status, status_to: status } },
      },
      now,
    );
  });
}

/**
 * POST /v1/app/mfi/{id}/pd1-review, the verification role only (403). In order: Pd1Review (400); the application (404);
 * not rejected (409); the verification role (403); status PD1_REVIEW (409); an approval passes the sanction gate (409). APPROVE → CREDIT_APPROVED, is_pd1_complete
 * true; SEND_BACK → DRAFT, is_pd1_complete false. `remarks` stored either way; one `pd1_review` event. An approval keeps
 * the visits it approved as `pd1_visits` (the review role's PD2 visits replace cpv_business / cpv_residence, and PD2
 * shows the PD1 figures beside its own).
 */
export async function reviewPd1(deps: Deps, caller: Caller, appId: string, body: unknown): Promise<AppRow> {
  const fields = validate(Pd1Review, withSchemaKeys(Pd1Review.pipe[0].entries, asObject(body)));
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const { app } = await openForWrite(q, caller, appId, 'pd1.review');
    const approve = fields.decision === 'APPROVE';
    // A send-back needs nothing; an approval passes the gate as the visits did (something may have changed since).
    if (approve) await assertGate(q, app, 'PD1_APPROVE');
    const status = approve ? 'CREDIT_APPROVED' : 'DRAFT';
    const pd1Visits = { business: app.data.cpv_business ?? null, residence: app.data.cpv_residence ?? null };
    const patch = { is_pd1_complete: approve, remarks: fields.remarks, ...(approve ? { pd1_visits: pd1Visits } : {}) };
    return writeApplication(
      q,
      app,
      {
        data: patch,
        status,
        event: { kind: 'pd1_review', body: { decision: fields.decision, by_user_id: caller.userId, status_to: status } },
      },
      now,
    );
  });
}
