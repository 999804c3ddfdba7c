import type { FeedFile } from '../../contracts/change-feed';
import type { Queryable } from '../db/db';

// The files uploaded for applications, as GET /v1/app/mfi/{id}/files and the change feed answer them: metadata and the
// geotag recorded at upload; the bytes stay behind presigned URLs.

/** File types that are pictures of an Aadhaar card (the borrower's, a co-applicant's or a family member's). */
const AADHAAR_IMAGE_TYPES = new Set(['AADHAAR_FRONT', 'AADHAAR_BACK']);

type FileRow = Omit<FeedFile, 'created_at' | 'masking_required'> & { application_id: string; created_at: Date | string };

/** The files of each application named, by application id, each list in upload order. */
export async function filesOfApplications(q: Queryable, tenantId: string, appIds: readonly string[]): Promise<Map<string, FeedFile[]>> {
  const out = new Map<string, FeedFile[]>(appIds.map((id) => [id, []]));
  if (appIds.length === 0) return out;
  const rows = await q.query<FileRow>(
    `SELECT application_id, id AS file_id, file_type, upload_type, mime, size, geo_tag, record_index, created_at, integrity_flags,
       evidence->>'capture' AS capture
     FROM files WHERE tenant_id=$1 AND application_id = ANY($2::text[]) ORDER BY created_at, id`,
    [tenantId, appIds],
  );
  for (const { application_id, ...r } of rows) {
    // Pictures of an Aadhaar card carry the full number: they are flagged for masking (docs/security.md).
    out.get(application_id)?.push({
      ...r,
      created_at: new Date(r.created_at).toISOString(),
      masking_required: AADHAAR_IMAGE_TYPES.has(String(r.file_type)),
    });
  }
  return out;
}
