import { isDeepStrictEqual } from 'node:util';
import { isRepoint } from '../../contracts/payout-holder';
import {
  BANK_ACCOUNT_ENTRIES,
  BANK_SERVER_MSG,
  BankAccountInfo,
  type BankVerifyData,
  type BankVerifyRequest,
  type VerifiedBankAccounts,
} from '../../contracts/bank-account';
import { MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import { bankAccountIdentity } from '../fixtures/bank-accounts';
import type { Queryable } from '../db/db';
import { validate, withSchemaKeys } from '../respond';
import { type AppRow, verificationsOf, verifiedName } from './application-store';
import { mergeIntoMaps, openForWrite, recordAppEvent, writeApplication } from './application-writes';
import { assertFilesOfApplication } from './kyc-submit';
import { type NameValue, withNameDeviation, withServerStatus } from './name-deviation';
import { accountDigest, assertFreshRepoint, BANK_CHECK_EVENT, withBankHolder } from './payout-holder';
import { addStage } from './stages';

// The bank account step (rules REQ-BANK-1, bank check REQ-BANK-2, submit REQ-BANK-3, holder name match REQ-VER-6),
// stored in the application's `data.bank_account`; the bank checks this server answered are kept in
// `data.verified_bank_accounts`. Both keys are server-owned (reserved in server/routes/applications.ts).
// docs/workflow.md "Bank account".

/** Who submits: the initiating officer (POST, the application's owner) or any staff member of the tenant (PATCH). */
export type BankSubmitMode = 'owner' | 'staff';

const asObject = (body: unknown): Record<string, unknown> => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, MSG.invalidInput);
  return body as Record<string, unknown>;
};

/** BankAccountInfo, a left-out field answering its own message (400, first issue). */
export const validBankAccount = (body: Record<string, unknown>) => validate(BankAccountInfo, withSchemaKeys(BANK_ACCOUNT_ENTRIES, body));

export const verifiedBankAccountsOf = (data: Record<string, unknown>): VerifiedBankAccounts =>
  data.verified_bank_accounts && typeof data.verified_bank_accounts === 'object'
    ? (data.verified_bank_accounts as VerifiedBankAccounts)
    : {};

const storedBankAccount = (data: Record<string, unknown>): Record<string, unknown> | undefined =>
  data.bank_account && typeof data.bank_account === 'object' && !Array.isArray(data.bank_account)
    ? (data.bank_account as Record<string, unknown>)
    : undefined;

/**
 * Verification API POST /v1/perfios/kyc/verify-bank-acc-v3 over the fixtures (server/fixtures/bank-accounts.ts): the
 * answer's data, and the success kept in `data.verified_bank_accounts[account_number] = { ifsc, holder, bank_name }`
 * with one `verification` event (last 4 digits only). Not found → 422 'Account not found' with status FAILED.
 */
export async function verifyBankAccount(deps: Deps, caller: Caller, body: BankVerifyRequest): Promise<BankVerifyData> {
  const { app } = await openForWrite(deps.db, caller, body.application_id, 'checks.run', false);
  const found = bankAccountIdentity(body.account_number, body.ifsc);
  if (!found.ok) throw new ApiError(422, BANK_SERVER_MSG.accountNotFound, { status: 'FAILED' });
  const entry = { [body.account_number]: { ifsc: body.ifsc, holder: found.holder, bank_name: found.bank_name } };
  const now = deps.config.now();
  await deps.db.tx(async (q) => {
    await mergeIntoMaps(
      q,
      app,
      { verified_bank_accounts: entry },
      {
        kind: 'verification',
        body: { check: 'bank_account', account_last4: body.account_number.slice(-4), ifsc: body.ifsc, bank_name: found.bank_name },
      },
      now,
    );
    // The whole number checked, as a digest: a re-point counts only a check of exactly the account it stores.
    await recordAppEvent(q, app, BANK_CHECK_EVENT, { account_digest: accountDigest(app.id, body.account_number), ifsc: body.ifsc }, now);
  });
  return {
    account_holder_name: found.holder,
    bank_name: found.bank_name,
    account_number: body.account_number,
    ifsc: body.ifsc,
    verified: true,
  };
}

/**
 * The holder name for the name match: the one the bank check answered for this account number and IFSC, else the
 * typed account_holder_name. `verified` says whether the check answered for this pair.
 */
function holderOf(data: Record<string, unknown>, account: { account_number: string; ifsc_code: string; account_holder_name: string }) {
  const records = verifiedBankAccountsOf(data);
  const record = Object.hasOwn(records, account.account_number) ? records[account.account_number] : undefined;
  const verified = record?.ifsc === account.ifsc_code;
  return { holder: verified && record ? record.holder : account.account_holder_name, verified };
}

/**
 * POST (mode 'owner') and PATCH (mode 'staff') /v1/app/mfi/{id}/bank-account. In order: POST validates the body first
 * (400); the application of the caller's tenant (404), for POST owned by the caller (403); not rejected (409
 * 'Application Rejected!'); BUSINESS_INFO present (409); PATCH merges the body over the stored bank account and
 * validates the whole (400); bank_proof an upload of this tenant for this application (400); the bank name match
 * (holder from the bank check, else the typed one, against the verified Aadhaar name: two sources, else no match is
 * run) adds a PENDING BANK_NAME_MISMATCH_DEVIATION unless one was sent; every deviation's status is the server's.
 * Stored as `data.bank_account` (+ `verified`), BANK_ACCOUNT added, one `bank_account` event. Unchanged → no write.
 */
export async function submitBankAccount(deps: Deps, caller: Caller, appId: string, body: unknown, mode: BankSubmitMode): Promise<AppRow> {
  const given = asObject(body);
  const early = mode === 'owner' ? validBankAccount(given) : undefined;
  const now = deps.config.now();

  return deps.db.tx(async (q: Queryable) => {
    const { app } = await openForWrite(q, caller, appId, mode === 'owner' ? 'bank_account.submit' : 'bank_account.update');
    // A salaried borrower's income step is the employment form (REQ-EMP-1 job_type).
    const incomeIn = app.stages.includes('BUSINESS_INFO') || (app.data.job_type === 'SALARIED' && app.data.employment_info !== undefined);
    if (!incomeIn) throw new ApiError(409, BANK_SERVER_MSG.businessFirst);

    const stored = storedBankAccount(app.data);
    const present = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
    // The name the officer typed stays the typed one across a later edit (the stored holder is the bank's).
    const typedBefore = stored && typeof stored.typed_holder_name === 'string' ? { account_holder_name: stored.typed_holder_name } : {};
    const fields = early ?? validBankAccount({ ...stored, ...typedBefore, ...present });
    await assertFilesOfApplication(q, caller.tenantId, app.id, [fields.bank_proof]);

    const { holder, verified } = holderOf(app.data, fields);
    // Money goes only to an account the bank check answered for on this application (a changed one too).
    if (!verified) throw new ApiError(409, BANK_SERVER_MSG.checkFirst);
    await assertFreshRepoint(q, app, stored, fields);
    // The holder stored is the bank's; a typed name that differs is kept beside it and shown in a deviation.
    const { account: named, typed } = withBankHolder(fields, holder);
    const aadhaarName = verificationsOf(app.data).aadhaar?.name;
    const panName = typeof app.data.pan === 'string' ? verifiedName(app.data, 'pan', app.data.pan) : undefined;
    const names: NameValue[] = [{ value: holder, source: 'BANK_ACCOUNT' }];
    // The holder against the borrower's verified names: the PAN's, and the Aadhaar's when it was verified.
    if (panName) names.push({ value: panName, source: 'PAN' });
    if (aadhaarName) names.push({ value: aadhaarName, source: 'AADHAAR' });
    // REQ-VER-6: the bank name match needs two sources; without a verified Aadhaar name none is run.
    const matched = names.length >= 2 ? withNameDeviation(fields.deviations ?? [], names, 'BANK_NAME_MISMATCH_DEVIATION') : [];
    // The match is the bank's holder against the borrower; the deviation also shows a typed name that differs.
    const deviations = matched.map((d) => (typed ? { ...d, info: { ...d.info, values: [...(d.info.values ?? []), typed] } } : d));
    const account: Record<string, unknown> = { ...named, verified };
    // A decision on the holder's names was made for the stored account: another account starts PENDING again.
    if (deviations.length) account.deviations = withServerStatus(deviations, stored?.deviations, !isRepoint(stored, fields));
    else delete account.deviations;
    // As jsonb keeps it (no undefined keys), so an unchanged resubmit compares equal to the stored record.
    const data = JSON.parse(JSON.stringify(account)) as Record<string, unknown>;

    const stages = addStage(app.stages, 'BANK_ACCOUNT');
    if (stages.length === app.stages.length && isDeepStrictEqual(stored, data)) return app;

    const devs = (data.deviations as { type: string; status: string }[] | undefined) ?? [];
    return writeApplication(
      q,
      app,
      {
        data: { bank_account: data },
        stages,
        event: {
          kind: 'bank_account',
          body: {
            action: mode === 'owner' ? 'submit' : 'update',
            by_user_id: caller.userId,
            account_last4: fields.account_number.slice(-4),
            ifsc_code: fields.ifsc_code,
            account_type: fields.account_type,
            verified,
            deviations: devs.map((d) => ({ type: d.type, status: d.status })),
          },
        },
      },
      now,
    );
  });
}
