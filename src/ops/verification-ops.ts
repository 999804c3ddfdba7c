// PAN, voter id and bank account checks as outbox ops: sent at once when online, queued offline, answered into the cached application.
import * as v from 'valibot';
import { CHECK_FORMAT_MSG, VERIFY_MSG, VERIFY_SERVER_MSG } from '../../contracts/verification';
import { PAN_PATTERN, VOTER_ID_PATTERN } from '../../contracts/patterns';
import { BANK_MSG } from '../../contracts/bank-account';
import { patchCachedApplication } from '../db/records';
import type { OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { newUuid } from '../lib/ids';
import { OP_CATALOGUE } from '../sync/op-catalogue';
import { enqueue } from '../sync/enqueue';
import { CREATE_KIND } from './start-application';
import type { ResultContext, ResultHandlers } from '../sync/result-handlers';

export type { AppVerificationData, Check, CheckedField, VerificationFailures, VerifiedMaps } from '../workflow/verification-state';
import type { AppVerificationData, Check, CheckedField, VerifiedMaps } from '../workflow/verification-state';
import { msg } from '../../contracts/msg';
const MAP: Record<CheckedField, keyof VerifiedMaps> = {
  pan: 'verified_pans',
  voter_id: 'verified_voter_ids',
  account_number: 'verified_bank_accounts',
};

const KIND: Record<CheckedField, string> = {
  pan: OP_CATALOGUE.verifyPan.kind,
  voter_id: OP_CATALOGUE.verifyVoter.kind,
  account_number: OP_CATALOGUE.verifyBank.kind,
};

type CheckOp = { appId: string; dependsOn: string[]; extras: { replaces?: string }; now: number };

/** Queues the check of one field through its catalogue entry. */
function queueCheck(db: UserDb, field: CheckedField, typed: string, extra: { ifsc?: string; phone?: string }, c: CheckOp) {
  const common = { appId: c.appId, at: {}, dependsOn: c.dependsOn };
  if (field === 'pan') {
    const body = { pan: typed, application_id: c.appId };
    return enqueue(db, OP_CATALOGUE.verifyPan, { ...common, body, label: msg('PAN verification') }, c.extras, c.now);
  }
  if (field === 'voter_id') {
    const body = { voter_id: typed, reference: newUuid(), application_id: c.appId };
    return enqueue(db, OP_CATALOGUE.verifyVoter, { ...common, body, label: msg('Voter ID verification') }, c.extras, c.now);
  }
  // The reference is the application id plus a timestamp.
  const body = {
    account_number: typed,
    ifsc: (extra.ifsc ?? '').toUpperCase(),
    phone: extra.phone ?? '',
    reference: `${c.appId}-${c.now}`,
    application_id: c.appId,
  };
  return enqueue(db, OP_CATALOGUE.verifyBank, { ...common, body, label: msg('Bank account verification') }, c.extras, c.now);
}

/** A PAN or voter id that cannot be right, caught before it is queued; the bank's IFSC is its form's rule. */
export function checkFormatProblem(field: CheckedField, value: string): string | null {
  const typed = value.trim().toUpperCase();
  if (field === 'pan') return PAN_PATTERN.test(typed) ? null : CHECK_FORMAT_MSG.pan;
  if (field === 'voter_id') return VOTER_ID_PATTERN.test(typed) ? null : CHECK_FORMAT_MSG.voter_id;
  return null;
}

/**
 * The queued (not yet sent) check of `field` for one of `values` (what this form queued before): an edit of the field
 * takes its place in the queue, so the server never checks the typo and what waited for it (the borrower
 * submit) waits for the new one. A co-applicant's check of the same application is another form's, never matched.
 */
export const queuedCheckFor = (ops: readonly OutboxOp[], appId: string, field: CheckedField, values: readonly (string | undefined)[]) =>
  ops
    .filter(
      (o) =>
        o.appId === appId &&
        o.kind === KIND[field] &&
        o.state === 'queued' &&
        values.includes(String((o.body as Record<string, unknown>)[field])),
    )
    .at(-1)?.id;

export async function enqueueCheck(
  db: UserDb,
  appId: string,
  field: CheckedField,
  value: string,
  now = Date.now(),
  extra: { ifsc?: string; phone?: string; replaces?: string } = {},
): Promise<OutboxOp> {
  const typed = value.trim().toUpperCase();
  const problem = checkFormatProblem(field, typed);
  if (problem) throw new Error(problem);
  const creates = await db.outbox
    .where('appId')
    .equals(appId)
    .filter((o) => o.kind === CREATE_KIND && o.state !== 'done')
    .toArray();
  const extras = extra.replaces ? { replaces: extra.replaces } : {};
  return queueCheck(db, field, typed, extra, { appId, dependsOn: creates.map((o) => o.id), extras, now });
}

/** The verification API's answer as the check reads it (a refusal included); a field of another type is left out. */
const AnswerSchema = v.looseObject({
  success: v.optional(v.boolean()),
  statusCode: v.optional(v.number()),
  status_code: v.optional(v.number()),
  message: v.optional(v.string()),
  data: v.optional(
    v.looseObject({
      name_pan_card: v.optional(v.string()),
      result: v.optional(v.looseObject({ name: v.optional(v.string()) })),
      account_holder_name: v.optional(v.string()),
      bank_name: v.optional(v.string()),
    }),
  ),
});
type Answer = v.InferOutput<typeof AnswerSchema>;

/**
 * REQ-VER-2: a 400 shows the server's message, and an invalid PAN reads 'PAN verification failed,INVALID PAN!' (both
 * readings: the server's 'INVALID PAN' is that case, any other 400 message is shown as it is); any other refusal the
 * fixed text.
 */
export function refusalMessage(field: CheckedField, a: Answer): string {
  const status = a.statusCode ?? a.status_code;
  if (field === 'pan') {
    if (status === 400 && a.message?.trim().toUpperCase() === VERIFY_SERVER_MSG.invalidPan) return VERIFY_MSG.panFailedInvalid;
    return status === 400 && a.message ? a.message : VERIFY_MSG.panFailed;
  }
  if (field === 'account_number') return status && status < 500 ? BANK_MSG.verifyFailed : BANK_MSG.verifyError;
  return VERIFY_MSG.voterFailed;
}

/**
 * What the officer is told when a check they asked for online comes back while they wait: the PAN's success
 * (REQ-VER-2 'PAN verified successfully') or the refusal's message. A toast id per field and value, so the same
 * answer is said once however many places notice it.
 */
export function checkAnnouncement(
  field: CheckedField,
  op: Pick<OutboxOp, 'state' | 'result' | 'body' | 'lastError'> | undefined,
): { kind: 'success' | 'error'; text: string; id: string } | null {
  if (!op || (op.state !== 'done' && op.state !== 'needs-attention')) return null;
  const value = String((op.body as Record<string, unknown> | undefined)?.[field] ?? '');
  const answer = (op.result ?? {}) as Answer;
  if (op.state === 'done' && nameFromAnswer(field, answer)) {
    return field === 'pan' ? { kind: 'success', text: VERIFY_MSG.panVerified, id: `check-ok:${field}:${value}` } : null;
  }
  const text = op.state === 'done' ? refusalMessage(field, answer) : (op.lastError?.message ?? refusalMessage(field, {}));
  return { kind: 'error', text, id: `check-failed:${field}:${value}` };
}

export function nameFromAnswer(field: CheckedField, a: Answer): string | null {
  const name = field === 'pan' ? a.data?.name_pan_card : field === 'voter_id' ? a.data?.result?.name : a.data?.account_holder_name;
  return a.success !== false && (a.statusCode ?? 200) === 200 && typeof name === 'string' && name ? name : null;
}

function recordAnswer(field: CheckedField) {
  return async ({ db, op, result, now }: ResultContext) => {
    if (!op.appId) return;
    const value = String((op.body as Record<string, unknown>)[field] ?? '');
    const parsed = v.safeParse(AnswerSchema, result);
    const answer: Answer = parsed.success ? parsed.output : {};
    const name = nameFromAnswer(field, answer);
    await patchCachedApplication(
      db,
      op.appId,
      (data) => {
        const d = data as AppVerificationData;
        const failures = { ...d.verification_failures };
        if (name) {
          delete failures[field];
          return {
            // The latest PAN / voter id is the borrower form's; a bank account has only its map.
            ...(field === 'account_number' ? {} : { verifications: { ...d.verifications, [field]: { value, name } } }),
            [MAP[field]]: { ...d[MAP[field]], [value]: name },
            verification_failures: failures,
          };
        }
        return { verification_failures: { ...failures, [field]: { value, message: refusalMessage(field, answer) } } };
      },
      now,
    );
  };
}

export const VERIFICATION_RESULT_HANDLERS: ResultHandlers = {
  [KIND.pan]: recordAnswer('pan'),
  [KIND.voter_id]: recordAnswer('voter_id'),
  [KIND.account_number]: recordAnswer('account_number'),
};

/** What the field shows: verified (by the server, for this exact value), pending in the outbox, refused, or nothing yet. */
export function checkState(field: CheckedField, value: string, data: AppVerificationData | undefined, ops: readonly OutboxOp[]): Check {
  const typed = value.trim().toUpperCase();
  if (!typed) return { state: 'none' };
  const ok = field === 'account_number' ? undefined : data?.verifications?.[field];
  if (ok && ok.value === typed) return { state: 'verified', name: ok.name };
  const known = data?.[MAP[field]]?.[typed];
  if (known) return { state: 'verified', name: typeof known === 'string' ? known : known.holder };
  // Another application's check of the same value is not this one's (two borrowers can share a voter id typo).
  const appId = (data as { id?: string } | undefined)?.id;
  const op = [...ops]
    .reverse()
    .find(
      (o) =>
        o.kind === KIND[field] &&
        o.state !== 'done' &&
        (!appId || o.appId === appId) &&
        (o.body as Record<string, unknown>)[field] === typed,
    );
  if (op)
    return op.state === 'needs-attention'
      ? { state: 'failed', message: op.lastError?.message ?? refusalMessage(field, {}) }
      : { state: 'pending' };
  const failed = data?.verification_failures?.[field];
  if (failed && failed.value === typed) return { state: 'failed', message: failed.message };
  return { state: 'none' };
}

/** A check the submit can go on with: verified by the server, or queued to be checked when it is sent. */
export const checkPasses = (c: Check) => c.state === 'verified' || c.state === 'pending';

/** Ops the borrower submit must wait for (checks of this application not answered yet). */
export const pendingCheckOps = (ops: readonly OutboxOp[], appId: string) =>
  ops.filter((o) => o.appId === appId && o.state !== 'done' && Object.values(KIND).includes(o.kind)).map((o) => o.id);
