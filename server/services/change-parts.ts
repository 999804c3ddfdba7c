import type { FeedUpdate } from '../../contracts/change-feed';
import type { Caller } from '../app-env';
import type { Queryable } from '../db/db';
import { filesOfApplications } from './application-files';
import { type AppRow, toApplication } from './application-store';
import { CO_COLUMNS, type CoRow, toCoApplicant } from './co-applicants';
import { FM_COLUMNS, type FamilyRow, toFamilyMember } from './family-members';

// What the phone keeps of each application in a change-feed page, in the shapes of the whole-application reads
// (GET /v1/app/mfi/{id}, its co-applicant, family-member and files lists), loaded for the page at once.

function groupBy<T extends { application_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(r.application_id, [...(out.get(r.application_id) ?? []), r]);
  return out;
}

/** Loads the parts of `apps` (already checked readable); returns the whole change of one of them. */
export async function partsOfApplications(
  q: Queryable,
  caller: Caller,
  apps: readonly AppRow[],
): Promise<(row: AppRow) => Omit<FeedUpdate, 'seq'>> {
  const ids = apps.map((a) => a.id);
  const [co, family, files] =
    ids.length === 0
      ? [new Map<string, CoRow[]>(), new Map<string, FamilyRow[]>(), new Map()]
      : await Promise.all([
          q
            .query<CoRow>(
              `SELECT ${CO_COLUMNS} FROM co_applicants WHERE tenant_id=$1 AND application_id = ANY($2::text[]) AND status <> 'REPLACED'
               ORDER BY record_index, created_at, id`,
              [caller.tenantId, ids],
            )
            .then(groupBy),
          q
            .query<FamilyRow>(
              `SELECT ${FM_COLUMNS} FROM family_members WHERE tenant_id=$1 AND application_id = ANY($2::text[]) ORDER BY record_index, created_at, id`,
              [caller.tenantId, ids],
            )
            .then(groupBy),
          // The files list is a staff read: a visitor's phone keeps its own uploads.
          caller.kind === 'staff' ? filesOfApplications(q, caller.tenantId, ids) : Promise.resolve(new Map()),
        ]);
  return (row) => ({
    application_id: row.id,
    application: toApplication(row),
    co_applicants: (co.get(row.id) ?? []).map(toCoApplicant),
    family_members: (family.get(row.id) ?? []).map(toFamilyMember),
    files: files.get(row.id) ?? [],
  });
}
