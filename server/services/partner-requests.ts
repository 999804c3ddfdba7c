import { PARTNER_MSG, type PartnerRequest, type PartnerStatus, partnerFileIds } from '../../contracts/partner';
import { ApiError } from '../api-error';
import type { Deps } from '../app-env';
import { randomHex } from '../crypto-utils';
import type { FileOwner } from '../files/save-file';

// Partner requests ('Join us', migration 008): a public visitor's registration, its tracker id, and tracking by mobile.
// docs/workflow.md "Partner requests".

/** Owner of the documents uploaded through POST /v1/join-us/upload-file (no token: they belong to no caller). */
export const JOIN_US_OWNER = 'join-us';
export const joinUsOwner = (tenantId: string): FileOwner => ({ tenantId, subject: JOIN_US_OWNER });

const partnerTrackerId = () => `PTR${randomHex(5).toUpperCase()}`;
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Stores a validated request: every document a join-us upload of this tenant (400 'File not found…'), no other open
 * request (SUBMITTED or UNDER_REVIEW) of the mobile on this tenant (409), then status SUBMITTED and a new tracker id.
 */
export async function submitPartnerRequest(
  deps: Deps,
  tenantId: string,
  r: PartnerRequest,
): Promise<{ tracker_id: string; status: PartnerStatus }> {
  const now = deps.config.now().toISOString();
  return deps.db.tx(async (q) => {
    const ids = [...new Set(partnerFileIds(r))];
    const found = await q.query<{ id: string }>('SELECT id FROM files WHERE tenant_id=$1 AND owner=$2 AND id = ANY($3::text[])', [
      tenantId,
      JOIN_US_OWNER,
      ids,
    ]);
    if (found.length !== ids.length) throw new ApiError(400, PARTNER_MSG.fileNotFound);
    const [row] = await q.query<{ tracker_id: string; status: PartnerStatus }>(
      `INSERT INTO partner_requests (id, tenant_id, tracker_id, mobile, status, data, created_at, updated_at)
       VALUES ($1,$2,$3,$4,'SUBMITTED',$5::jsonb,$6::timestamptz,$6::timestamptz)
       ON CONFLICT (tenant_id, mobile) WHERE status IN ('SUBMITTED', 'UNDER_REVIEW') DO NOTHING
       RETURNING tracker_id, status`,
      [randomHex(16), tenantId, partnerTrackerId(), r.mobile, JSON.stringify(r), now],
    );
    if (!row) throw new ApiError(409, PARTNER_MSG.alreadyOpen);
    return row;
  });
}

type TrackRow = { tracker_id: string; status: PartnerStatus; created_at: Date | string; updated_at: Date | string };

/** The mobile's requests on this tenant, newest first (at most 10): tracker id, status and times only. 404 when none. */
export async function trackPartnerRequests(deps: Deps, tenantId: string, mobile: string) {
  const rows = await deps.db.query<TrackRow>(
    `SELECT tracker_id, status, created_at, updated_at FROM partner_requests WHERE tenant_id=$1 AND mobile=$2
     ORDER BY created_at DESC, tracker_id LIMIT 10`,
    [tenantId, mobile],
  );
  if (!rows[0]) throw new ApiError(404, PARTNER_MSG.notFound);
  return trackAnswer(rows);
}

/** One request by the id shown on success, on this tenant only; the same answer's shape. 404 when none. */
export async function trackPartnerRequest(deps: Deps, tenantId: string, trackerId: string) {
  const rows = await deps.db.query<TrackRow>(
    'SELECT tracker_id, status, created_at, updated_at FROM partner_requests WHERE tenant_id=$1 AND tracker_id=$2',
    [tenantId, trackerId],
  );
  if (!rows[0]) throw new ApiError(404, PARTNER_MSG.trackerNotFound);
  return trackAnswer(rows);
}

function trackAnswer(rows: TrackRow[]) {
  const latest = rows[0]!;
  return {
    message: PARTNER_MSG.status(latest.tracker_id, latest.status),
    requests: rows.map((x) => ({
      tracker_id: x.tracker_id,
      status: x.status,
      created_at: iso(x.created_at),
      updated_at: iso(x.updated_at),
    })),
  };
}
