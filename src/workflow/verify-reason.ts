// A step held back for its checks says which ones still hold it (the reason beside Submit): a check queued
// offline (pending) or verified no longer does, so it is not named.
import { listInWords } from '../lib/format';

/** 'Verify the mobile number, PAN and voter ID to submit.' for the checks not yet passed, in order; null when none. */
export function verifyReason(checks: readonly (readonly [label: string, passed: boolean])[]): string | null {
  const missing = checks.filter(([, passed]) => !passed).map(([label]) => label);
  return missing.length ? `Verify the ${listInWords(missing)} to submit.` : null;
}
