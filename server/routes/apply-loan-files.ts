import { Hono } from 'hono';
import { parsedDataFor } from '../files/aadhaar-front-reading';
import type { AppEnv } from '../app-env';
import { scopeUpload } from '../files/guest-file-scope';
import { uploadMany, uploadOne } from '../files/multipart-upload';
import { requireCaller } from '../middleware/session';
import { ok } from '../respond';

// The public visitor's uploads (REQ-FILE-6 POST /v1/apply-loan/upload-file, /v1/apply-loan/bulk-upload): the staff
// uploads' fields, checks and answers (docs/api.md), for a guest token only, and only for the guest's own application
// (`application_id` left out → that one; another id → 403). Staff use /v1/file/*.

const guest = (c: Parameters<typeof requireCaller>[0]) => requireCaller(c, ['guest']);

export const applyLoanFileRoutes = new Hono<AppEnv>()
  .post('/v1/apply-loan/upload-file', async (c) => {
    const caller = guest(c);
    const fileId = await uploadOne(c, caller, (meta) => scopeUpload(c.var.deps.db, caller, meta));
    return ok(c, { file_id: fileId, parsed_data: await parsedDataFor(c.var.deps.db, caller.tenantId, fileId) });
  })
  .post('/v1/apply-loan/bulk-upload', async (c) => {
    const caller = guest(c);
    return ok(c, { files: await uploadMany(c, caller, (meta) => scopeUpload(c.var.deps.db, caller, meta)) });
  });
