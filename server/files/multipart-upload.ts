import type { Context } from 'hono';
import { AADHAAR_TEXT_MSG, containsAadhaar } from '../../contracts/aadhaar';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { checkUpload } from './check-upload';
import { type FileMeta, parseFileMeta } from './file-meta';
import { type FileOwner, saveFile } from './save-file';
import { safeFileName } from './safe-name';

// The multipart single and bulk uploads, shared by the staff paths (/v1/file/*), the public visitor's
// (/v1/apply-loan/*) and the partner's (/v1/join-us/upload-file). Who may upload, and for which application, is
// the route's decision, passed in as `scope`.

type Fields = Record<string, string | File | (string | File)[]>;

const single = (v: Fields[string] | undefined) => (Array.isArray(v) ? v[0] : v);
const fileList = (v: Fields[string] | undefined): File[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is File => typeof x !== 'string');
const scalars = (fields: Fields) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, single(v)]));

/** At most this many files in one bulk upload. */
export const MAX_BULK_FILES = 20;

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
  return { bytes, type: checkUpload(bytes, maxMb), name: nameWithoutAadhaar(safeFileName(file.name || 'file')) };
}

/** Turns what the form says about the upload into what is stored (e.g. a guest's application id), or refuses it. */
export type MetaScope = (meta: FileMeta) => FileMeta | Promise<FileMeta>;

/**
 * No full Aadhaar number in what an upload says about itself: every text field of the form and its name (a visit
 * photo's evidence, its accuracy reason included, is JSON text in one field) is scanned; in a file's name it is dropped.
 */
function withoutAadhaar(fields: Fields): Fields {
  for (const [k, v] of Object.entries(fields)) {
    const texts = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
    if (containsAadhaar(k) || texts.some((t) => containsAadhaar(t))) throw new ApiError(400, AADHAAR_TEXT_MSG);
  }
  return fields;
}
const nameWithoutAadhaar = (name: string) => (containsAadhaar(name) ? `document${name.match(/\.[A-Za-z0-9]{1,5}$/)?.[0] ?? ''}` : name);

/** One `file` part: checked (size, type by bytes, pixels), stored, its id answered. `imagesOnly` refuses a PDF (415). */
export async function uploadOne(c: Context<AppEnv>, caller: FileOwner, scope: MetaScope, opts: { imagesOnly?: boolean } = {}) {
  const fields = await readForm(c);
  const [file] = fileList(fields.file);
  if (!file) throw new ApiError(400, SERVER_MSG.fileMissing);
  const meta = await scope(parseFileMeta(scalars(withoutAadhaar(fields))));
  const f = await checked(file, c.var.deps.config.maxUploadMb);
  if (opts.imagesOnly && f.type.mime === 'application/pdf') throw new ApiError(415, SERVER_MSG.fileTypeNotAllowed);
  return saveFile(c.var.deps, caller, f.bytes, f.type, f.name, meta);
}

/** Repeated `files` parts (1–20), all checked before any is stored: one bad file refuses the whole request. */
export async function uploadMany(c: Context<AppEnv>, caller: FileOwner, scope: MetaScope) {
  const fields = await readForm(c);
  const files = fileList(fields.files);
  if (files.length === 0 || files.length > MAX_BULK_FILES) throw new ApiError(400, SERVER_MSG.fileMissing);
  const meta = await scope(parseFileMeta(scalars(withoutAadhaar(fields))));
  const all = [];
  for (const file of files) all.push(await checked(file, c.var.deps.config.maxUploadMb));
  const out = [];
  for (const f of all) out.push({ file_id: await saveFile(c.var.deps, caller, f.bytes, f.type, f.name, meta), name: f.name });
  return out;
}
