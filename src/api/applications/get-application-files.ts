import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { GeoTag } from '../../../contracts/files';
import { IntegrityFlag } from '../../../contracts/photo-integrity';
import { mainCall } from '../http';

/** GET /v1/app/mfi/{id}/files (staff): the application's uploads with the geotag and the server's integrity flags. */
export const ApplicationFile = v.object({
  file_id: v.string(),
  file_type: v.nullable(v.string()),
  geo_tag: v.nullable(GeoTag),
  created_at: v.string(),
  integrity_flags: v.optional(v.array(IntegrityFlag), []),
});
export type ApplicationFile = v.InferOutput<typeof ApplicationFile>;
export const ApplicationFilesResponse = envelope(v.object({ files: v.array(ApplicationFile) }));

export const getApplicationFiles = (appId: string) =>
  mainCall(ApplicationFilesResponse, `/v1/app/mfi/${appId}/files`, { silent: true, blocking: false });
