// The business details submit: one POST (the initiating officer) or PATCH (other roles) behind its uploads,
// statements as lists of files; the statement analysis (CAM) is queued behind it, so details captured offline get
// theirs too once they land, and its outcome comes back to the screen (it never blocks: REQ-BIZ-4).
import { BUSINESS_MSG, type BusinessInfo, STATEMENT_GROUP_SUFFIXES, statementKeys } from '../../../contracts/business';
import type { Bank } from '../../../contracts/lists';
import { draftKey } from '../../db/drafts';
import { patchCachedApplication } from '../../db/records';
import type { UserDb } from '../../db/user-db';
import { type FileRef, fileRef } from '../../sync/dependency';
import { enqueue } from '../../sync/enqueue';
import { OP_CATALOGUE } from '../../sync/op-catalogue';
import { toast } from '../../lib/toast';
import type { OutboxOp } from '../../db/types';
import type { ResultHandlers } from '../../sync/result-handlers';
import { msg } from '../../../contracts/msg';

export const BUSINESS_KIND = OP_CATALOGUE.business.kind;
export const businessDraftKey = (appId: string) => draftKey(appId, 'business');
export const SINGLE_FILES = [
  'gst_upload',
  'business_proof',
  'business_ownership_proof_file',
  'residence_ownership_proof_file',
  'business_rent_agreement',
] as const;

/** REQ-BIZ-4: the chosen bank must have a code (the analysis is by bank code); null when it has one. */
export function bankCodeProblem(banks: readonly Bank[], bankId: number | null | undefined): string | null {
  const bank = banks.find((b) => b.id === bankId);
  return bank?.code ? null : BUSINESS_MSG.bankCodeNotFound;
}

export async function submitBusiness(db: UserDb, appId: string, info: BusinessInfo, initiating: boolean, now = Date.now()) {
  const r = info as unknown as Record<string, unknown>;
  const files: Record<string, FileRef | FileRef[]> = {};
  for (const f of SINGLE_FILES) if (r[f]) files[f] = fileRef(String(r[f]));
  for (const s of STATEMENT_GROUP_SUFFIXES) {
    const key = statementKeys(s).statements;
    files[key] = ((r[key] as string[] | undefined) ?? []).map(fileRef);
  }
  const body = { ...info, ...files, upload_business_proof: files.business_proof };
  return enqueue(
    db,
    OP_CATALOGUE.business,
    {
      appId,
      at: { appId },
      method: initiating ? 'POST' : 'PATCH',
      body,
      label: `${msg('Business details')}: ${info.business_name}`,
    },
    {
      draftKeyToClear: businessDraftKey(appId),
      resubmit: true,
      alsoWrite: (tx) => patchCachedApplication(tx, appId, () => ({ business_submitted_at: new Date(now).toISOString() }), now),
    },
    now,
  );
}

export const CAM_KIND = OP_CATALOGUE.statementAnalysis.kind;

/**
 * The statement analysis of the main bank's first statement, queued behind the business op that sends the statement
 * (staff only: the endpoint is the lender's; a visitor's business step never asks for it). A refusal is its answer
 * (a wrong password, a statement that is not a PDF): said, never blocking the application's later steps.
 */
export function queueStatementAnalysis(
  db: UserDb,
  appId: string,
  after: OutboxOp,
  bankCode: string,
  localFileId: string,
  password: string,
  now = Date.now(),
) {
  return enqueue(
    db,
    OP_CATALOGUE.statementAnalysis,
    {
      appId,
      at: undefined,
      body: { bank_name: bankCode, password, file_id: fileRef(localFileId), mfi_app_id: appId },
      dependsOn: [after.id],
      label: msg('Statement analysis (CAM)'),
    },
    { resubmit: true },
    now,
  );
}

/** What the analysis answered: its download URL, or null when it failed (a refusal, or an answer without one). */
export function camUrlOf(result: unknown): string | null {
  const url = (result as { data?: { download_url?: unknown } } | null)?.data?.download_url;
  return typeof url === 'string' && url ? url : null;
}

/** REQ-BIZ-4: 'CAM processing failed or no download URL' is shown, wherever the officer is when the answer comes. */
export const CAM_RESULT_HANDLERS: ResultHandlers = {
  [CAM_KIND]: ({ result }) => {
    if (!camUrlOf(result)) toast.error(BUSINESS_MSG.camFailed);
  },
};
