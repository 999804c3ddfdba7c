// A picked file is judged on this phone before it is stored or queued, by its bytes (an .exe renamed .jpg is
// not a photo) and its size (a 20 MB PDF would upload in full only to be refused). One clear reason, and nothing queued
// that can never pass: no broken preview, no 'location 0, 0' notice, no Retry.
import { type ACCEPTED_MIME, MAX_UPLOAD_BYTES_DEFAULT } from '../../contracts/files';
import { SERVER_MSG } from '../../contracts/messages';

export type SniffedType = (typeof ACCEPTED_MIME)[number];

/** The type a file's first bytes say it is (JPEG, PNG or PDF, what the server accepts), or null. */
export function sniffType(head: Uint8Array): SniffedType | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

/**
 * Why this file cannot be sent, or null. `types` narrows what the field takes (the business proof: PNG or PDF). Images
 * are downscaled before upload, so only what is sent as it is (a PDF, a PNG kept as PNG) is judged by its size here.
 */
export async function pickedFileRefusal(
  file: Blob,
  opts: { allowPdf?: boolean; maxBytes?: number; types?: readonly string[] } = {},
): Promise<string | null> {
  const type = sniffType(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
  if (!type || (type === 'application/pdf' && opts.allowPdf === false)) return SERVER_MSG.fileTypeNotAllowed;
  if (opts.types && !opts.types.includes(type)) return SERVER_MSG.fileTypeNotAllowed;
  const max = opts.maxBytes ?? MAX_UPLOAD_BYTES_DEFAULT;
  const asIs = type === 'application/pdf' || keptAsIs(type, opts.types);
  if (asIs && file.size > max) return SERVER_MSG.fileTooLarge(Math.round(max / (1024 * 1024)));
  return null;
}

/** A field that does not take JPEG keeps its PNG as PNG (the resize pass writes JPEG). */
export const keptAsIs = (type: string, types: readonly string[] | undefined) =>
  type === 'image/png' && !!types && !types.includes('image/jpeg');

/** Thrown by preparePhoto for a file that can never pass; its message is the reason to show. */
export class RefusedFile extends Error {}
