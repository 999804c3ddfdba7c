import { isDeepStrictEqual } from 'node:util';
import {
  BUSINESS_MSG,
  BUSINESS_PROOF_MIME,
  BusinessFields,
  BusinessInfo,
  businessFileIds,
  extraBankGroupKeys,
  STATEMENT_GROUP_SUFFIXES,
  statementKeys,
} from '../../contracts/business';
import { MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import type { Queryable } from '../db/db';
import { BANKS } from '../fixtures/banks';
import { BUSINESS_CATEGORIES } from '../fixtures/business-categories';
import { validate, withSchemaKeys } from '../respond';
import type { AppRow } from './application-store';
import { openForWrite, type WritableApp, writeApplication } from './application-writes';
import { assertFilesOfApplication } from './kyc-submit';
import { addStage } from './stages';

// Business details (REQ-BIZ-1 to REQ-BIZ-4): one object per application,
// stored server-owned in `applications.data.business_info`. docs/workflow.md "Business details".

export const BUSINESS_SERVER_MSG = {
  kycFirst: 'Submit the KYC details (Borrowers Info) before the business details',
  submitFirst: 'Submit the business details before editing them',
  fileNotFound: 'File not found for this application',
} as const;

function asObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, MSG.invalidInput);
  return body as Record<string, unknown>;
}

/** BusinessInfo over the body, a left-out field answering its own message; a fourth bank group → 400 first. */
function validBusiness(body: Record<string, unknown>): BusinessInfo {
  if (extraBankGroupKeys(body).length > 0) throw new ApiError(400, BUSINESS_MSG.tooManyBanks);
  return validate(BusinessInfo, withSchemaKeys(BusinessFields.entries, body));
}

/**
 * What the contract cannot know: every statement group's bank is one of the bank list (400 'Bank selection is
 * required'); sector and category are a pair of the business category list (400, their messages).
 */
function assertListValues(b: BusinessInfo) {
  const r = b as unknown as Record<string, unknown>;
  for (const s of STATEMENT_GROUP_SUFFIXES) {
    const id = r[statementKeys(s).bankId];
    if (id !== null && !BANKS.some((bank) => bank.id === id)) throw new ApiError(400, BUSINESS_MSG.statementBankId);
  }
  const sector = b.sector_of_business.toLowerCase();
  const inSector = BUSINESS_CATEGORIES.filter((c) => c.sector.toLowerCase() === sector);
  if (inSector.length === 0) throw new ApiError(400, BUSINESS_MSG.sector);
  if (!inSector.some((c) => c.businessCategory.toLowerCase() === b.category_of_business.toLowerCase()))
    throw new ApiError(400, BUSINESS_MSG.category);
}

/** Every file an upload of this tenant for this application (400); every bank statement a PDF (400). */
async function assertBusinessFiles(q: Queryable, tenantId: string, applicationId: string, b: BusinessInfo) {
  const { statements, others } = businessFileIds(b);
  await assertFilesOfApplication(q, tenantId, applicationId, [...statements, ...others]);
  await assertBusinessProofType(q, tenantId, applicationId, b);
  const wanted = [...new Set(statements)];
  if (wanted.length === 0) return;
  const params = wanted.map((_, i) => `$${i + 3}`).join(',');
  const notPdf = await q.query<{ id: string }>(
    `SELECT id FROM files WHERE tenant_id=$1 AND application_id=$2 AND id IN (${params}) AND mime <> 'application/pdf'`,
    [tenantId, applicationId, ...wanted],
  );
  if (notPdf.length > 0) throw new ApiError(400, BUSINESS_MSG.statementsPdf);
}

/** REQ-FILE-3: the business proof is a PNG or a PDF, by the bytes stored (the phone's label is not trusted). */
async function assertBusinessProofType(q: Queryable, tenantId: string, applicationId: string, b: BusinessInfo) {
  const [file] = await q.query<{ mime: string }>('SELECT mime FROM files WHERE tenant_id=$1 AND application_id=$2 AND id=$3', [
    tenantId,
    applicationId,
    b.business_proof,
  ]);
  if (file && !BUSINESS_PROOF_MIME.includes(file.mime)) throw new ApiError(400, BUSINESS_MSG.businessProofFile);
}

/** The application for a business write: of the tenant (404), the caller's (403), not rejected (409), after KYC (409). */
async function applicationForWrite(
  q: Queryable,
  caller: Caller,
  appId: string,
  action: 'business.submit' | 'business.update',
): Promise<WritableApp> {
  const { app } = await openForWrite(q, caller, appId, action);
  if (!app.stages.includes('BORROWER_BASIC_INFO')) throw new ApiError(409, BUSINESS_SERVER_MSG.kycFirst);
  return app;
}

/** The event body: what changed, without statement passwords. */
const eventBody = (action: 'submit' | 'update', b: BusinessInfo) => {
  const r = { ...(b as unknown as Record<string, unknown>) };
  for (const s of STATEMENT_GROUP_SUFFIXES) delete r[statementKeys(s).password];
  return { action, ...r };
};

async function store(q: Queryable, app: WritableApp, b: BusinessInfo, action: 'submit' | 'update', now: Date): Promise<AppRow> {
  // As jsonb keeps it, so an unchanged resubmit compares equal to the stored object.
  const info = JSON.parse(JSON.stringify(b)) as Record<string, unknown>;
  const stages = addStage(app.stages, 'BUSINESS_INFO');
  if (stages.length === app.stages.length && isDeepStrictEqual(app.data.business_info, info)) return app;
  return writeApplication(
    q,
    app,
    { data: { business_info: info }, stages, event: { kind: 'business_info', body: eventBody(action, b) } },
    now,
  );
}

/**
 * POST /v1/app/mfi/{id}/business-detail, the initiating officer's submit. In order: no fourth bank group (400);
 * BusinessInfo (400 first message); the application of the tenant (404), the caller's (403), not rejected (409
 * 'Application Rejected!'), KYC submitted (409); banks and categories of the lists (400); files of this application
 * (400) with PDF statements (400). The whole object replaces `data.business_info`; BUSINESS_INFO is added; one
 * `business_info` event. A resubmit that changes nothing writes nothing.
 */
export async function submitBusinessDetails(deps: Deps, caller: Caller, appId: string, body: unknown): Promise<AppRow> {
  const b = validBusiness(asObject(body));
  assertListValues(b);
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const app = await applicationForWrite(q, caller, appId, 'business.submit');
    await assertBusinessFiles(q, caller.tenantId, app.id, b);
    return store(q, app, b, 'submit', now);
  });
}

/**
 * PATCH /v1/app/mfi/{id}/business-detail, a later edit: the body's fields over the stored business details (409 when
 * none were submitted yet), validated and checked as a whole like a submit; same owner and application checks.
 */
export async function updateBusinessDetails(deps: Deps, caller: Caller, appId: string, body: unknown): Promise<AppRow> {
  const patch = asObject(body);
  if (extraBankGroupKeys(patch).length > 0) throw new ApiError(400, BUSINESS_MSG.tooManyBanks);
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const app = await applicationForWrite(q, caller, appId, 'business.update');
    const stored = app.data.business_info;
    if (!stored || typeof stored !== 'object') throw new ApiError(409, BUSINESS_SERVER_MSG.submitFirst);
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const b = validBusiness({ ...(stored as Record<string, unknown>), ...given });
    assertListValues(b);
    await assertBusinessFiles(q, caller.tenantId, app.id, b);
    return store(q, app, b, 'update', now);
  });
}
