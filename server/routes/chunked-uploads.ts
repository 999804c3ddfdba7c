import { Hono } from 'hono';
import { SERVER_MSG } from '../../contracts/messages';
import { CreateUploadRequest, UPLOAD_OFFSET_HEADER } from '../../contracts/uploads';
import { ApiError } from '../api-error';
import type { AppEnv, Caller, Deps } from '../app-env';
import { randomHex } from '../crypto-utils';
import { checkUpload } from '../files/check-upload';
import { type FileMeta, parseFileMeta } from '../files/file-meta';
import { scopeUpload } from '../files/guest-file-scope';
import { fileKey, insertFileRow, visitPhotoHash } from '../files/save-file';
import { requireCaller } from '../middleware/session';
import { concat, readAll, unlessCommitted } from '../storage/file-store';
import { jsonBody, ok, validate } from '../respond';

type UploadRow = {
  id: string;
  owner: string;
  file_name: string;
  size: number;
  upload_offset: number;
  chunk_size: number;
  meta: FileMeta;
  file_id: string | null;
  parts: string[];
};

/** A part's key is new on every PATCH: two requests racing for one offset never write over each other's bytes. */
const partKey = (id: string, offset: number) => `uploads/${id}/${String(offset).padStart(9, '0')}-${randomHex(4)}`;
const ID = /^[0-9a-f]{32}$/;

async function loadUpload(deps: Deps, caller: Caller, id: string): Promise<UploadRow> {
  const [row] = ID.test(id)
    ? await deps.db.query<UploadRow>(
        'SELECT id, owner, file_name, size, upload_offset, chunk_size, meta, file_id, parts FROM uploads WHERE id=$1 AND tenant_id=$2',
        [id, caller.tenantId],
      )
    : [];
  if (!row || row.owner !== caller.subject) throw new ApiError(404, SERVER_MSG.notFound);
  return row;
}

/** The parts the upload row lists, in order, as one buffer; null when one is missing. */
async function readParts(deps: Deps, parts: readonly string[]): Promise<Uint8Array | null> {
  const pieces: Uint8Array[] = [];
  for (const key of parts) {
    const bytes = await readAll(deps.files, key);
    if (!bytes) return null;
    pieces.push(bytes);
  }
  return concat(pieces);
}

const status = (u: UploadRow) => ({ upload_id: u.id, offset: u.upload_offset, size: u.size });

export const chunkedUploadRoutes = new Hono<AppEnv>()
  .post('/v1/uploads', async (c) => {
    const caller = requireCaller(c);
    const { db, config } = c.var.deps;
    const body = validate(CreateUploadRequest, await jsonBody(c));
    if (body.size > config.maxUploadMb * 1024 * 1024) throw new ApiError(413, SERVER_MSG.fileTooLarge(config.maxUploadMb));
    // The authority table now, and again at finalize on the state then: the application may have moved on meanwhile.
    const meta = await scopeUpload(db, caller, parseFileMeta(body));
    const id = randomHex(16);
    const now = config.now().toISOString();
    await db.query(
      `INSERT INTO uploads (id, tenant_id, owner, file_name, mime_type, size, chunk_size, meta, created_at, updated_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8::jsonb,$9::timestamptz,$9::timestamptz)`,
      [id, caller.tenantId, caller.subject, body.file_name, body.mime_type, body.size, config.uploadChunkSize, JSON.stringify(meta), now],
    );
    return ok(c, { upload_id: id, offset: 0, chunk_size: config.uploadChunkSize });
  })
  .get('/v1/uploads/:id', async (c) => {
    const u = await loadUpload(c.var.deps, requireCaller(c), c.req.param('id'));
    c.header(UPLOAD_OFFSET_HEADER, String(u.upload_offset));
    c.header('upload-length', String(u.size));
    return ok(c, status(u));
  })
  .patch('/v1/uploads/:id', async (c) => {
    const { db, files, config } = c.var.deps;
    const u = await loadUpload(c.var.deps, requireCaller(c), c.req.param('id'));
    const offsetHeader = c.req.header(UPLOAD_OFFSET_HEADER) ?? '';
    const offset = /^\d{1,12}$/.test(offsetHeader) ? Number(offsetHeader) : -1;
    const mismatch = () =>
      new ApiError(409, 'Upload offset mismatch', { data: status(u) }, { [UPLOAD_OFFSET_HEADER]: String(u.upload_offset) });
    if (u.file_id || offset !== u.upload_offset) throw mismatch();
    const chunk = new Uint8Array(await c.req.arrayBuffer());
    if (chunk.length === 0) throw new ApiError(400, SERVER_MSG.fileMissing);
    if (offset + chunk.length > u.size) throw new ApiError(413, SERVER_MSG.fileTooLarge(config.maxUploadMb));
    const part = partKey(u.id, offset);
    await files.put(part, chunk);
    const [moved] = await unlessCommitted(files, [part], () =>
      db.query<{ upload_offset: number }>(
        `UPDATE uploads SET upload_offset=$3, parts = parts || jsonb_build_array($5::text), updated_at=$4::timestamptz
       WHERE id=$1 AND upload_offset=$2 AND file_id IS NULL RETURNING upload_offset`,
        [u.id, offset, offset + chunk.length, config.now().toISOString(), part],
      ),
    );
    if (!moved) {
      await files.delete([part]);
      throw mismatch();
    }
    c.header(UPLOAD_OFFSET_HEADER, String(moved.upload_offset));
    return ok(c, { offset: moved.upload_offset });
  })
  .post('/v1/uploads/:id/finalize', async (c) => {
    const caller = requireCaller(c);
    const deps = c.var.deps;
    const u = await loadUpload(deps, caller, c.req.param('id'));
    if (u.file_id) return ok(c, { file_id: u.file_id });
    if (u.upload_offset !== u.size) {
      throw new ApiError(409, 'Upload is not complete', { data: status(u) }, { [UPLOAD_OFFSET_HEADER]: String(u.upload_offset) });
    }
    const bytes = await readParts(deps, u.parts).catch((err: unknown) => err as Error);
    if (!(bytes instanceof Uint8Array) || bytes.length !== u.size) {
      // Another instance may have finalized meanwhile and deleted the parts: its file is the answer.
      const again = await loadUpload(deps, caller, u.id);
      if (again.file_id) return ok(c, { file_id: again.file_id });
      if (bytes instanceof Error) throw bytes;
      throw new ApiError(409, 'Upload is not complete', { data: status(u) });
    }
    const type = checkUpload(bytes, deps.config.maxUploadMb);
    await scopeUpload(deps.db, caller, u.meta);
    // The file is stored before it is claimed, and the claim and its row commit together: whichever instance
    // finalizes, and however often, the upload names one file that exists.
    const fileId = randomHex(16);
    const hash = visitPhotoHash(caller, u.meta, bytes, type);
    await deps.files.put(fileKey(fileId), bytes);
    const won = await unlessCommitted(deps.files, [fileKey(fileId)], () =>
      deps.db.tx(async (q) => {
        const [claimed] = await q.query('UPDATE uploads SET file_id=$2 WHERE id=$1 AND file_id IS NULL RETURNING id', [u.id, fileId]);
        if (claimed) await insertFileRow({ db: q, config: deps.config }, caller, fileId, bytes.length, type, u.file_name, u.meta, hash);
        return Boolean(claimed);
      }),
    );
    if (!won) {
      await deps.files.delete([fileKey(fileId)]);
      return ok(c, { file_id: (await loadUpload(deps, caller, u.id)).file_id });
    }
    await deps.files.delete(u.parts).catch((err: unknown) => {
      deps.log.error({ t: deps.config.now().toISOString(), level: 'error', msg: 'upload parts not deleted', error: (err as Error).name });
    });
    return ok(c, { file_id: fileId });
  });
