// What a step screen says and where it goes once its submit is queued: the server's answer when it came in time,
// else "saved on this phone"; a refusal keeps the officer on the form, and an application rejection opens its page.
import { VERIFY_MSG } from '../../contracts/verification';
import { gatesOf } from '../db/outbox-gates';
import type { OutboxOp } from '../db/types';
import { AFTER_MOBILE_TEXT } from '../sync/op-text';
import type { UserDb } from '../db/user-db';
import { whileBusy } from '../lib/busy-store';
import { toast } from '../lib/toast';
import { serverFailed, waitForOp } from '../sync/wait-for-op';
import { isRejected, REJECTED_TOAST } from '../workflow/rejection';
import { flowOfPath, stagePath } from '../session/flow-context';
import type { RoutePath } from '../lib/route-path';
import { msg } from '../../contracts/msg';

export const SAVED_OFFLINE = msg('Saved on this phone. It will be sent when the phone is online.');

type Go = (to: { to: RoutePath; search: { id: string } }) => Promise<unknown>;
type Settle = {
  appId: string;
  navigate: Go;
  /** Where the step goes on; a function when the answer decides it (the visits lead on by the updated application). */
  next: RoutePath | ((answered: OutboxOp | undefined) => RoutePath);
  done?: string;
  failed?: string;
  failureText?: (message: string | undefined) => string | undefined;
};

/** What a step does with the answer before it is said: false keeps it from going on (it has gone elsewhere itself). */
export type AfterAnswer = (answered: OutboxOp | undefined) => unknown;
export type StepOptions = {
  waitMs?: number;
  afterAnswer?: AfterAnswer;
  /** What to say when the write could not even be queued (storage full, a file gone): the error's own words by default. */
  thrown?: (err: unknown) => string;
};

/** How long an online submit waits for the server's answer before going on (the outbox keeps trying). */
export const ANSWER_WAIT_MS = 15_000;

/**
 * The queued op as it stands once answered, or after `waitMs` online; at once offline (nothing will answer). The screen
 * waits for it behind the loading overlay (REQ-UI-1); the sync engine itself never shows it.
 */
export async function awaitAnswer(db: UserDb, op: OutboxOp, online: boolean, waitMs = ANSWER_WAIT_MS): Promise<OutboxOp | undefined> {
  // A step queued behind the borrower's mobile OTP cannot be answered yet: nothing to wait for.
  if (!online || gatesOf(op).length > 0) return op;
  const answered = await whileBusy(waitForOp(db, op.id, waitMs));
  // REQ-API-3: a call the server failed (a 5xx; it is sent again) shows the error toast with the server's message,
  // on every screen that waits for an answer.
  if (answered && serverFailed(answered)) toast.error(answered.lastError?.message ?? VERIFY_MSG.submitFailed);
  return answered;
}

/** Returns true when the step went on (done or queued). */
export async function settleStep(answered: OutboxOp | undefined, s: Settle): Promise<boolean> {
  const next = typeof s.next === 'function' ? s.next(answered) : s.next;
  if (answered?.state === 'needs-attention') {
    const message = answered.lastError?.message;
    // The application refused by its approval checks: the answer parked with them, or a later step told so.
    if (message === REJECTED_TOAST || isRejected(answered.result)) {
      toast.error(REJECTED_TOAST);
      await s.navigate({ to: stagePath(flowOfPath(next), 'rejection'), search: { id: s.appId } });
      return false;
    }
    toast.error(s.failureText?.(message) ?? message ?? s.failed ?? VERIFY_MSG.submitFailed);
    return false;
  }
  // A send the server failed (a 5xx) was said by awaitAnswer; the step stays queued and is sent again, its draft kept
  // until the server accepts it, so the officer goes on as after an offline submit, with no claim of success.
  if (!answered || !serverFailed(answered))
    toast.success(
      answered?.state === 'done'
        ? (s.done ?? VERIFY_MSG.formSubmitted)
        : answered && gatesOf(answered).length
          ? AFTER_MOBILE_TEXT
          : SAVED_OFFLINE,
    );
  await s.navigate({ to: next, search: { id: s.appId } });
  return true;
}

/**
 * Every step screen's submit: queue it, wait for the answer while online, let the step act on it (`afterAnswer`), then
 * say it and go on. A queue that throws (storage full, a file gone) is said as a toast and the officer stays on the
 * form with what they typed.
 */
export async function submitStep(
  db: UserDb,
  online: boolean,
  queue: () => Promise<OutboxOp>,
  s: Settle,
  opts: StepOptions | number = {},
): Promise<boolean> {
  const o = typeof opts === 'number' ? { waitMs: opts } : opts;
  try {
    const answered = await awaitAnswer(db, await queue(), online, o.waitMs ?? ANSWER_WAIT_MS);
    if ((await o.afterAnswer?.(answered)) === false) return false;
    return await settleStep(answered, s);
  } catch (err) {
    toast.error(o.thrown?.(err) ?? (err instanceof Error ? err.message : (s.failed ?? VERIFY_MSG.submitFailed)));
    return false;
  }
}
