import { type Context, Hono } from 'hono';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { checkUpload } from '../files/check-upload';
import { parseFileMeta } from '../files/file-meta';
import { checkFileUrl, signFileUrl } from '../files/file-url-signer';
import { saveFile } from '../files/save-file';
import { safeFileName } from '../files/safe-name';
import { stripImageMetadata } from '../files/strip-metadata';
import { requireCaller } from '../middleware/session';
import { ok } from '../respond';

type Fields = Record<string, string | File | (string | File)[]>;

const single = (v: Fields[string] | undefined) => (Array.isArray(v) ? v[0] : v);
const fileList = (v: Fields[string] | undefined): File[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is File => typeof x !== 'string');
const scalars = (fields: Fields) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, single(v)]));

async function readForm(c: Context<AppEnv>): Promise<Fields> {
  try {
    return (await c.req.parseBody({ all: true })) as Fields;
  } catch {
    throw new ApiError(400, SERVER_MSG.fileMissing);
  }
}

async function checked(file: File, maxMb: number) {
  if (file.size > maxMb * 1024 * 1024) throw new ApiError(413, SERVER_MSG.fileTooLarge(maxMb));
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { bytes, type: checkUpload(bytes, maxMb), name: safeFileName(file.name || 'file') };
}

export const fileRoutes = new Hono<AppEnv>()
  .post('/v1/file/upload', async (c) => {
    const caller = requireCaller(c);
    const fields = await readForm(c);
    const [file] = fileList(fields.file);
    if (!file) throw new ApiError(400, SERVER_MSG.fileMissing);
    const meta = parseFileMeta(scalars(fields));
    const f = await checked(file, c.var.deps.config.maxUploadMb);
    const fileId = await saveFile(c.var.deps, caller, f.bytes, f.type, f.name, meta);
    return ok(c, { file_id: fileId, parsed_data: null });
  })
  .post('/v1/file/upload-captured-image', async (c) => {
    const caller = requireCaller(c);
    const fields = await readForm(c);
    const [file] = fileList(fields.file);
    if (!file) throw new ApiError(400, SERVER_MSG.fileMissing);
    const meta = parseFileMeta(scalars(fields));
    const f = await checked(file, c.var.deps.config.maxUploadMb);
    if (f.type.mime === 'application/pdf') throw new ApiError(415, SERVER_MSG.fileTypeNotAllowed);
    const fileId = await saveFile(c.var.deps, caller, f.bytes, f.type, f.name, meta);
    return ok(c, { file_id: fileId });
  })
  .post('/v1/file/bulk-upload', async (c) => {
    const caller = requireCaller(c);
    const fields = await readForm(c);
    const files = fileList(fields.files);
    if (files.length === 0 || files.length > 20) throw new ApiError(400, SERVER_MSG.fileMissing);
    const meta = parseFileMeta(scalars(fields));
    // All files are checked before any is stored: one bad file refuses the whole request.
    const all = [];
    for (const file of files) all.push(await checked(file, c.var.deps.config.maxUploadMb));
    const out = [];
    for (const f of all) out.push({ file_id: await saveFile(c.var.deps, caller, f.bytes, f.type, f.name, meta), name: f.name });
    return ok(c, { files: out });
  })
  .get('/v1/loan-application/presigned-url', async (c) => {
    const caller = requireCaller(c);
    const fileId = c.req.query('file_id') ?? '';
    const { db, config } = c.var.deps;
    const [file] = await db.query<{ id: string; owner: string }>(
      'SELECT id, owner FROM files WHERE id=$1 AND tenant_id=$2',
      [fileId, caller.tenantId],
    );
    if (!file) throw new ApiError(404, SERVER_MSG.notFound);
    // Staff of the tenant may open any of its files; a guest only what it uploaded itself.
    if (caller.kind !== 'staff' && file.owner !== caller.subject) throw new ApiError(403, SERVER_MSG.forbidden);
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
