// REQ-VER-4 'Aadhaar Front data prefilled': when the upload of an Aadhaar front answers a reading
// (REQ-FILE-6 `parsed_data`; the sandbox simulates one), the form's empty identity fields take it, once per file.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import type { UserDb } from '../db/user-db';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';
import { toast } from '../lib/toast';

export const AADHAAR_FRONT_PREFILLED = msg('Aadhaar Front data prefilled');

export type AadhaarFrontReading = { name?: string; dob?: string; gender?: string; aadhaar_last4?: string };

/** The reading the upload of this local file answered, or null (not uploaded yet, or nothing read). */
export async function aadhaarFrontReading(db: UserDb, fileId: string): Promise<AadhaarFrontReading | null> {
  const ops = await db.outbox.where('fileId').equals(fileId).toArray();
  const done = ops.find((o) => o.state === 'done');
  const parsed = (done?.result as { data?: { parsed_data?: unknown } } | undefined)?.data?.parsed_data;
  return parsed && typeof parsed === 'object' ? (parsed as AadhaarFrontReading) : null;
}

/** `fill` sets what is still empty and says whether it set anything; the toast shows only then. */
export function useAadhaarFrontPrefill(db: UserDb | null, fileId: string | null | undefined, fill: (r: AadhaarFrontReading) => boolean) {
  const reading = useLiveQuery(async () => (db && fileId ? aadhaarFrontReading(db, fileId) : null), [db, fileId], null);
  const used = useRef<string | null>(null);
  const fillRef = useRef(fill);
  fillRef.current = fill;
  useEffect(() => {
    if (!reading || !fileId || used.current === fileId) return;
    used.current = fileId;
    if (fillRef.current(reading)) toast.success(t(AADHAAR_FRONT_PREFILLED));
  }, [reading, fileId]);
}
