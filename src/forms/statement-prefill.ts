// REQ-NAV-4 'bank-account-details: receives business details through navigation state': whose account the business
// step's main statement is (statement parsing) is kept on the phone (encrypted meta) and fills the bank account
// form's empty fields, also after a reload or with no network. The bank check's holder name wins over the statement's.
import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { BANK_ACCOUNT_TYPE_CODES } from '../../contracts/bank-account';
import type { StatementIdentity } from '../../contracts/business';
import { useMeta } from '../db/hooks';
import { setMeta } from '../db/records';
import type { UserDb } from '../db/user-db';

export const statementIdentityKey = (appId: string) => `statement-identity:${appId}`;

export const keepStatementIdentity = (db: UserDb, appId: string, identity: StatementIdentity) =>
  setMeta(db, statementIdentityKey(appId), identity);

/** The form values a statement gives: only what it says, the account type only when it is one of ours. */
export function prefillFrom(id: StatementIdentity): Record<string, string> {
  const type = id.account_type?.toUpperCase();
  return {
    account_holder_name: id.name,
    account_number: id.account_number,
    confirm_account_number: id.account_number,
    ifsc_code: id.ifsc,
    bank_name: id.bank_name,
    ...((BANK_ACCOUNT_TYPE_CODES as readonly string[]).includes(type) ? { account_type: type } : {}),
  };
}

/** Fills the empty fields once; returns a reader of the holder name it filled in (the bank check may replace that one). */
export function useStatementPrefill<T extends FieldValues>(db: UserDb | null, appId: string, form: UseFormReturn<T>): () => string | null {
  const identity = useMeta<StatementIdentity>(db, statementIdentityKey(appId));
  const filledHolder = useRef<string | null>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!identity || done.current) return;
    done.current = true;
    for (const [k, v] of Object.entries(prefillFrom(identity))) {
      const name = k as Path<T>;
      if (v && !form.getValues(name)) {
        form.setValue(name, v as never);
        if (k === 'account_holder_name') filledHolder.current = v;
      }
    }
  }, [identity, form]);
  return () => filledHolder.current;
}
