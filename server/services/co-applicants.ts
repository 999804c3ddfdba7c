import { isDeepStrictEqual } from 'node:util';
import { type CoApplicant, CoApplicantFields, CoApplicantInfo, type CoApplicantType } from '../../contracts/co-applicant';
import { changeReasonOf } from '../../contracts/figures-change';
import { MSG } from '../../contracts/messages';
import { VERIFY_SERVER_MSG } from '../../contracts/verification';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import { randomHex } from '../crypto-utils';
import type { Queryable } from '../db/db';
import { validate, withSchemaKeys } from '../respond';
import { type AppRow, loadApplication, verifiedName } from './application-store';
import { openForWrite, recordAppEvent, type WritableApp, writeApplication } from './application-writes';
import type { CoApplicantDecision } from './approval-rules';
import { householdFigures, householdFiguresPatch } from './figures-change';
import { assertFilesOfApplication } from './kyc-submit';
import { type NameValue, withNameDeviation, withServerStatus } from './name-deviation';
import { coApplicantBureau, coDecidedFor } from './sanction-gate';
import { addStage } from './stages';

// Co-applicants (rules REQ-COAP-1 to REQ-COAP-3, bureau rejection and replacement REQ-COAP-4, REQ-COAP-5): co-borrowers
// and guarantors of an application, one `co_applicants` row each. Every query names the caller's tenant.
// docs/workflow.md "Co-applicants".

export const CO_SERVER_MSG = {
  notFound: 'Co-applicant not found',
  kycFirst: 'Submit the KYC details (Borrowers Info) before adding co-applicants',
  duplicatePan: 'This PAN is already used in this application',
  notRejectedGuarantor: 'Only a rejected guarantor of this application can be replaced',
  guarantorOnly: 'A rejected guarantor can only be replaced by a guarantor',
  replaced: 'This co-applicant has been replaced',
  indexTaken: 'A co-applicant with this record index already exists',
  typeFixed: 'The type of a co-applicant cannot be changed',
} as const;

export type CoStatus = CoApplicant['status'];

export type CoRow = {
  id: string;
  tenant_id: string;
  application_id: string;
  record_index: number;
  type: CoApplicantType;
  status: CoStatus;
  data: Record<string, unknown>;
  approval_checks: CoApplicantDecision | null;
  replaced_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

export const CO_COLUMNS =
  'id, tenant_id, application_id, record_index, type, status, data, approval_checks, replaced_by, created_at, updated_at';
const MAX_RECORD_INDEX = 1000;
const iso = (d: Date | string) => new Date(d).toISOString();

/** The co-applicant as the client sees it: its fields, then the server's columns. */
export function toCoApplicant(r: CoRow) {
  return {
    ...r.data,
    id: r.id,
    application_id: r.application_id,
    record_index: r.record_index,
    type: r.type,
    status: r.status,
    approval_checks: r.approval_checks,
    replaced_by: r.replaced_by,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

type Fields = CoApplicantInfo;

function asObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, MSG.invalidInput);
  return body as Record<string, unknown>;
}

/** CoApplicantInfo with a left-out field answering its own message (400, first issue). */
const validFields = (body: Record<string, unknown>): Fields => validate(CoApplicantInfo, withSchemaKeys(CoApplicantFields.entries, body));

function recordIndexOf(body: Record<string, unknown>): number | undefined {
  const ri = body.record_index;
  if (ri === undefined || ri === null) return undefined;
  if (typeof ri !== 'number' || !Number.isInteger(ri) || ri < 0 || ri > MAX_RECORD_INDEX) throw new ApiError(400, MSG.invalidInput);
  return ri;
}

/** Parsed body of a create (POST …/co-applicant) or a replace (…/replace, with id_to_replace). */
export function parseCreate(body: unknown, replace = false) {
  const o = asObject(body);
  const fields = validFields(o);
  const recordIndex = recordIndexOf(o);
  const changeReason = changeReasonOf(o);
  if (!replace) return { fields, recordIndex, idToReplace: undefined, changeReason };
  const idToReplace = o.id_to_replace;
  if (typeof idToReplace !== 'string' || idToReplace.length === 0) throw new ApiError(400, MSG.required);
  if (fields.type !== 'GUARANTOR') throw new ApiError(400, CO_SERVER_MSG.guarantorOnly);
  return { fields, recordIndex, idToReplace, changeReason };
}

/** The application for a write: of the tenant (404), the caller's (403), not rejected (409 'Application Rejected!'). */
async function applicationForWrite(q: Queryable, caller: Caller, appId: string): Promise<WritableApp> {
  return (await openForWrite(q, caller, appId, 'co_applicant.write')).app;
}

async function loadCo(q: Queryable, tenantId: string, coId: string, forUpdate = false): Promise<CoRow> {
  const [row] = await q.query<CoRow>(
    `SELECT ${CO_COLUMNS} FROM co_applicants WHERE tenant_id=$1 AND id=$2${forUpdate ? ' FOR UPDATE' : ''}`,
    [tenantId, coId],
  );
  if (!row) throw new ApiError(404, CO_SERVER_MSG.notFound);
  return row;
}

/**
 * The checks a co-applicant's fields must pass against its application, in order: the PAN (and for a co-borrower the
 * voter id) verified for this application (409); the PAN not the borrower's nor another live co-applicant's (409); the
 * files uploads of this tenant for this application (400). Returns the fields with the server's deviations: a name
 * mismatch across the verified PAN name, the verified voter name (if any) and the typed name, without the officer's
 * deviation of the co-applicant's type, gets one, PENDING.
 */
async function checkedFields(
  q: Queryable,
  caller: Caller,
  app: AppRow,
  fields: Fields,
  other: { storedDeviations?: unknown; storedPan?: unknown; notIds: string[] },
) {
  const panName = verifiedName(app.data, 'pan', fields.pan);
  const voterName = fields.voter_id ? verifiedName(app.data, 'voter_id', fields.voter_id) : undefined;
  if (panName === undefined || (fields.type === 'CO_BORROWER' && voterName === undefined)) {
    throw new ApiError(409, VERIFY_SERVER_MSG.notVerified);
  }

  const borrowerPan = typeof app.data.pan === 'string' ? app.data.pan.trim().toUpperCase() : '';
  const params: unknown[] = [caller.tenantId, app.id, fields.pan, ...other.notIds];
  const notIn = other.notIds.map((_, i) => ` AND id <> $${i + 4}`).join('');
  const taken = await q.query(
    `SELECT id FROM co_applicants WHERE tenant_id=$1 AND application_id=$2 AND status <> 'REPLACED' AND data->>'pan' = $3${notIn} LIMIT 1`,
    params,
  );
  if (borrowerPan === fields.pan || taken.length > 0) throw new ApiError(409, CO_SERVER_MSG.duplicatePan);

  const files = [fields.pan_file, fields.aadhaar_front_file, fields.aadhaar_back_file, fields.voter_id_file].filter(
    (f): f is string => !!f,
  );
  await assertFilesOfApplication(q, caller.tenantId, app.id, files);

  const names: NameValue[] = [{ value: panName, source: 'PAN' }];
  if (voterName !== undefined) names.push({ value: voterName, source: 'VOTER_ID' });
  names.push({ value: fields.name, source: 'INPUT' });
  const type = fields.type === 'CO_BORROWER' ? 'CO_BORROWER_NAME_MISMATCH_DEVIATION' : 'GUARANTOR_NAME_MISMATCH_DEVIATION';
  const deviations = withNameDeviation(fields.deviations ?? [], names, type);
  const out: Record<string, unknown> = { ...fields };
  // A decision on these names was made for the stored PAN's person: another PAN starts PENDING again.
  const samePerson = typeof other.storedPan === 'string' && other.storedPan.trim().toUpperCase() === fields.pan.toUpperCase();
  if (deviations.length) out.deviations = withServerStatus(deviations, other.storedDeviations, samePerson);
  else delete out.deviations;
  // As jsonb keeps it (no undefined keys), so an unchanged PATCH compares equal to the stored data.
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}

/** Adds the co-applicant's type as a stage marker when it is APPROVED; always marks the application as changed. */
async function touchApplication(
  q: Queryable,
  app: WritableApp,
  co: { type: CoApplicantType; status: CoStatus },
  now: Date,
  figures: Record<string, unknown> = {},
) {
  const stages = co.status === 'APPROVED' ? addStage(app.stages, co.type) : [...app.stages];
  await writeApplication(q, app, { stages, ...(Object.keys(figures).length ? { data: figures } : {}) }, now);
}

const event = (q: Queryable, app: WritableApp, co: CoRow, action: string, now: Date) =>
  recordAppEvent(
    q,
    app,
    'co_applicant',
    {
      action,
      co_applicant_id: co.id,
      type: co.type,
      record_index: co.record_index,
      status: co.status,
      decision: co.approval_checks?.decision ?? null,
      reasons: co.approval_checks?.reasons ?? [],
    },
    now,
  );

const statusOf = (checks: CoApplicantDecision): CoStatus => (checks.decision === 'APPROVED' ? 'APPROVED' : 'REJECTED');

/**
 * POST /v1/app/mfi/{id}/co-applicant, and with `idToReplace` POST …/co-applicant/replace. After the write checks of the
 * application: BORROWER_BASIC_INFO present (409); for a replace, `idToReplace` a REJECTED GUARANTOR of this application
 * (409), which becomes REPLACED with `replaced_by` = the new id; the record index free among live co-applicants (409);
 * the field checks (above); the bureau (coApplicantChecks) decides APPROVED / REJECTED; an APPROVED one adds its
 * type's stage marker. One `co_applicant` event.
 */
export async function createCoApplicant(
  deps: Deps,
  caller: Caller,
  appId: string,
  input: { fields: Fields; recordIndex?: number; idToReplace?: string; changeReason?: string },
): Promise<CoRow> {
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const app = await applicationForWrite(q, caller, appId);
    if (!app.stages.includes('BORROWER_BASIC_INFO')) throw new ApiError(409, CO_SERVER_MSG.kycFirst);

    let old: CoRow | undefined;
    if (input.idToReplace !== undefined) {
      const [found] = await q.query<CoRow>(
        `SELECT ${CO_COLUMNS} FROM co_applicants WHERE tenant_id=$1 AND application_id=$2 AND id=$3 FOR UPDATE`,
        [caller.tenantId, app.id, input.idToReplace],
      );
      if (found?.type !== 'GUARANTOR' || found.status !== 'REJECTED') throw new ApiError(409, CO_SERVER_MSG.notRejectedGuarantor);
      old = found;
    }

    const data = await checkedFields(q, caller, app, input.fields, { notIds: old ? [old.id] : [] });

    let recordIndex = input.recordIndex ?? old?.record_index;
    if (recordIndex === undefined) {
      const [next] = await q.query<{ n: number }>(
        'SELECT COALESCE(MAX(record_index) + 1, 0)::int AS n FROM co_applicants WHERE tenant_id=$1 AND application_id=$2',
        [caller.tenantId, app.id],
      );
      recordIndex = next?.n ?? 0;
    }
    const clash = await q.query(
      `SELECT id FROM co_applicants WHERE tenant_id=$1 AND application_id=$2 AND record_index=$3 AND status <> 'REPLACED' AND id <> $4`,
      [caller.tenantId, app.id, recordIndex, old?.id ?? ''],
    );
    if (clash.length > 0) throw new ApiError(409, CO_SERVER_MSG.indexTaken);

    const checks = coApplicantBureau(input.fields, now);
    const id = randomHex(16);
    // A co-borrower whose income counts moves the household's figures: held after PD2 like any figure.
    const household = await householdFigures(q, app);
    if (old) {
      const [replaced] = await q.query<CoRow>(
        `UPDATE co_applicants SET status='REPLACED', replaced_by=$3, updated_at=$4::timestamptz WHERE tenant_id=$1 AND id=$2 RETURNING ${CO_COLUMNS}`,
        [caller.tenantId, old.id, id, now.toISOString()],
      );
      await event(q, app, replaced!, 'replaced', now);
    }
    const [row] = await q.query<CoRow>(
      `INSERT INTO co_applicants (id, tenant_id, application_id, record_index, type, status, data, approval_checks, replaced_by, created_at, updated_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7::jsonb,$8::jsonb,NULL,$9::timestamptz,$9::timestamptz) RETURNING ${CO_COLUMNS}`,
      [
        id,
        caller.tenantId,
        app.id,
        recordIndex,
        input.fields.type,
        statusOf(checks),
        JSON.stringify(data),
        JSON.stringify(checks),
        now.toISOString(),
      ],
    );
    const figures = await householdFiguresPatch(q, app, household, { change_reason: input.changeReason });
    await touchApplication(q, app, row!, now, figures);
    await event(q, app, row!, old ? 'replace' : 'create', now);
    return row!;
  });
}

/**
 * PATCH /v1/app/mfi/co-applicant/{coId}: the body's fields over the stored ones, validated as a whole like a create;
 * the type stays (409 when changed); a REPLACED co-applicant cannot change (409). The bureau runs again when the
 * PAN or voter id is not the one the stored decision was made for. A patch that changes nothing writes nothing.
 */
export async function updateCoApplicant(deps: Deps, caller: Caller, coId: string, body: unknown): Promise<CoRow> {
  const patch = asObject(body);
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const peek = await loadCo(q, caller.tenantId, coId);
    const app = await applicationForWrite(q, caller, peek.application_id);
    const row = await loadCo(q, caller.tenantId, coId, true);
    if (row.status === 'REPLACED') throw new ApiError(409, CO_SERVER_MSG.replaced);

    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (given.type !== undefined && given.type !== row.type) throw new ApiError(409, CO_SERVER_MSG.typeFixed);
    const fields = validFields({ ...row.data, ...given, type: row.type });
    const data = await checkedFields(q, caller, app, fields, {
      storedDeviations: row.data.deviations,
      storedPan: row.data.pan,
      notIds: [row.id],
    });

    // A PAN or voter id the stored decision was not made for goes through the bureau again: a rejection marks the
    // co-applicant REJECTED (a guarantor can then be replaced); the old decision never stands for the new identity.
    const again = !coDecidedFor(row.approval_checks, fields);
    const checks = again ? coApplicantBureau(fields, now) : row.approval_checks!;
    const status = again ? statusOf(checks) : row.status;
    if (isDeepStrictEqual(data, row.data) && status === row.status && isDeepStrictEqual(checks, row.approval_checks)) return row;
    // Its income, relationship and PAN move the household's figures: held after PD2 like any figure.
    const household = await householdFigures(q, app);

    const [updated] = await q.query<CoRow>(
      `UPDATE co_applicants SET data=$3::jsonb, approval_checks=$4::jsonb, status=$5, updated_at=$6::timestamptz
       WHERE tenant_id=$1 AND id=$2 RETURNING ${CO_COLUMNS}`,
      [caller.tenantId, row.id, JSON.stringify(data), JSON.stringify(checks), status, now.toISOString()],
    );
    const figures = await householdFiguresPatch(q, app, household, { change_reason: patch.change_reason });
    await touchApplication(q, app, updated!, now, figures);
    await event(q, app, updated!, 'update', now);
    return updated!;
  });
}

/**
 * POST /v1/app/mfi/{id}/co-applicant/{coId}/hardcheck: the bureau again over the stored co-applicant; its status and
 * approval_checks follow the decision (an APPROVED one adds its marker). A REPLACED one → 409.
 */
export async function hardcheckCoApplicant(deps: Deps, caller: Caller, appId: string, coId: string): Promise<CoRow> {
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const app = await applicationForWrite(q, caller, appId);
    const [row] = await q.query<CoRow>(
      `SELECT ${CO_COLUMNS} FROM co_applicants WHERE tenant_id=$1 AND application_id=$2 AND id=$3 FOR UPDATE`,
      [caller.tenantId, app.id, coId],
    );
    if (!row) throw new ApiError(404, CO_SERVER_MSG.notFound);
    if (row.status === 'REPLACED') throw new ApiError(409, CO_SERVER_MSG.replaced);
    const checks = coApplicantBureau(row.data, now);
    const [updated] = await q.query<CoRow>(
      `UPDATE co_applicants SET approval_checks=$3::jsonb, status=$4, updated_at=$5::timestamptz WHERE tenant_id=$1 AND id=$2 RETURNING ${CO_COLUMNS}`,
      [caller.tenantId, row.id, JSON.stringify(checks), statusOf(checks), now.toISOString()],
    );
    await touchApplication(q, app, updated!, now);
    await event(q, app, updated!, 'hardcheck', now);
    return updated!;
  });
}

/** The co-applicants of an application of the caller's tenant (404 otherwise), REPLACED ones left out, by record index. */
export async function listCoApplicants(q: Queryable, caller: Caller, appId: string): Promise<CoRow[]> {
  const app = await loadApplication(q, caller, appId);
  return q.query<CoRow>(
    `SELECT ${CO_COLUMNS} FROM co_applicants WHERE tenant_id=$1 AND application_id=$2 AND status <> 'REPLACED' ORDER BY record_index, created_at, id`,
    [caller.tenantId, app.id],
  );
}

/** One co-applicant of the caller's tenant (404) that the caller reaches through its application. */
export async function getCoApplicant(q: Queryable, caller: Caller, coId: string): Promise<CoRow> {
  const row = await loadCo(q, caller.tenantId, coId);
  // Its application answers for it: a guest's own only (403), staff within their scope (server/services/staff-scope.ts).
  await loadApplication(q, caller, row.application_id);
  return row;
}
