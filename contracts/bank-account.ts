// The bank account step: its fields, rules and messages (REQ-BANK-1, REQ-BANK-3), the holder's name match (REQ-VER-6),
// the account types and the verification API's bank check (/v1/perfios/kyc/verify-bank-acc-v3, REQ-BANK-2).
import * as v from 'valibot';
import { Deviation } from './deviations';
import { BANK_ACCOUNT_TYPES } from './enums';
import { MSG } from './messages';
import { ACCOUNT_NUMBER_PATTERN, APPLICATION_ID_PATTERN, IFSC_PATTERN } from './patterns';
import { msg } from './msg';

/** Rule messages (REQ-BANK-1) and bank messages (REQ-BANK-2, REQ-BANK-3), quoted exactly. */
export const BANK_MSG = {
  holderName: msg('Invalid account holder name'),
  accountNumberRequired: msg('Please enter account number'),
  accountNumber: MSG.invalidAccountNumber,
  accountType: msg('Please enter account type'),
  ifscRequired: msg('Please enter IFSC code'),
  ifsc: MSG.invalidIfsc,
  bankName: msg('Please enter bank name'),
  bankProof: msg('Please upload bank proof'),
  // Ours: the specification compares nothing; a payout typo is costly, so the two must match.
  confirmRequired: msg('Please enter the account number again'),
  confirmMismatch: msg('Account numbers do not match'),
  // REQ-BANK-3
  submitFailed: msg('Failed to submit bank details. Please try again.'),
  invalidAccountType: MSG.invalidAccountType,
  verifyFailed: msg('Bank verification failed.'),
  verifyError: msg('An error occurred during bank verification.'),
  verified: msg('Bank verified successfully'),
  submitted: msg('Bank details submitted successfully!'),
} as const;

/** Wire codes of the account type (REQ-VAL-5), in the specification's order. */
export const BANK_ACCOUNT_TYPE_CODES = ['SAVINGS', 'CURRENT', 'OVERDRAFT', 'CASHCREDIT', 'CURRENT ACCOUNT WITH OD'] as const;
/** The display list of contracts/enums.ts, in the specification's code order (same set; the table test checks it). */
export const BANK_ACCOUNT_TYPE_OPTIONS = BANK_ACCOUNT_TYPE_CODES.map((code) => BANK_ACCOUNT_TYPES.find((o) => o.code === code)!);

/** Messages of the sandbox server about bank data (its own wording). */
export const BANK_SERVER_MSG = {
  /**
   * An account type outside the enum. The client recognises it (isAccountTypeComplaint) and shows
   * BANK_MSG.invalidAccountType instead (REQ-BANK-3).
   */
  accountTypeEnum: `account_type: Invalid enum value. Expected ${BANK_ACCOUNT_TYPE_CODES.join(' | ')}`,
  accountNotFound: msg('Account not found'),
  businessFirst: msg('Submit the business details before the bank account'),
  /** The payout account must be the one the bank check answered for, on this application. */
  checkFirst: msg('Verify the bank account before submitting'),
  onlyBankDeviations: msg('Only a BANK_NAME_MISMATCH_DEVIATION can be sent with bank details'),
} as const;

export { isAccountTypeComplaint } from './messages';

const required = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message));

const BankAccountFields = v.object({
  account_holder_name: v.pipe(v.string(BANK_MSG.holderName), v.trim(), v.minLength(3, BANK_MSG.holderName)),
  account_number: v.pipe(required(BANK_MSG.accountNumberRequired), v.regex(ACCOUNT_NUMBER_PATTERN, BANK_MSG.accountNumber)),
  /** REQ-BANK-1 asks only that it is given; we also compare it with account_number (docs/decisions.md). */
  confirm_account_number: required(BANK_MSG.confirmRequired),
  account_type: v.pipe(
    required(BANK_MSG.accountType),
    v.check((s) => (BANK_ACCOUNT_TYPE_CODES as readonly string[]).includes(s), BANK_SERVER_MSG.accountTypeEnum),
  ),
  ifsc_code: v.pipe(required(BANK_MSG.ifscRequired), v.toUpperCase(), v.regex(IFSC_PATTERN, BANK_MSG.ifsc)),
  bank_name: required(BANK_MSG.bankName),
  /** File id of the uploaded bank proof. */
  bank_proof: required(BANK_MSG.bankProof),
  /** REQ-DEV-2: 'Continue with Deviation' after a bank name mismatch; the server sets every status. */
  deviations: v.optional(
    v.array(
      v.pipe(
        Deviation,
        v.check((d) => d.type === 'BANK_NAME_MISMATCH_DEVIATION', BANK_SERVER_MSG.onlyBankDeviations),
      ),
    ),
  ),
});
export const BankAccountInfo = v.pipe(
  BankAccountFields,
  v.forward(
    v.partialCheck(
      [['account_number'], ['confirm_account_number']],
      (b) => b.account_number === b.confirm_account_number,
      BANK_MSG.confirmMismatch,
    ),
    ['confirm_account_number'],
  ),
);
/** Every key of the bank account (the server's withSchemaKeys). */
export const BANK_ACCOUNT_ENTRIES = BankAccountFields.entries;
export type BankAccountInfo = v.InferOutput<typeof BankAccountInfo>;

/** Verification API POST /v1/perfios/kyc/verify-bank-acc-v3. `reference` is the application id plus a timestamp. */
export const BankVerifyRequest = v.object({
  account_number: v.pipe(required(BANK_MSG.accountNumberRequired), v.regex(ACCOUNT_NUMBER_PATTERN, BANK_MSG.accountNumber)),
  phone: v.optional(v.string(), ''),
  ifsc: v.pipe(required(BANK_MSG.ifscRequired), v.toUpperCase(), v.regex(IFSC_PATTERN, BANK_MSG.ifsc)),
  reference: required(MSG.required),
  application_id: v.pipe(v.string(), v.regex(APPLICATION_ID_PATTERN, MSG.invalidInput)),
});
export type BankVerifyRequest = v.InferOutput<typeof BankVerifyRequest>;

export type BankVerifyData = { account_holder_name: string; bank_name: string; account_number: string; ifsc: string; verified: true };

/** What the server keeps per verified account number in `data.verified_bank_accounts` (server-owned). */
export type VerifiedBankAccounts = Record<string, { ifsc: string; holder: string; bank_name: string }>;
