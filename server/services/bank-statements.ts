import {
  BUSINESS_MSG,
  type StatementAnalysisRequest,
  type StatementIdentity,
  type StatementIdentityRequest,
} from '../../contracts/business';
import type { Bank } from '../../contracts/lists';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import { sha256Hex } from '../crypto-utils';
import type { Queryable } from '../db/db';
import { signFileUrl } from '../files/file-url-signer';
import { saveFile } from '../files/save-file';
import { textPdf } from '../files/text-pdf';
import { BANKS } from '../fixtures/banks';
import { openForWrite, recordAppEvent } from './application-writes';

// Sandbox statement parsing (banking API POST /v1/identity) and statement analysis (main API POST
// /v1/banking/bank-statement-info, the CAM). Nothing is read from the PDF: every answer is derived from the file id, so
// the same statement always parses the same way. docs/workflow.md "Bank statements".

export const STATEMENT_MSG = {
  notFound: 'Bank statement not found',
  fileNotFound: 'File not found for this application',
  wrongPassword: 'Incorrect statement password',
  camNeedsPdf: 'Statement analysis needs a PDF bank statement',
} as const;

/** The sandbox's password-protected statement: any statement "opened" with this password fails. */
export const WRONG_STATEMENT_PASSWORD = 'wrong';
/** Owner of the files the server makes itself (CAM summaries); never a caller's subject. */
const CAM_OWNER = 'system:cam';
const CAM_FILE_TYPE = 'CAM_SUMMARY';

type StatementFile = { id: string; mime: string; application_id: string | null };

const hashInt = (kind: string, input: string, from = 0, len = 8) =>
  Number.parseInt(sha256Hex(`${kind}:${input}`).slice(from, from + len), 16);

const SYNTHETIC_FIRST = ['AMIT', 'PRIYA', 'RAJESH', 'ANITA', 'VIKRAM', 'KAVITA', 'SANJAY', 'MEENA'];
const SYNTHETIC_LAST = ['PATEL', 'SINGH', 'VERMA', 'GUPTA', 'YADAV', 'REDDY', 'NAIR', 'JOSHI'];

/** The bank named by a parsing request: by code or by name, case-insensitive. */
export const bankByNameOrCode = (nameOrCode: string): Bank | undefined => {
  const key = nameOrCode.trim().toLowerCase();
  return key ? BANKS.find((b) => b.code?.toLowerCase() === key || b.name.toLowerCase() === key) : undefined;
};

/** What the sandbox "reads" from a statement: account number and IFSC from the file id, the holder given. */
export function statementIdentity(fileId: string, bank: Bank | undefined, bankName: string, holder: string): StatementIdentity {
  const account =
    String(1 + (hashInt('stmt-acct', fileId) % 9)) +
    String(hashInt('stmt-acct', fileId, 8, 12))
      .padStart(11, '0')
      .slice(-11);
  const branch = sha256Hex(`stmt-ifsc:${fileId}`).slice(0, 6).toUpperCase();
  return {
    name: holder,
    account_number: account,
    account_type: hashInt('stmt-type', fileId) % 2 === 0 ? 'SAVINGS' : 'CURRENT',
    ifsc: `${bank?.code ?? 'SAND'}0${branch}`,
    bank_name: bank?.name ?? (bankName.trim() || 'Unknown Bank'),
  };
}

function syntheticHolder(fileId: string): string {
  const n = hashInt('stmt-name', fileId);
  return `${SYNTHETIC_FIRST[n % SYNTHETIC_FIRST.length]} ${SYNTHETIC_LAST[Math.floor(n / SYNTHETIC_FIRST.length) % SYNTHETIC_LAST.length]}`;
}

/** The account holder: the borrower's name when the statement was uploaded for an application, else a synthetic one. */
async function holderOf(q: Queryable, tenantId: string, file: StatementFile): Promise<string> {
  if (file.application_id) {
    const [app] = await q.query<{ name: string | null }>(`SELECT data->>'name' AS name FROM applications WHERE tenant_id=$1 AND id=$2`, [
      tenantId,
      file.application_id,
    ]);
    if (app?.name?.trim()) return app.name.trim().toUpperCase();
  }
  return syntheticHolder(file.id);
}

/**
 * Banking API POST /v1/identity: one result per statement, in the order sent. Each file an upload of the caller's
 * tenant (404), a PDF (400), not opened with the wrong password (400).
 */
export async function parseStatements(deps: Deps, caller: Caller, body: StatementIdentityRequest) {
  const ids = [...new Set(body.files.map((f) => f.file_id))];
  const params = ids.map((_, i) => `$${i + 2}`).join(',');
  const rows = await deps.db.query<StatementFile>(`SELECT id, mime, application_id FROM files WHERE tenant_id=$1 AND id IN (${params})`, [
    caller.tenantId,
    ...ids,
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const bank = bankByNameOrCode(body.bank_name);
  const results = [];
  for (const f of body.files) {
    const file = byId.get(f.file_id);
    if (!file) throw new ApiError(404, STATEMENT_MSG.notFound);
    if (file.mime !== 'application/pdf') throw new ApiError(400, BUSINESS_MSG.statementsPdf);
    if (f.password === WRONG_STATEMENT_PASSWORD) throw new ApiError(400, STATEMENT_MSG.wrongPassword);
    results.push({
      file_id: file.id,
      identity_data: statementIdentity(file.id, bank, body.bank_name, await holderOf(deps.db, caller.tenantId, file)),
    });
  }
  return results;
}

const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupees = (paise: number) => `Rs ${inr.format(paise / 100)}`;

/** The CAM summary's lines: figures derived from the statement's file id. */
function camLines(a: {
  trackerId: string | null;
  appId: string;
  holder: string;
  bank: Bank;
  fileId: string;
  identity: StatementIdentity;
  now: Date;
}) {
  const n = (k: string, mod: number, min = 0) => min + (hashInt(`cam-${k}`, a.fileId) % mod);
  const credits = n('credits', 600_000_00, 150_000_00);
  const debits = Math.round(credits * (0.8 + n('ratio', 18) / 100));
  return [
    'CAM summary - bank statement analysis (sandbox)',
    `Application: ${a.trackerId ?? '-'} (${a.appId})`,
    `Account holder: ${a.holder}`,
    `Bank: ${a.bank.name} (${a.bank.code})  IFSC ${a.identity.ifsc}`,
    `Account: XXXXXXXX${a.identity.account_number.slice(-4)} (${a.identity.account_type})`,
    `Statement file: ${a.fileId}`,
    'Period analysed: last 6 months',
    `Total credits: ${rupees(credits)}`,
    `Total debits: ${rupees(debits)}`,
    `Average monthly balance: ${rupees(n('balance', 80_000_00, 5_000_00))}`,
    `Average monthly credits: ${rupees(Math.round(credits / 6))}`,
    `Inward cheque bounces: ${n('bounces', 3)}`,
    `Cash deposits share: ${n('cash', 60, 10)}%`,
    `Generated: ${a.now.toISOString()}`,
  ];
}

/**
 * Main API POST /v1/banking/bank-statement-info: a CAM summary PDF for one statement, stored with the application's
 * files (file_type CAM_SUMMARY, made once per statement and bank code, then reused), answered as a presigned URL.
 * In order: a bank code of the bank list (400 'Bank code not found'); the application of the tenant (404); the
 * statement an upload of this application (400); a PDF (422); not the wrong password (422).
 */
export async function analyseStatement(deps: Deps, caller: Caller, body: StatementAnalysisRequest) {
  const code = body.bank_name.trim().toUpperCase();
  const bank = BANKS.find((b) => !!b.code && b.code.toUpperCase() === code);
  if (!bank) throw new ApiError(400, BUSINESS_MSG.bankCodeNotFound);
  const { db, config } = deps;
  const now = config.now();
  // The CAM file is stored with the application, so only whoever may change its business details asks.
  const { app } = await openForWrite(db, caller, body.mfi_app_id, 'business.update', false);
  const [file] = await db.query<StatementFile>(
    'SELECT id, mime, application_id FROM files WHERE tenant_id=$1 AND application_id=$2 AND id=$3',
    [caller.tenantId, app.id, body.file_id],
  );
  if (!file) throw new ApiError(400, STATEMENT_MSG.fileNotFound);
  if (file.mime !== 'application/pdf') throw new ApiError(422, STATEMENT_MSG.camNeedsPdf);
  if (body.password === WRONG_STATEMENT_PASSWORD) throw new ApiError(422, STATEMENT_MSG.wrongPassword);

  const key = `cam-${file.id}-${bank.code}`.toLowerCase();
  const [existing] = await db.query<{ id: string }>(
    'SELECT id FROM files WHERE tenant_id=$1 AND application_id=$2 AND owner=$3 AND file_type=$4 AND name_prefix=$5 ORDER BY created_at LIMIT 1',
    [caller.tenantId, app.id, CAM_OWNER, CAM_FILE_TYPE, key],
  );
  let camId = existing?.id;
  if (!camId) {
    const holder = await holderOf(db, caller.tenantId, file);
    const identity = statementIdentity(file.id, bank, bank.name, holder);
    const pdf = textPdf(
      camLines({ trackerId: app.tracker_id, appId: app.id, holder, bank, fileId: file.id, identity, now }),
      'CAM summary',
    );
    camId = await saveFile(
      deps,
      { ...caller, subject: CAM_OWNER },
      pdf,
      { mime: 'application/pdf', ext: 'pdf' },
      `cam-summary-${file.id}.pdf`,
      {
        file_type: CAM_FILE_TYPE,
        upload_type: null,
        application_id: app.id,
        name_prefix: key,
        record_index: null,
        geo_tag: null,
        evidence: null,
      },
    );
    await recordAppEvent(db, app, 'statement_analysis', { file_id: file.id, bank_code: bank.code, cam_file_id: camId }, now);
  }
  return {
    download_url: signFileUrl(config.fileUrlSecret, caller.tenantId, camId, now.getTime(), config.fileUrlTtlS, caller.subject),
    file_id: camId,
  };
}
