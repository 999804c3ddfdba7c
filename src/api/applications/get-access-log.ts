import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { mainCall } from '../http';

/** GET /v1/app/mfi/{id}/access-log (review role of the branch, head office): who looked at the borrower's identity. */
export const AccessLogEntry = v.object({
  id: v.string(),
  at: v.string(),
  user_id: v.nullable(v.number()),
  user_name: v.nullable(v.string()),
  role: v.nullable(v.string()),
  action: v.string(),
  file_id: v.nullable(v.string()),
  fields: v.array(v.string()),
});
export type AccessLogEntry = v.InferOutput<typeof AccessLogEntry>;
export const AccessLogResponse = envelope(v.object({ entries: v.array(AccessLogEntry) }));

export const getAccessLog = (appId: string) =>
  mainCall(AccessLogResponse, `/v1/app/mfi/${appId}/access-log`, { silent: true, blocking: false });
