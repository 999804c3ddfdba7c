// A step held back for its checks says which ones still hold it (the reason beside Submit): a check queued
// offline (pending) or verified no longer does, so it is not named.
import { t } from '../i18n';
import { listInWords } from '../lib/format';

/** 'Verify the mobile number, PAN and voter ID to submit.' for the checks not yet passed, in order; null when none. */
export function verifyReason(checks: readonly (readonly [label: string, passed: boolean])[]): string | null {
  const missing = checks.filter(([, passed]) => !passed).map(([label]) => label);
  return missing.length ? t('Verify the {checks} to submit.', { checks: listInWords(missing) }) : null;
}
