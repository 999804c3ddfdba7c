import { Hono } from 'hono';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { checkFileUrl, signFileUrl } from '../files/file-url-signer';
import { scopeUpload } from '../files/guest-file-scope';
import { uploadMany, uploadOne } from '../files/multipart-upload';
import { stripImageMetadata } from '../files/strip-metadata';
import { requireCaller } from '../middleware/session';
import { ok } from '../respond';

export const fileRoutes = new Hono<AppEnv>()
  .post('/v1/file/upload', async (c) => {
    const caller = requireCaller(c);
    const fileId = await uploadOne(c, caller, (meta) => scopeUpload(c.var.deps.db, caller, meta));
    return ok(c, { file_id: fileId, parsed_data: null });
  })
  .post('/v1/file/upload-captured-image', async (c) => {
    const caller = requireCaller(c);
    const fileId = await uploadOne(c, caller, (meta) => scopeUpload(c.var.deps.db, caller, meta), { imagesOnly: true });
    return ok(c, { file_id: fileId });
  })
  .post('/v1/file/bulk-upload', async (c) => {
    const caller = requireCaller(c);
    return ok(c, { files: await uploadMany(c, caller, (meta) => scopeUpload(c.var.deps.db, caller, meta)) });
  })
  .get('/v1/loan-application/presigned-url', async (c) => {
    const caller = requireCaller(c);
    const fileId = c.req.query('file_id') ?? '';
    // Our file ids are 32 hex characters: anything else (a NUL, a long string) is no file of ours.
    if (!/^[0-9a-f]{32}$/.test(fileId)) throw new ApiError(400, SERVER_MSG.invalidFileId);
    const { db, config } = c.var.deps;
    const [file] = await db.query<{ id: string; owner: string; application_id: string | null }>(
      'SELECT id, owner, application_id FROM files WHERE id=$1 AND tenant_id=$2',
      [fileId, caller.tenantId],
    );
    if (!file) throw new ApiError(404, SERVER_MSG.notFound);
    // Staff of the tenant may open any of its files; a guest what it uploaded itself and the files of its own
    // application (uploaded under an earlier guest token of the same visitor, on another day).
    const guestMay = file.owner === caller.subject || (caller.applicationId !== null && file.application_id === caller.applicationId);
    if (caller.kind !== 'staff' && !guestMay) throw new ApiError(403, SERVER_MSG.forbidden);
    return ok(c, { file_url: signFileUrl(config.fileUrlSecret, caller.tenantId, file.id, config.now().getTime(), config.fileUrlTtlS) });
  })
  .get('/v1/files/:fileId', async (c) => {
    const { db, config, files } = c.var.deps;
    const fileId = c.req.param('fileId');
    const verdict = checkFileUrl(config.fileUrlSecret, c.var.tenantId, fileId, c.req.query('exp'), c.req.query('sig'), config.now().getTime());
    if (verdict === 'expired') throw new ApiError(403, SERVER_MSG.linkExpired);
    if (verdict !== 'ok') throw new ApiError(403, SERVER_MSG.forbidden);
    const [row] = await db.query<{ mime: string; path: string }>(
      'SELECT mime, path FROM files WHERE id=$1 AND tenant_id=$2',
      [fileId, c.var.tenantId],
    );
    const bytes = row ? await files.get(row.path) : null;
    if (!row || !bytes) throw new ApiError(404, SERVER_MSG.notFound);
    const body = stripImageMetadata(row.mime, bytes);
    return new Response(new Uint8Array(body), {
      headers: {
        'Content-Type': row.mime,
        'Content-Length': String(body.length),
        'Cache-Control': 'private, no-store',
        'Content-Disposition': 'inline',
      },
    });
  });
