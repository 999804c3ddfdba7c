// The flags the phone can tell by itself about a visit photo it holds: the shared rules on its evidence, and
// the same picture among the other applications' photos on this phone. The server's flags replace these once sent.
import { EVIDENCE_LIMITS, type IntegrityFlag, photoFlags, uniqueFlags } from '../../contracts/photo-integrity';
import { cachedTenant } from '../api/tenant/apply-tenant';
import { appsWithSamePhoto } from '../db/photo-hashes';
import type { FileRow } from '../db/types';
import type { UserDb } from '../db/user-db';

/** Where the server's answer of GET /v1/app/mfi/{id}/files (with integrity_flags) is kept on the phone (lists table). */
export { evidenceKey as evidenceListKey } from '../db/feed-apply';

/** The lender's location accuracy limit for visit photos (metres). */
export const accuracyLimitM = () => cachedTenant()?.photo_accuracy_m ?? EVIDENCE_LIMITS.defaultAccuracyM;

export async function localFlags(
  db: UserDb,
  file: Pick<FileRow, 'geoTag' | 'evidence' | 'appId'>,
  limitM = accuracyLimitM(),
): Promise<IntegrityFlag[]> {
  if (!file.evidence) return [];
  const flags = photoFlags(file.geoTag, file.evidence, limitM);
  if (file.evidence.photo_hash && file.appId) {
    for (const other of await appsWithSamePhoto(db, file.appId, file.evidence.photo_hash))
      flags.push({ flag: 'DUPLICATE_PHOTO', other_application_id: other });
  }
  return uniqueFlags(flags);
}
