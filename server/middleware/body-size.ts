import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import type { ServerConfig } from '../config';
import { BODY_MSG, JSON_LIMITS } from '../respond';

// Bounded before buffered: each request's body is limited by what its route takes, counted while it streams in (a
// declared Content-Length over the limit is refused before a byte is read; a chunked body is cut off when it passes
// it). This runs before the idempotency layer and every rate limit, which read or hash the body, so no request makes
// the server hold more than its route's limit: JSON routes 64 KB, a single-file upload one file, a bulk upload five.

const MB = 1024 * 1024;
/** Multipart framing and the form's text fields around the file(s). */
const FORM_OVERHEAD = MB;
/** Bulk uploads carry several files; one request may hold this many upload-limits of bytes. */
export const MAX_FILES_PER_REQUEST_BYTES = 5;

const BULK = /\/v1\/(file|apply-loan)\/bulk-upload$/;
const SINGLE = /\/v1\/(file\/upload|file\/upload-captured-image|apply-loan\/upload-file|join-us\/upload-file)$/;
const CHUNK = /\/v1\/uploads\/[^/]+$/;

type Limit = { max: number; files: boolean };

export function bodyLimitOf(method: string, path: string, config: Pick<ServerConfig, 'maxUploadMb' | 'uploadChunkSize'>): Limit {
  const file = config.maxUploadMb * MB;
  if (method === 'POST' && BULK.test(path)) return { max: file * MAX_FILES_PER_REQUEST_BYTES + FORM_OVERHEAD, files: true };
  if (method === 'POST' && SINGLE.test(path)) return { max: file + FORM_OVERHEAD, files: true };
  if (method === 'PATCH' && CHUNK.test(path)) return { max: config.uploadChunkSize + JSON_LIMITS.bytes, files: true };
  return { max: JSON_LIMITS.bytes, files: false };
}

export function boundedBody(config: ServerConfig): MiddlewareHandler<AppEnv> {
  const limiters = new Map<string, MiddlewareHandler<AppEnv>>();
  const limiterOf = (l: Limit) => {
    const id = `${l.max}:${l.files}`;
    let m = limiters.get(id);
    if (!m) {
      m = bodyLimit({
        maxSize: l.max,
        // A form's JSON says so in its own words: 'File is too large' is for files.
        onError: () => {
          throw new ApiError(413, l.files ? SERVER_MSG.fileTooLarge(config.maxUploadMb) : BODY_MSG.tooLarge);
        },
      }) as MiddlewareHandler<AppEnv>;
      limiters.set(id, m);
    }
    return m;
  };
  return (c, next) => limiterOf(bodyLimitOf(c.req.method, c.req.path, config))(c, next);
}
