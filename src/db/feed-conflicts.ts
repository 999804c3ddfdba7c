// A server change that a queued op can no longer go on top of: the application left the officer's work (another
// branch or owner, deleted) or was decided meanwhile (a deviation decided by someone else, the loan sanctioned or
// rejected). The phone never overwrites what was typed: it keeps the ops and says so as a "needs you" item
// (src/forms/needs-you.ts reads these), which clears once the application has nothing queued.
import { DEVIATION_MSG } from '../../contracts/deviations';
import type { FeedChange } from '../../contracts/change-feed';
import { isGone } from '../../contracts/change-feed';
import type { OutboxOp } from './types';
import { msg } from '../../contracts/msg';

export const FEED_CONFLICTS_META = 'feed-conflicts';
export const CONFLICT_TEXT = {
  gone: msg('This application has left your work (moved or reassigned): the steps saved on this phone cannot be sent'),
  finished: msg('This loan was decided meanwhile: the steps saved on this phone cannot change it'),
  deviation: DEVIATION_MSG.decided,
} as const;

export type FeedConflict = { appId: string; opId: string | null; kind: keyof typeof CONFLICT_TEXT; what: string };
/** By application id: what the last change of each application found against its queued ops. */
export type FeedConflicts = Record<string, FeedConflict[]>;

const DECISION_KIND = 'application.deviation-decision';
/** Checks read the server and do not change the application: they go on whatever it became. */
const isCheck = (op: OutboxOp) => op.kind.startsWith('verify.');

type Dev = { type?: string; status?: string };
const devs = (x: unknown): Dev[] => (Array.isArray(x) ? (x as Dev[]) : []);

/** The status the server now gives the deviation a queued decision is about. */
function deviationStatus(change: Exclude<FeedChange, { gone: true }>, body: { type?: string; record_id?: string }): string | undefined {
  const app = change.application as Record<string, unknown>;
  const bank = (app.bank_account as { deviations?: unknown } | undefined)?.deviations;
  const co = change.co_applicants.find((c) => c.id === body.record_id)?.deviations;
  const pool = body.record_id ? devs(co) : [...devs(app.deviations), ...devs(bank)];
  return pool.find((d) => d.type === body.type)?.status;
}

/** The conflicts of one change against the application's ops still to go (none when nothing is queued). */
export function conflictsOf(change: FeedChange, queued: readonly OutboxOp[]): FeedConflict[] {
  const appId = change.application_id;
  const writes = queued.filter((o) => !isCheck(o));
  if (writes.length === 0) return [];
  if (isGone(change)) {
    const kind = change.reason === 'finished' ? 'finished' : 'gone';
    return [{ appId, opId: null, kind, what: CONFLICT_TEXT[kind] }];
  }
  const app = change.application as { sanctioned?: unknown; approval_checks?: { decision?: unknown } };
  if (app.sanctioned === true || app.approval_checks?.decision === 'REJECTED')
    return [{ appId, opId: null, kind: 'finished', what: CONFLICT_TEXT.finished }];
  return writes
    .filter((o) => o.kind === DECISION_KIND)
    .filter((o) => {
      const status = deviationStatus(change, (o.body ?? {}) as { type?: string; record_id?: string });
      return status !== undefined && status !== 'PENDING';
    })
    .map((o) => ({ appId, opId: o.id, kind: 'deviation' as const, what: CONFLICT_TEXT.deviation }));
}
