// What to do with an answer: done, retry later, pause for sign-in, or park for a person to look at.
import { backoffDelay, parseRetryAfter } from '../lib/backoff';
import * as v from 'valibot';
import { ERROR_CODE } from '../../contracts/envelope';
import { MSG } from '../../contracts/messages';
import { messageOf } from './errors';
import { msg } from '../../contracts/msg';

export type Outcome = { kind: 'network'; message?: string } | { kind: 'http'; status: number; body: unknown; retryAfter?: string | null };

export type Decision =
  | { action: 'done' }
  | { action: 'retry'; at: number; status: number; message: string }
  | { action: 'pause-auth'; message: string }
  | { action: 'park'; status: number; message: string };

/** `data.approval_checks.decision === 'REJECTED'` on a 2xx: the server took it but the rules say no. */
export function businessRejection(body: unknown): string | null {
  const checks = (body as { data?: { approval_checks?: { decision?: unknown; reasons?: unknown; message?: unknown } } } | null)?.data
    ?.approval_checks;
  if (checks?.decision !== 'REJECTED') return null;
  const reasons = Array.isArray(checks.reasons) ? checks.reasons.filter((r) => typeof r === 'string').join(', ') : '';
  const message = typeof checks.message === 'string' && checks.message ? checks.message : messageOf(body, 200);
  return reasons ? `${msg('Rejected')}: ${reasons}` : message === MSG.somethingWentWrong ? msg('Rejected by the approval checks') : message;
}

const RETRY_STATUSES = new Set([408, 425, 429]);
const Coded = v.object({ code: v.string() });
/** The error code of an answer's body, if it has one. */
export const codeOf = (body: unknown): string | undefined => {
  const parsed = v.safeParse(Coded, body);
  return parsed.success ? parsed.output.code : undefined;
};
/** A conflict that is the same request still running on the server (its code says so), not a refusal. */
const stillRunning = (status: number, body: unknown) => status === 409 && codeOf(body) === ERROR_CODE.stillInProgress;

/**
 * `attempt` is the number of the attempt that just failed (1 for the first send).
 * A 409 is retried only with the idempotency "still in progress" code: the first try is still running, so wait.
 */
export function decide(outcome: Outcome, attempt: number, now: number, random: () => number): Decision {
  if (outcome.kind === 'network') {
    return { action: 'retry', at: now + backoffDelay(attempt, random), status: 0, message: outcome.message ?? msg('No network') };
  }
  const { status, body } = outcome;
  if (status >= 200 && status < 300) {
    const rejected = businessRejection(body);
    return rejected ? { action: 'park', status, message: rejected } : { action: 'done' };
  }
  const message = messageOf(body, status);
  if (status === 401) return { action: 'pause-auth', message };
  if (status >= 500 || RETRY_STATUSES.has(status) || stillRunning(status, body)) {
    const hinted = status === 429 || status === 503 ? parseRetryAfter(outcome.retryAfter, now) : null;
    return { action: 'retry', at: now + (hinted ?? backoffDelay(attempt, random)), status, message };
  }
  return { action: 'park', status, message };
}
