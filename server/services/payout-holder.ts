import { isFreshCheck, isRepoint, PAYOUT_MSG, payoutHolder } from '../../contracts/payout-holder';
import { ApiError } from '../api-error';
import type { Queryable } from '../db/db';
import type { AppRow } from './application-store';
import type { NameValue } from './name-deviation';

// The payout account as the server stores it (contracts/payout-holder.ts): the bank's holder name, the typed one kept
// beside it when it differs (and shown in a bank name deviation beside the bank's), and a re-point at another account
// after the first stage only on a bank check made after the current account was stored.

type Account = { account_number: string; ifsc_code: string; account_holder_name: string };

/** The history position of the latest event of `kind` (a bank check only of this account number's last 4 and IFSC). */
async function latestSeq(q: Queryable, app: AppRow, kind: 'bank_account' | 'verification', pair?: Account): Promise<number | null> {
  const params: unknown[] = [app.tenant_id, app.id, kind];
  const only = pair ? ` AND body->>'check'='bank_account' AND body->>'account_last4'=$4 AND upper(body->>'ifsc')=upper($5)` : '';
  if (pair) params.push(pair.account_number.slice(-4), pair.ifsc_code);
  const [row] = await q.query<{ seq: string | number | null }>(
    `SELECT max(seq) AS seq FROM application_events WHERE tenant_id=$1 AND application_id=$2 AND kind=$3${only}`,
    params,
  );
  return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
}

/** 409 when a stored payout account is re-pointed at another one without a bank check of it made since it was stored. */
export async function assertFreshRepoint(q: Queryable, app: AppRow, stored: Record<string, unknown> | undefined, next: Account) {
  if (!isRepoint(stored, next)) return;
  const fresh = isFreshCheck(await latestSeq(q, app, 'verification', next), await latestSeq(q, app, 'bank_account'));
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
