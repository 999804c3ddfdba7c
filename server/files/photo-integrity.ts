// The server's own field-evidence checks on a visit photo, run as its file row is written. The phone's
// flags are never taken: the rules (contracts/photo-integrity.ts) run again here on what the phone said, the
// application's other photos of the same visit, the declared pincode and every photo hash of the lender.
import type { GeoTag } from '../../contracts/files';
import { NO_GEOTAG } from '../../contracts/files';
import { HASH_MATCH_MAX_DISTANCE } from '../../contracts/photo-hash';
import {
  addressFlags,
  EVIDENCE_LIMITS,
  type IntegrityFlag,
  photoFlags,
  uniqueFlags,
  type VisitPhoto,
  visitFlags,
} from '../../contracts/photo-integrity';
import type { Queryable } from '../db/db';
import { PINCODE_CENTRES } from '../fixtures/pincodes';
import { tenantById } from '../fixtures/tenants';
import type { FileMeta } from './file-meta';
import { candidateCondition } from './photo-hash-index';

/** 16 hex characters → the signed 64-bit integer PostgreSQL keeps (bigint), as text. */
export const hashToBigint = (hex: string) => BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();

/** Which visit a photo belongs to, by its file type: shop photos are the business place, house photos the residence. */
export function visitOf(fileType: string | null): 'business' | 'residence' | null {
  if (fileType?.startsWith('SHOP_')) return 'business';
  if (fileType?.startsWith('HOUSE_')) return 'residence';
  return null;
}

async function visitPhotos(q: Queryable, tenantId: string, appId: string, visit: 'business' | 'residence'): Promise<VisitPhoto[]> {
  const rows = await q.query<{ geo_tag: GeoTag | null; taken_at: string | null }>(
    `SELECT geo_tag, evidence->>'taken_at' AS taken_at FROM files
     WHERE tenant_id=$1 AND application_id=$2 AND evidence IS NOT NULL AND file_type LIKE $3`,
    [tenantId, appId, visit === 'business' ? 'SHOP\\_%' : 'HOUSE\\_%'],
  );
  return rows.filter((r) => r.geo_tag && r.taken_at).map((r) => ({ geo: r.geo_tag as GeoTag, taken_at: r.taken_at as string }));
}

/** The declared address's pincode: the business's for the business place (the borrower's when it has none), else the borrower's. */
async function pincodeCentre(q: Queryable, tenantId: string, appId: string, visit: 'business' | 'residence') {
  const [app] = await q.query<{ business_pincode: string | null; pincode: string | null }>(
    `SELECT data->'business_info'->>'business_pincode' AS business_pincode, data->>'pincode' AS pincode
     FROM applications WHERE tenant_id=$1 AND id=$2`,
    [tenantId, appId],
  );
  const pin = visit === 'business' ? (app?.business_pincode ?? app?.pincode) : app?.pincode;
  return (pin && PINCODE_CENTRES[pin]) || null;
}

/**
 * Photos of the lender's other applications with a hash this close (at most 5), found through the substring index
 * (photo-hash-index.ts) and kept only at the exact distance: the same rows a scan of every hash would give.
 */
export async function reusedIn(q: Queryable, tenantId: string, appId: string | null, hash: string) {
  const cand = candidateCondition(hash, HASH_MATCH_MAX_DISTANCE, 5);
  return q.query<{ id: string; application_id: string }>(
    `SELECT id, application_id FROM files
     WHERE tenant_id=$1 AND photo_hash IS NOT NULL AND application_id IS NOT NULL AND application_id IS DISTINCT FROM $2
       AND ${cand.sql} AND bit_count((photo_hash # $3::bigint)::bit(64)) <= $4
     ORDER BY created_at, id LIMIT 5`,
    [tenantId, appId, hashToBigint(hash), HASH_MATCH_MAX_DISTANCE, ...cand.params],
  );
}

/**
 * The flags of a new photo (an empty list for a file sent without evidence: documents, QR codes, the public flow).
 * Also returns the rows it duplicates, which `markReused` flags in turn once the new row exists, and the hash kept.
 */
export async function integrityFlagsFor(
  q: Queryable,
  tenantId: string,
  meta: FileMeta,
  serverHash: string | null = null,
  checked = meta.evidence !== null,
): Promise<{ flags: IntegrityFlag[]; reused: { id: string; application_id: string }[]; hash: string | null }> {
  const ev = meta.evidence;
  if (!ev && !checked) return { flags: [], reused: [], hash: null };
  if (!ev) {
    // A staff visit photo sent without evidence: flagged as such, and still put through the server's own checks that
    // need no word from the phone (the address and the reused-photo search on the stored bytes).
    const flags: IntegrityFlag[] = [{ flag: 'NO_EVIDENCE' }];
    const visit = visitOf(meta.file_type);
    if (meta.application_id && visit && meta.geo_tag)
      flags.push(...addressFlags(meta.geo_tag, await pincodeCentre(q, tenantId, meta.application_id, visit)));
    const reused = serverHash ? await reusedIn(q, tenantId, meta.application_id, serverHash) : [];
    for (const r of reused) flags.push({ flag: 'DUPLICATE_PHOTO', other_application_id: r.application_id });
    return { flags: uniqueFlags(flags), reused, hash: serverHash };
  }
  const geo = meta.geo_tag ?? NO_GEOTAG;
  const limit = tenantById(tenantId)?.photo_accuracy_m ?? EVIDENCE_LIMITS.defaultAccuracyM;
  const flags = photoFlags(geo, ev, limit);
  const visit = visitOf(meta.file_type);
  if (meta.application_id && visit) {
    flags.push(...visitFlags({ geo, taken_at: ev.taken_at }, await visitPhotos(q, tenantId, meta.application_id, visit)));
    flags.push(...addressFlags(geo, await pincodeCentre(q, tenantId, meta.application_id, visit)));
  }
  // Only the server's hash of the stored bytes is kept, searched both ways and marks the earlier photos. For what the
  // server cannot decode (a PNG, a corrupt or over-large JPEG) the phone's hash may flag the photo it came with and
  // nothing else: kept or marking others, it would let a tampered phone frame another application.
  const reused = serverHash ? await reusedIn(q, tenantId, meta.application_id, serverHash) : [];
  const claimed = !serverHash && ev.photo_hash ? await reusedIn(q, tenantId, meta.application_id, ev.photo_hash) : [];
  for (const r of [...reused, ...claimed]) flags.push({ flag: 'DUPLICATE_PHOTO', other_application_id: r.application_id });
  return { flags: uniqueFlags(flags), reused, hash: serverHash };
}

/** The earlier photos a new one repeats get DUPLICATE_PHOTO naming the new one's application (once). */
export async function markReused(q: Queryable, tenantId: string, appId: string | null, reused: readonly { id: string }[]) {
  if (!appId || reused.length === 0) return;
  const flag = JSON.stringify([{ flag: 'DUPLICATE_PHOTO', other_application_id: appId }]);
  await q.query(
    `UPDATE files SET integrity_flags = integrity_flags || $3::jsonb
     WHERE tenant_id=$1 AND id = ANY($2::text[]) AND NOT integrity_flags @> $3::jsonb`,
    [tenantId, reused.map((r) => r.id), flag],
  );
}
