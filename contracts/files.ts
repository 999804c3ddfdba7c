import * as v from 'valibot';
import { envelope } from './envelope';

export const MAX_UPLOAD_BYTES_DEFAULT = 15 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;
export const ACCEPTED_MIME = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** Geotag sent as JSON text beside a photo: latitude 0 / longitude 0 when none was found. */
export const GeoTag = v.object({
  latitude: v.number(),
  longitude: v.number(),
  accuracy: v.optional(v.number()),
  captured_at: v.optional(v.string()),
  source: v.optional(v.picklist(['device', 'exif', 'none'])),
});
export type GeoTag = v.InferOutput<typeof GeoTag>;
export const NO_GEOTAG: GeoTag = { latitude: 0, longitude: 0, source: 'none' };

/** GET /v1/loan-application/presigned-url (REQ-FILE-6). */
export const PresignedUrlResponse = envelope(v.object({ file_url: v.string() }));

export const UploadResponse = envelope(
  v.object({ file_id: v.string(), parsed_data: v.optional(v.nullable(v.record(v.string(), v.unknown()))) }),
);
export type UploadResponse = v.InferOutput<typeof UploadResponse>;
