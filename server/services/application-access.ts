import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Caller } from '../app-env';
import type { AppRow } from './application-store';

// Who reaches which application (docs/decisions.md "Public visitors"). Staff: any application of their tenant (the
// tenant check is in every query). A guest (public visitor): only the one application its OTP created or returned,
// `caller.applicationId`; any other id is 403, decided before the database is asked, so an id's existence never leaks.

/** What the check needs of a caller; a bare `{ tenantId }` (server-internal lookups) is not a guest. */
export type AccessCaller = Pick<Caller, 'tenantId'> & Partial<Pick<Caller, 'kind' | 'applicationId' | 'userId'>>;

export function assertMayReach(caller: AccessCaller, applicationId: string): void {
  if (caller.kind === 'guest' && caller.applicationId !== applicationId) throw new ApiError(403, SERVER_MSG.forbidden);
}

/**
 * Owner-only steps (borrower, KYC, co-applicants, family, business, employment, bank account POST): the officer who
 * created the application, or the visitor of its own public application. A public application has no staff owner.
 */
export function isOwner(caller: Pick<Caller, 'kind' | 'userId' | 'applicationId'>, app: Pick<AppRow, 'id' | 'owner_user_id'>): boolean {
  if (caller.kind === 'guest') return caller.applicationId === app.id;
  return app.owner_user_id !== null && app.owner_user_id === caller.userId;
}

export function assertOwner(caller: Pick<Caller, 'kind' | 'userId' | 'applicationId'>, app: Pick<AppRow, 'id' | 'owner_user_id'>): void {
  if (!isOwner(caller, app)) throw new ApiError(403, SERVER_MSG.forbidden);
}
