// One 'Verify' for every checked field (borrower, co-applicant, bank account): the field's own rules,
// then the format check with its plain message beside the field, then the check is queued, and an edit of a value this
// form queued that has not been sent yet takes the place of its check (the server never checks the typo).
import { useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { whileBusy } from '../lib/busy-store';
import { toast } from '../lib/toast';
import { useOnline } from '../lib/use-online';
import { useSyncRuntime } from '../sync/sync-runtime';
import { waitForOp } from '../sync/wait-for-op';
import { type CheckedField, checkAnnouncement, checkFormatProblem, enqueueCheck, queuedCheckFor } from '../ops/verification-ops';

/** How long a check asked for online is waited for (behind the loading overlay) before it is left to the queue. */
export const CHECK_WAIT_MS = 15_000;

type Extra = { ifsc?: string; phone?: string };

/**
 * `sent(field)` is the value the application already holds for the field (what an earlier visit of this form queued),
 * `also` the other fields the check needs valid (the bank's IFSC). Resolves to the queued op, or null when nothing was
 * queued (a rule or the format check failed, and the field says why).
 */
export function useCheckVerify<F extends FieldValues>(
  db: UserDb | null | undefined,
  appId: string,
  form: UseFormReturn<F>,
  sent: (field: CheckedField) => string | undefined = () => undefined,
) {
  const [queued, setQueued] = useState<Partial<Record<CheckedField, string>>>({});
  const online = useOnline();
  // Only a phone whose sync engine runs gets answers to wait for (a form used without one, e.g. in isolation, does not).
  const engine = useSyncRuntime() !== null;
  return async (field: CheckedField & Path<F>, extra: Extra = {}, also: Path<F>[] = []): Promise<OutboxOp | null> => {
    if (!db || !(await form.trigger([field, ...also]))) return null;
    const value = String((form.getValues(field) as PathValue<F, Path<F>> | undefined) ?? '');
    const problem = checkFormatProblem(field, value);
    if (problem) {
      form.setError(field, { message: problem }, { shouldFocus: true });
      return null;
    }
    // Read at the tap, not from a live query's last render: a check the engine took for sending is not replaced.
    const ops = await db.outbox.where('appId').equals(appId).toArray();
    const replaces = queuedCheckFor(ops, appId, field, [queued[field], sent(field)]);
    const op = await enqueueCheck(db, appId, field, value, Date.now(), { ...extra, replaces });
    setQueued((q) => ({ ...q, [field]: String((op.body as Record<string, unknown>)[field]) }));
    // Online the officer waits for the answer (a direct call of the specification) and is told it, success included.
    if (online && engine) {
      const said = checkAnnouncement(field, await whileBusy(waitForOp(db, op.id, CHECK_WAIT_MS)));
      if (said) toast[said.kind](said.text, { toastId: said.id });
    }
    return op;
  };
}
