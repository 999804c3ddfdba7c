import { isFreshCheck, isRepoint, PAYOUT_MSG, payoutHolder } from '../../contracts/payout-holder';
import { ApiError } from '../api-error';
import { sha256Hex } from '../crypto-utils';
import type { Queryable } from '../db/db';
import type { AppRow } from './application-store';
import type { NameValue } from './name-deviation';

// The payout account as the server stores it (contracts/payout-holder.ts): the bank's holder name, the typed one kept
// beside it when it differs (and shown in a bank name deviation beside the bank's), and a re-point at another account
// after the first stage only on a bank check made after the current account was stored.

type Account = { account_number: string; ifsc_code: string; account_holder_name: string };

/**
 * A digest of an account number for this application: its history names the account checked without the number (the
 * number itself sits only in the server-owned `verified_bank_accounts`).
 */
export const accountDigest = (applicationId: string, accountNumber: string) =>
  sha256Hex(`payout:${applicationId}:${accountNumber.trim()}`).slice(0, 32);

/** The event of a bank check beside its `verification` event: `{ account_digest, ifsc }`, the account checked. */
export const BANK_CHECK_EVENT = 'bank_check';

/** The history position of the latest event of `kind` (a bank check only of this very account number and IFSC). */
async function latestSeq(
  q: Queryable,
  app: AppRow,
  kind: 'bank_account' | typeof BANK_CHECK_EVENT,
  pair?: Account,
): Promise<number | null> {
  const params: unknown[] = [app.tenant_id, app.id, kind];
  const only = pair ? ` AND body->>'account_digest'=$4 AND upper(body->>'ifsc')=upper($5)` : '';
  if (pair) params.push(accountDigest(app.id, pair.account_number), pair.ifsc_code);
  const [row] = await q.query<{ seq: string | number | null }>(
    `SELECT max(seq) AS seq FROM application_events WHERE tenant_id=$1 AND application_id=$2 AND kind=$3${only}`,
    params,
  );
  return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
}

/** 409 when a stored payout account is re-pointed at another one without a bank check of it made since it was stored. */
export async function assertFreshRepoint(q: Queryable, app: AppRow, stored: Record<string, unknown> | undefined, next: Account) {
  if (!isRepoint(stored, next)) return;
  const fresh = isFreshCheck(await latestSeq(q, app, BANK_CHECK_EVENT, next), await latestSeq(q, app, 'bank_account'));
  if (!fresh) throw new ApiError(409, PAYOUT_MSG.freshCheck);
}

/** The account with the bank's holder name (the typed one kept as `typed_holder_name` when it differs), and the names to match. */
export function withBankHolder<T extends Account>(
  fields: T,
  bankHolder: string,
): { account: T & { typed_holder_name?: string }; typed?: NameValue } {
  const { holder, typed } = payoutHolder(fields.account_holder_name, bankHolder);
  const account: T & { typed_holder_name?: string } = { ...fields, account_holder_name: holder };
  if (typed === undefined) return { account };
  account.typed_holder_name = typed;
  return { account, typed: { value: typed, source: 'INPUT' } };
}
