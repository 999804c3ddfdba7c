import type { Verifications } from '../../contracts/verification';
import { ApiError } from '../api-error';
import { randomHex } from '../crypto-utils';
import type { Queryable } from '../db/db';
import { type AccessCaller, assertMayReach } from './application-access';
import { assertInScope, staffScopeOf } from './staff-scope';

// The applications table as the routes share it: the row, how it is shown, loading one of the caller's tenant,
// and the server-owned verification records kept in `data.verifications`.

export type AppRow = {
  id: string;
  tenant_id: string;
  owner_user_id: number | null;
  phone: string;
  status: string;
  stages: string[];
  data: Record<string, unknown>;
  tracker_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** 'staff' (an officer's, owner_user_id set) or 'public' (started by a visitor's OTP, no staff owner). */
  origin: 'staff' | 'public';
  /** The office the application belongs to: its creating officer's branch; a public one the first branch ('B1'). */
  branch_id: string;
};

export const APP_COLUMNS =
  'id, tenant_id, owner_user_id, phone, status, stages, data, tracker_id, created_at, updated_at, origin, branch_id';
export const APP_NOT_FOUND = 'Application not found';

const iso = (d: Date | string) => new Date(d).toISOString();

/** External loan id shown to the borrower (REQ-PUB-2 tracker_id). */
export const trackerId = () => `FLO${randomHex(5).toUpperCase()}`;

export const verificationsOf = (data: Record<string, unknown>): Verifications =>
  data.verifications && typeof data.verifications === 'object' ? (data.verifications as Verifications) : {};

/** True only while the mobile verified by validation OTP is still the application's phone. */
export const isPhoneVerified = (r: Pick<AppRow, 'phone' | 'data'>) =>
  r.data.is_phone_verified === true && verificationsOf(r.data).phone?.value === r.phone;

/** The record as the client sees it: stored data flattened, columns win. */
export function toApplication(r: AppRow) {
  return {
    ...r.data,
    id: r.id,
    phone: r.phone,
    status: r.status,
    stages: r.stages,
    tracker_id: r.tracker_id,
    owner_user_id: r.owner_user_id,
    origin: r.origin,
    branch_id: r.branch_id,
    is_phone_verified: isPhoneVerified(r),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/**
 * An application of the caller's tenant that the caller reaches, else 404: a guest only its own (403 before any
 * lookup), staff what their scope reaches (server/services/staff-scope.ts: 404 outside their branch, 403 another
 * officer's). A bare `{ tenantId }` is the server's own lookup. `forUpdate` locks the row in a transaction.
 */
export async function loadApplication(q: Queryable, caller: AccessCaller, id: string, forUpdate = false): Promise<AppRow> {
  assertMayReach(caller, id);
  const [row] = await q.query<AppRow>(
    `SELECT ${APP_COLUMNS} FROM applications WHERE tenant_id=$1 AND id=$2${forUpdate ? ' FOR UPDATE' : ''}`,
    [caller.tenantId, id],
  );
  if (!row) throw new ApiError(404, APP_NOT_FOUND);
  const scope = await staffScopeOf(q, caller);
  if (scope) assertInScope(scope, row, APP_NOT_FOUND);
  return row;
}

/** Per-value maps of every PAN / voter id verified for the application (borrower and co-applicants): value → name. */
export const VERIFIED_MAPS = { pan: 'verified_pans', voter_id: 'verified_voter_ids' } as const;
export type VerifiedKind = keyof typeof VERIFIED_MAPS;

/**
 * The name a PAN / voter id was verified with on this application, or undefined when it never was. Reads the per-value
 * map; a record written before the maps existed falls back to the latest success in `verifications`.
 */
export function verifiedName(data: Record<string, unknown>, kind: VerifiedKind, value: string): string | undefined {
  const map = data[VERIFIED_MAPS[kind]];
  if (map && typeof map === 'object' && Object.hasOwn(map, value)) {
    const name = (map as Record<string, unknown>)[value];
    if (typeof name === 'string') return name;
  }
  const latest = verificationsOf(data)[kind];
  return latest?.value === value ? latest.name : undefined;
}
