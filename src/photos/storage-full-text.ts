// What the officer reads when a photo or document does not fit on the phone. Said beside the field that
// did not save (a toast is gone in 4 s, and the officer may be looking at the camera), naming what was not saved,
// that nothing saved before is lost, and the two things that free room: sending what waits, removing what is not needed.
import { StorageFullError } from '../db/storage-errors';
import { t } from '../i18n';

export const notSavedText = (what: string) =>
  t(
    'This phone is full: the {what} was not saved. Everything saved before is safe. Send what is waiting when you are online (Sync), or clear photos and drafts you no longer need, then add it again.',
    { what },
  );

/** The text for a failed save of `what`, or null when the failure is not a full phone. */
export const fullPhoneText = (err: unknown, what: string): string | null => (err instanceof StorageFullError ? notSavedText(what) : null);
