// What a step screen says and where it goes once its submit is queued: the server's answer when it came in time,
// else "saved on this phone"; a refusal keeps the officer on the form, and an application rejection opens its page.
import type { OutboxOp } from '../db/types';
import { toast } from '../lib/toast';
import { isRejected, REJECTED_TOAST } from './rejection';
import { flowOfPath, stagePath } from './flow-context';

export const SAVED_OFFLINE = 'Saved on this phone. It will be sent when the phone is online.';

type Go = (to: { to: string; search: { id: string } }) => Promise<unknown>;
type Settle = { appId: string; navigate: Go; next: string; done: string; failed: string; failureText?: (message: string | undefined) => string | undefined };

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
    toast.error(s.failureText?.(message) ?? message ?? s.failed);
    return false;
  }
  toast.success(answered?.state === 'done' ? s.done : SAVED_OFFLINE);
  await s.navigate({ to: s.next, search: { id: s.appId } });
  return true;
}
