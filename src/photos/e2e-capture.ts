// e2e and bench builds only (VITE_E2E_HOOKS=1; src/app/officer-runtime.tsx loads this module only there): the photo
// field's own store path, callable from page script, for the bulk of a benchmark's week (bench/week-capture.ts). The
// file goes through the same steps as a pick: the resize pipeline (type check, EXIF geotag, worker resize), then one
// transaction that stores it sealed and queues its upload. Write-only: nothing decrypted comes back to page script.
import type { UserDb } from '../db/user-db';
import { preparePhoto } from './prepare-photo';
import { type PhotoTarget, queuePhoto } from './queue-photo';

declare global {
  var __floCapture: ((target: PhotoTarget, file: File) => Promise<string>) | undefined;
}

export function exposeCapture(db: UserDb) {
  globalThis.__floCapture = async (target, file) => queuePhoto(db, target, await preparePhoto(file, 'picked'));
}
