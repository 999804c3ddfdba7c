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

export const SAVED_OFFLINE = 'Saved on this phone. It will be sent when the phone is online.';

type Go = (to: { to: RoutePath; search: { id: string } }) => Promise<unknown>;
type Settle = {
  appId: string;
  navigate: Go;
  next: RoutePath;
  done?: string;
  failed?: string;
  failureText?: (message: string | undefined) => string | undefined;
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
  if (answered?.state === 'needs-attention') {
    const message = answered.lastError?.message;
    // The application refused by its approval checks: the answer parked with them, or a later step told so.
    if (message === REJECTED_TOAST || isRejected(answered.result)) {
      toast.error(REJECTED_TOAST);
      await s.navigate({ to: stagePath(flowOfPath(s.next), 'rejection'), search: { id: s.appId } });
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
  await s.navigate({ to: s.next, search: { id: s.appId } });
  return true;
}

/**
 * A step's submit: queue it, wait for the answer while online, then say it and go on. A queue that throws (storage
 * full, a file gone) is said as a toast and the officer stays on the form.
 */
export async function submitStep(
  db: UserDb,
  online: boolean,
  queue: () => Promise<OutboxOp>,
  s: Settle,
  waitMs = ANSWER_WAIT_MS,
): Promise<boolean> {
  try {
    return await settleStep(await awaitAnswer(db, await queue(), online, waitMs), s);
  } catch (err) {
    toast.error(err instanceof Error ? err.message : (s.failed ?? VERIFY_MSG.submitFailed));
    return false;
  }
}
