import type { Deviation } from '../../contracts/deviations';
import { identityChanges, identityHeld, nextIdentityDeviations } from '../../contracts/identity-change';
import type { AppRow } from './application-store';

// The server side of contracts/identity-change.ts: after the hand-over, a borrower submit or draft write that changes
// who borrows (PAN, voter id, name, date of birth) or the loan (type, amount) is stored with an IDENTITY_CHANGE_DEVIATION
// in `data.identity_deviations`, a key no borrower write sets itself, so a resubmit can neither clear nor replace it.

export const identityDeviationsOf = (data: Record<string, unknown>): Deviation[] =>
  Array.isArray(data.identity_deviations) ? (data.identity_deviations as Deviation[]) : [];

/** The `data` patch for a write of the borrower's fields: none before the hand-over or when nothing it holds changes. */
export function heldIdentityPatch(app: AppRow, write: Readonly<Record<string, unknown>>): { identity_deviations?: Deviation[] } {
  if (!identityHeld(app.status)) return {};
  const changes = identityChanges(app.data, write);
  if (changes.length === 0) return {};
  return { identity_deviations: nextIdentityDeviations(identityDeviationsOf(app.data), changes) };
}
