// Maker-checker for deviations (anchor: Apache Fineract's maker-checker, where a command waits for a second person and
// the checker is never the maker). Pure, so the server's refusal and the phone's hidden buttons agree.
import type { Raiser } from './deviations';
import { msg } from './msg';

export const FOUR_EYES_MSG = {
  raisedIt: msg('You raised this deviation: another reviewer must decide it'),
  ownsIt: msg('This is your own application: another reviewer must decide its deviations'),
  unknownDecider: msg('Sign in as a reviewer to decide this deviation'),
} as const;

/**
 * Who may not decide a deviation, in the order the table reads: no known decider; the user whose write raised it (or
 * last changed what it is about); the application's owner (the initiating officer who created it). Null: may decide.
 */
export function fourEyesIssue(a: {
  deciderId: number | null | undefined;
  raisedBy?: Pick<Raiser, 'user_id'>;
  /** Writers of earlier changes the deviation still holds (a figures deviation amended by someone else). */
  earlierRaisers?: readonly number[];
  ownerId?: number | null;
}): string | null {
  if (a.deciderId === null || a.deciderId === undefined) return FOUR_EYES_MSG.unknownDecider;
  if (a.raisedBy?.user_id === a.deciderId || a.earlierRaisers?.includes(a.deciderId)) return FOUR_EYES_MSG.raisedIt;
  if (a.ownerId !== null && a.ownerId !== undefined && a.ownerId === a.deciderId) return FOUR_EYES_MSG.ownsIt;
  return null;
}
