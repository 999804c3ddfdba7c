// The one place that maps a staff designation to the product role (REQ-ROLE-1).
// Switch a reading here and nowhere else; docs/decisions.md records why.
import type { Designation, ProfileRole } from './enums';

/**
 * HEAD_OFFICE reads every application of its tenant, every branch, and writes none: no row of contracts/authority.ts
 * names it. The branch roles see their own branch only (server/services/staff-scope.ts).
 */
export type ProductRole = 'INITIATING_OFFICER' | 'REVIEW' | 'VERIFICATION' | 'HEAD_OFFICE';

export const DESIGNATION_ROLE: Readonly<Record<Designation, ProductRole>> = {
  RELATIONSHIP_OFFICER: 'INITIATING_OFFICER',
  BRANCH_CREDIT_MANAGER: 'REVIEW',
  BRANCH_MANAGER: 'VERIFICATION',
  HEAD_OFFICE_RISK: 'HEAD_OFFICE',
};

/** A user whose role is not AGENT and whose designation is unknown has no product role. */
export function productRoleOf(role: ProfileRole | string | undefined, designation: string | null | undefined): ProductRole | null {
  if (role === 'AGENT') return 'INITIATING_OFFICER';
  if (designation && designation in DESIGNATION_ROLE) return DESIGNATION_ROLE[designation as Designation];
  return null;
}
