import * as v from 'valibot';
import { GeoTag } from './files';
import { PhotoEvidence } from './photo-integrity';

/** Chunked, resumable upload (sandbox extension, docs/api.md). */
export const CreateUploadRequest = v.object({
  file_name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  mime_type: v.picklist(['image/jpeg', 'image/png', 'application/pdf']),
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  file_type: v.optional(v.nullable(v.string())),
  application_id: v.optional(v.nullable(v.string())),
  upload_type: v.optional(v.nullable(v.string())),
  name_prefix: v.optional(v.nullable(v.string())),
  record_index: v.optional(v.nullable(v.number())),
  geo_tag: v.optional(v.nullable(v.union([GeoTag, v.string()]))),
  evidence: v.optional(v.nullable(v.union([PhotoEvidence, v.string()]))),
});
export type CreateUploadRequest = v.InferOutput<typeof CreateUploadRequest>;

export const UPLOAD_OFFSET_HEADER = 'upload-offset';
