// GET /v1/app/mfi/{id}/files (staff): the documents and photos uploaded for one application, with the geotag each
// carried at upload; the bytes stay behind presigned URLs (src/api/files/presigned-url.ts).
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { mainCall } from '../http';

export const ApplicationFile = v.looseObject({
  file_id: v.string(),
  file_type: v.nullish(v.string()),
  mime: v.nullish(v.string()),
  geo_tag: v.nullish(v.unknown()),
  created_at: v.nullish(v.string()),
});
export type ApplicationFile = v.InferOutput<typeof ApplicationFile>;
export const ApplicationFilesAnswer = envelope(v.object({ files: v.array(ApplicationFile) }));

export const listApplicationFiles = (id: string, signal?: AbortSignal) =>
  mainCall(ApplicationFilesAnswer, `/v1/app/mfi/${id}/files`, { silent: true, blocking: false, signal });
