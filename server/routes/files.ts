import { Hono } from 'hono';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { parsedDataFor } from '../files/aadhaar-front-reading';
import { checkFileUrl, signFileUrl } from '../files/file-url-signer';
import { scopeUpload } from '../services/upload-scope';
import { uploadMany, uploadOne } from '../files/multipart-upload';
import { stripImageMetadata } from '../files/strip-metadata';
import { authorizeInService } from '../middleware/authorize';
import { requireCaller } from '../middleware/session';
import { ok } from '../respond';
import { recordAccess, recordFileBytes } from '../services/access-log';
import { assertStaffMayOpen } from '../services/file-access';
import { concat, toWebStream } from '../storage/file-store';

/** Images lose their locating metadata on the way out, so they are read whole; anything else is streamed. */
const STRIPPED = new Set(['image/jpeg', 'image/png', 'image/webp']);

export const fileRoutes = new Hono<AppEnv>()
  .post('/v1/file/upload', authorizeInService('files.attach', 'staff or guest'), async (c) => {
    const caller = requireCaller(c);
    const fileId = await uploadOne(c, caller, (meta) => scopeUpload(c.var.deps.db, caller, meta));
    return ok(c, { file_id: fileId, parsed_data: await parsedDataFor(c.var.deps.db, caller.tenantId, fileId) });
  })
  .post('/v1/file/upload-captured-image', authorizeInService('files.attach', 'staff or guest'), async (c) => {
    const caller = requireCaller(c);
    const fileId = await uploadOne(c, caller, (meta) => scopeUpload(c.var.deps.db, caller, meta), { imagesOnly: true });
    return ok(c, { file_id: fileId });
  })
  .post('/v1/file/bulk-upload', authorizeInService('files.attach', 'staff or guest'), async (c) => {
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
    // Staff open what they uploaded and the files of the applications their scope reaches (404 outside their branch,
    // 403 another officer's); a guest what it uploaded itself and the files of its own application (uploaded under an
    // earlier guest token of the same visitor, on another day).
    const own = file.owner === caller.subject;
    if (caller.kind === 'staff' && !own) await assertStaffMayOpen(db, caller, file.application_id);
    const guestMay = own || (caller.applicationId !== null && file.application_id === caller.applicationId);
    if (caller.kind !== 'staff' && !guestMay) throw new ApiError(403, SERVER_MSG.forbidden);
    const now = config.now();
    await recordAccess(db, caller, { applicationId: file.application_id, action: 'file.url', fileId: file.id }, now);
    return ok(c, {
      file_url: signFileUrl(config.fileUrlSecret, caller.tenantId, file.id, now.getTime(), config.fileUrlTtlS, caller.subject),
    });
  })
  .get('/v1/files/:fileId', async (c) => {
    const { db, config, files } = c.var.deps;
    const fileId = c.req.param('fileId');
    const verdict = checkFileUrl(
      config.fileUrlSecret,
      c.var.tenantId,
      fileId,
      c.req.query('exp'),
      c.req.query('sig'),
      config.now().getTime(),
      c.req.query('by') ?? '',
    );
    if (verdict === 'expired') throw new ApiError(403, SERVER_MSG.linkExpired);
    if (verdict !== 'ok') throw new ApiError(403, SERVER_MSG.forbidden);
    const [row] = await db.query<{ mime: string; path: string; size: number }>(
      'SELECT mime, path, size FROM files WHERE id=$1 AND tenant_id=$2',
      [fileId, c.var.tenantId],
    );
    const pieces = row ? await files.open(row.path) : null;
    if (!row || !pieces) throw new ApiError(404, SERVER_MSG.notFound);
    await recordFileBytes(db, c.var.tenantId, fileId, c.req.query('by') ?? '', config.now());
    const headers = { 'Content-Type': row.mime, 'Cache-Control': 'private, no-store', 'Content-Disposition': 'inline' };
    if (!STRIPPED.has(row.mime)) {
      // PDFs go out as stored, piece by piece from whichever store holds them.
      return new Response(toWebStream(pieces), { headers: { ...headers, 'Content-Length': String(row.size) } });
    }
    const chunks: Uint8Array[] = [];
    for await (const p of pieces) chunks.push(p);
    const body = stripImageMetadata(row.mime, concat(chunks));
    return new Response(new Uint8Array(body), { headers: { ...headers, 'Content-Length': String(body.length) } });
  });
