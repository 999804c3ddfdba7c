import { isDeepStrictEqual } from 'node:util';
import { FAMILY_LIMIT, FAMILY_MSG, FamilyMemberInfo } from '../../contracts/family-member';
import { changeReasonOf, figureChanges } from '../../contracts/figures-change';
import { MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import { randomHex } from '../crypto-utils';
import type { Queryable } from '../db/db';
import { validate, withSchemaKeys } from '../respond';
import { type AppRow, loadApplication } from './application-store';
import { openForWrite, recordAppEvent, recordChanges, type WritableApp, writeApplication } from './application-writes';
import { heldFiguresPatch, householdFigures, householdFiguresPatch } from './figures-change';
import { assertFilesOfApplication } from './kyc-submit';
import { addStage } from './stages';

// Family members (REQ-FAM-1 to REQ-FAM-3): one `family_members` row each (migration 006). Every query names the
// caller's tenant. docs/workflow.md "Family members".

export const FAMILY_SERVER_MSG = {
  notFound: 'Family member not found',
  kycFirst: 'Submit the KYC details (Borrowers Info) before adding family members',
  limit: FAMILY_MSG.limit,
  indexTaken: 'A family member with this record index already exists',
} as const;

export type FamilyRow = {
  id: string;
  tenant_id: string;
  application_id: string;
  record_index: number;
  data: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
};

export const FM_COLUMNS = 'id, tenant_id, application_id, record_index, data, created_at, updated_at';
const MAX_RECORD_INDEX = 1000;
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The family submit's answer carries `approval_checks` (REQ-REJ-1); the specification gives no family rule that
 * rejects, so the sandbox always approves (docs/workflow.md "Family members").
 */
export const FAMILY_APPROVAL = { decision: 'APPROVED', reasons: [] as string[] } as const;

/** The family member as the client sees it: its fields, then the server's columns. */
export function toFamilyMember(r: FamilyRow) {
  return {
    ...r.data,
    id: r.id,
    application_id: r.application_id,
    record_index: r.record_index,
    approval_checks: { decision: FAMILY_APPROVAL.decision, reasons: [...FAMILY_APPROVAL.reasons] },
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

function asObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, MSG.invalidInput);
  return body as Record<string, unknown>;
}

/** FamilyMemberInfo with a left-out field answering its own message (400, first issue); unknown keys go. */
const validFields = (body: Record<string, unknown>): FamilyMemberInfo =>
  validate(FamilyMemberInfo, withSchemaKeys(FamilyMemberInfo.entries, body));

/** As jsonb keeps it (no undefined keys), so an unchanged PATCH compares equal to the stored data. */
const asStored = (fields: FamilyMemberInfo) => JSON.parse(JSON.stringify(fields)) as Record<string, unknown>;

const filesOf = (f: FamilyMemberInfo) => [f.pan_file, f.aadhaar_front_file, f.aadhaar_back_file, f.voter_id_file];

/** Parsed body of POST …/family-member: the fields, the optional record index (a whole number 0–1000) and change reason. */
export function parseCreate(body: unknown): { fields: FamilyMemberInfo; recordIndex?: number; changeReason?: string } {
  const o = asObject(body);
  const fields = validFields(o);
  const changeReason = changeReasonOf(o);
  const ri = o.record_index;
  if (ri === undefined || ri === null) return { fields, changeReason };
  if (typeof ri !== 'number' || !Number.isInteger(ri) || ri < 0 || ri > MAX_RECORD_INDEX) throw new ApiError(400, MSG.invalidInput);
  return { fields, recordIndex: ri, changeReason };
}

/** A family member's income is a figure of the household test: held after PD2 (server/services/figures-change.ts). */
const incomePatch = (
  q: Queryable,
  app: AppRow,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  index: number,
  reason: unknown,
) =>
  heldFiguresPatch(q, app, figureChanges(before, after, { income: `Monthly income of ${String(after.name)}` }, `family_member.${index}.`), {
    change_reason: reason,
  });

/**
 * The application for a write, locked (so two adds cannot both pass the limit): of the tenant (404), the caller's
 * (403), not rejected (409 'Application Rejected!'), through KYC (409).
 */
async function applicationForWrite(q: Queryable, caller: Caller, appId: string): Promise<WritableApp> {
  const { app } = await openForWrite(q, caller, appId, 'family.write');
  if (!app.stages.includes('BORROWER_BASIC_INFO')) throw new ApiError(409, FAMILY_SERVER_MSG.kycFirst);
  return app;
}

async function loadMember(q: Queryable, tenantId: string, fmId: string, forUpdate = false): Promise<FamilyRow> {
  const [row] = await q.query<FamilyRow>(
    `SELECT ${FM_COLUMNS} FROM family_members WHERE tenant_id=$1 AND id=$2${forUpdate ? ' FOR UPDATE' : ''}`,
    [tenantId, fmId],
  );
  if (!row) throw new ApiError(404, FAMILY_SERVER_MSG.notFound);
  return row;
}

/** Adds FAMILY_MEMBER (once), moves the application's updated_at, and stores a figures deviation when one was raised. */
async function touchApplication(q: Queryable, app: WritableApp, now: Date, data: Record<string, unknown> = {}) {
  await writeApplication(q, app, { stages: addStage(app.stages, 'FAMILY_MEMBER'), ...(Object.keys(data).length ? { data } : {}) }, now);
}

/** One `family_member` event per write: what happened, never the member's personal fields. */
const event = (q: Queryable, app: WritableApp, row: FamilyRow, action: 'create' | 'update', now: Date) =>
  recordAppEvent(
    q,
    app,
    'family_member',
    {
      action,
      family_member_id: row.id,
      record_index: row.record_index,
      decision: FAMILY_APPROVAL.decision,
    },
    now,
  );

/**
 * POST /v1/app/mfi/{id}/family-member. After the write checks of the application (above): fewer than FAMILY_LIMIT
 * members so far (409); the record index (the body's, else one more than the highest, 0 for the first) free (409);
 * the four files uploads of this tenant for this application (400). Adds FAMILY_MEMBER; one `family_member` event.
 */
export async function createFamilyMember(
  deps: Deps,
  caller: Caller,
  appId: string,
  input: { fields: FamilyMemberInfo; recordIndex?: number; changeReason?: string },
): Promise<FamilyRow> {
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const app = await applicationForWrite(q, caller, appId);
    const [stats] = await q.query<{ n: number; next: number }>(
      'SELECT COUNT(*)::int AS n, COALESCE(MAX(record_index) + 1, 0)::int AS next FROM family_members WHERE tenant_id=$1 AND application_id=$2',
      [caller.tenantId, app.id],
    );
    if ((stats?.n ?? 0) >= FAMILY_LIMIT) throw new ApiError(409, FAMILY_SERVER_MSG.limit);

    const recordIndex = input.recordIndex ?? stats?.next ?? 0;
    const clash = await q.query('SELECT id FROM family_members WHERE tenant_id=$1 AND application_id=$2 AND record_index=$3', [
      caller.tenantId,
      app.id,
      recordIndex,
    ]);
    if (clash.length > 0) throw new ApiError(409, FAMILY_SERVER_MSG.indexTaken);
    await assertFilesOfApplication(q, caller.tenantId, app.id, filesOf(input.fields));
    const figures = await incomePatch(q, app, undefined, asStored(input.fields), recordIndex, input.changeReason);

    const [row] = await q.query<FamilyRow>(
      `INSERT INTO family_members (id, tenant_id, application_id, record_index, data, created_at, updated_at)
       VALUES ($1,$2,$3,$4,$5::jsonb,$6::timestamptz,$6::timestamptz) RETURNING ${FM_COLUMNS}`,
      [randomHex(16), caller.tenantId, app.id, recordIndex, JSON.stringify(asStored(input.fields)), now.toISOString()],
    );
    await touchApplication(q, app, now, figures);
    await event(q, app, row!, 'create', now);
    return row!;
  });
}

/**
 * PATCH /v1/app/mfi/family-member/{fmId}: the body's fields over the stored ones, validated whole like a create (400);
 * the application's write checks; the files of this application (400). The record index does not change. A patch that
 * changes nothing writes nothing.
 */
export async function updateFamilyMember(deps: Deps, caller: Caller, fmId: string, body: unknown): Promise<FamilyRow> {
  const patch = asObject(body);
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const peek = await loadMember(q, caller.tenantId, fmId);
    const app = await applicationForWrite(q, caller, peek.application_id);
    const row = await loadMember(q, caller.tenantId, fmId, true);

    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const fields = validFields({ ...row.data, ...given });
    const data = asStored(fields);
    if (isDeepStrictEqual(data, row.data)) return row;
    await assertFilesOfApplication(q, caller.tenantId, app.id, filesOf(fields));
    const income = figureChanges(row.data, data, { income: `Monthly income of ${fields.name}` }, `family_member.${row.record_index}.`);
    // A new PAN can move the member's income in or out of the household (a co-borrower's PAN is counted once).
    const panMoved = String(row.data.pan ?? '').toUpperCase() !== String(data.pan ?? '').toUpperCase();
    const household = panMoved ? await householdFigures(q, app) : undefined;
    const held = household ? {} : await heldFiguresPatch(q, app, income, { change_reason: patch.change_reason });

    const [updated] = await q.query<FamilyRow>(
      `UPDATE family_members SET data=$3::jsonb, updated_at=$4::timestamptz WHERE tenant_id=$1 AND id=$2 RETURNING ${FM_COLUMNS}`,
      [caller.tenantId, row.id, JSON.stringify(data), now.toISOString()],
    );
    const figures = household ? await householdFiguresPatch(q, app, household, { change_reason: patch.change_reason }, income) : held;
    await touchApplication(q, app, now, figures);
    await event(q, app, updated!, 'update', now);
    await recordChanges(q, app, income, now);
    return updated!;
  });
}

/** The family members of an application of the caller's tenant (404 otherwise), by record index. */
export async function listFamilyMembers(q: Queryable, caller: Caller, appId: string): Promise<FamilyRow[]> {
  const app = await loadApplication(q, caller, appId);
  return q.query<FamilyRow>(
    `SELECT ${FM_COLUMNS} FROM family_members WHERE tenant_id=$1 AND application_id=$2 ORDER BY record_index, created_at, id`,
    [caller.tenantId, app.id],
  );
}

/** One family member of the caller's tenant (404) that the caller reaches through its application. */
export async function getFamilyMember(q: Queryable, caller: Caller, fmId: string): Promise<FamilyRow> {
  const row = await loadMember(q, caller.tenantId, fmId);
  // Its application answers for it: a guest's own only (403), staff within their scope (server/services/staff-scope.ts).
  await loadApplication(q, caller, row.application_id);
  return row;
}
