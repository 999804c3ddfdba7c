// What the statement parsing (banking API /v1/identity) tells the officer, in REQ-VER-3's words: whose
// account the statement is, 'Identity verification failed' when the answer names nobody, and 'An error occurred.
// Please try again.' when there was no answer to read (no network, a server fault).
import type { StatementIdentity } from '../../../contracts/business';
import { VERIFY_MSG } from '../../../contracts/verification';
import { t } from '../../i18n';

export type IdentityAnswer = {
  success?: boolean;
  message?: string;
  status_code?: number;
  statusCode?: number;
  results?: readonly { identity_data?: StatementIdentity }[];
};

export function identityLine(a: IdentityAnswer): { ok: true; text: string; identity: StatementIdentity } | { ok: false; text: string } {
  const id = a.results?.[0]?.identity_data;
  if (id)
    return {
      ok: true,
      identity: id,
      text: t('Statement of {name} · A/c {account} · {bank} ({ifsc})', {
        name: id.name,
        account: id.account_number,
        bank: id.bank_name,
        ifsc: id.ifsc,
      }),
    };
  const status = a.statusCode ?? a.status_code;
  if (status === 0 || (typeof status === 'number' && status >= 500)) return { ok: false, text: VERIFY_MSG.errorOccurred };
  return { ok: false, text: VERIFY_MSG.identityFailed };
}
