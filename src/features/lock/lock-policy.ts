// When the app locks itself: after `background` minutes out of sight or `idle` minutes without a touch or key
// (per tenant: idle_lock_minutes, background_lock_minutes); and how many wrong PINs are allowed before the phone's copy
// of the officer's work is erased. Pure, table-tested.
import { t } from '../../i18n';

export const MAX_WRONG_PINS = 5;

export type LockTimes = { idleMinutes: number; backgroundMinutes: number };
export const DEFAULT_LOCK_TIMES: LockTimes = { idleMinutes: 15, backgroundMinutes: 5 };

/** Should the page lock now? `hiddenSince` is when the page went out of sight (null while visible). */
export function shouldLock(now: number, lastActivity: number, hiddenSince: number | null, t: LockTimes): boolean {
  if (hiddenSince !== null && now - hiddenSince >= t.backgroundMinutes * 60_000) return true;
  return now - lastActivity >= t.idleMinutes * 60_000;
}

/** What the unlock screen says after `failed` wrong PINs in a row (null: nothing yet). */
export function wrongPinMessage(failed: number, unsent: number): string | null {
  if (failed <= 0) return null;
  const left = MAX_WRONG_PINS - failed;
  if (left <= 0) return null;
  if (left === 1) {
    return unsent > 0
      ? t(
          "Wrong PIN. One more wrong PIN erases this phone's copy of your work: {unsent, plural, one {# item} other {# items}} not yet sent will be lost. Work already sent is safe on the server.",
          { unsent },
        )
      : t("Wrong PIN. One more wrong PIN erases this phone's copy of your work. Everything is sent, so nothing will be lost.");
  }
  return t('Wrong PIN. {left} tries left.', { left });
}
