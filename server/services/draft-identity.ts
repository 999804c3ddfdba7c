import { VERIFY_SERVER_MSG } from '../../contracts/verification';
import { ApiError } from '../api-error';
import { type AppRow, verifiedName } from './application-store';

// Once the borrower form is submitted (BORROWER_INFO) the identity it carries was verified: a draft write may not put an
// unverified PAN or voter id in its place (the KYC step would run the bureau on it), nor change the name the name
// match ran over; both go back through the checks and the borrower submit, which verifies and matches them.

const str = (x: unknown) => (typeof x === 'string' ? x : undefined);

/** 409 (the borrower submit's words) when a draft patch changes the submitted identity to one not verified for the application. */
export function assertDraftIdentity(app: AppRow, patch: Record<string, unknown>): void {
  if (!app.stages.includes('BORROWER_INFO')) return;
  const changed = (k: string) => Object.hasOwn(patch, k) && patch[k] !== app.data[k];
  const unverified = (k: 'pan' | 'voter_id') => changed(k) && verifiedName(app.data, k, str(patch[k]) ?? '') === undefined;
  if (unverified('pan') || unverified('voter_id') || changed('name')) throw new ApiError(409, VERIFY_SERVER_MSG.notVerified);
}

/** 409 unless the stored PAN and voter id are ones verified for the application (the KYC step runs the bureau on them). */
export function assertStoredIdentityVerified(app: AppRow): void {
  const ok = (k: 'pan' | 'voter_id') => {
    const value = str(app.data[k]);
    return value !== undefined && verifiedName(app.data, k, value) !== undefined;
  };
  if (!ok('pan') || !ok('voter_id')) throw new ApiError(409, VERIFY_SERVER_MSG.notVerified);
}
