// The business details submit: one POST (the initiating officer) or PATCH (other roles) behind its uploads,
// statements as lists of files; then, online, the statement analysis (CAM), which never blocks.
import { BUSINESS_MSG, type BusinessInfo, STATEMENT_GROUP_SUFFIXES, statementKeys } from '../../../contracts/business';
import type { Bank } from '../../../contracts/lists';
import { draftKey } from '../../db/drafts';
import { patchCachedApplication } from '../../db/records';
import type { UserDb } from '../../db/user-db';
import { type FileRef, fileRef } from '../../sync/dependency';
import { enqueue } from '../../sync/enqueue';
import { OP_CATALOGUE } from '../../sync/op-catalogue';
import { bankStatementInfo } from '../../api/banking/bank-statement-info';

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
      label: `Business details: ${info.business_name}`,
    },
    {
      draftKeyToClear: businessDraftKey(appId),
      resubmit: true,
      alsoWrite: (tx) => patchCachedApplication(tx, appId, () => ({ business_submitted_at: new Date(now).toISOString() }), now),
    },
    now,
  );
}

/** Statement analysis of the main bank's first statement; resolves to the download URL, or null when it failed. */
export async function analyseStatement(
  db: UserDb,
  appId: string,
  bankCode: string,
  localFileId: string,
  password: string,
): Promise<string | null> {
  const file = await db.files.get(localFileId);
  if (!file?.serverFileId) return null;
  try {
    const res = await bankStatementInfo({ bank_name: bankCode, password, file_id: file.serverFileId, mfi_app_id: appId });
    return res.data.download_url || null;
  } catch {
    return null;
  }
}
