// The sandbox's simulated reading of an Aadhaar card's front (the upload answer's `parsed_data`, REQ-FILE-6, behind
// 'Aadhaar Front data prefilled', REQ-VER-4): no OCR, a deterministic synthetic identity per uploaded file, so the
// client's prefill works end to end. The full number is never returned (last 4 only), as on a masked card.
import { aadhaarIdentity } from '../fixtures/identities';
import { sha256Hex } from '../crypto-utils';
import type { Queryable } from '../db/db';

export const AADHAAR_FRONT_TYPES = new Set(['AADHAAR_FRONT', 'FAMILY_AADHAAR_FRONT']);

export type AadhaarFrontReading = { name: string; dob: string; gender: string; aadhaar_last4: string };

export function readAadhaarFront(fileId: string): AadhaarFrontReading | null {
  const seed = Number.parseInt(sha256Hex(`aadhaar-front:${fileId}`).slice(0, 8), 16);
  const id = aadhaarIdentity(`synthetic:${seed % 4096}`);
  if (!id) return null;
  return { name: id.name, dob: id.dob, gender: id.gender, aadhaar_last4: String(seed % 10_000).padStart(4, '0') };
}

/** The upload answer's `parsed_data`: the reading for an Aadhaar front, null for any other file. */
export async function parsedDataFor(db: Queryable, tenantId: string, fileId: string): Promise<AadhaarFrontReading | null> {
  const [row] = await db.query<{ file_type: string | null }>('SELECT file_type FROM files WHERE id=$1 AND tenant_id=$2', [
    fileId,
    tenantId,
  ]);
  return row?.file_type && AADHAAR_FRONT_TYPES.has(row.file_type) ? readAadhaarFront(fileId) : null;
}
