import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG, SERVER_MSG } from '../../contracts/messages';
import { ApiError, errorBody } from '../api-error';
import type { AppEnv } from '../app-env';

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) {
    const extra = c.var.errorStatusCode ? { ...err.extra, statusCode: err.status } : err.extra;
    return c.json(errorBody(err.status, err.message, extra), err.status as ContentfulStatusCode, err.headers);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? SERVER_MSG.fileTooLarge(c.var.deps.config.maxUploadMb) : err.message || MSG.somethingWentWrong;
    return c.json(errorBody(status, message), status as ContentfulStatusCode);
  }
  c.var.deps.log.error({
    t: new Date().toISOString(),
    req_id: c.var.reqId,
    level: 'error',
    error: err instanceof Error ? err.name : 'Error',
    // The stack without its first line: messages can quote input values.
    stack: err instanceof Error ? err.stack?.split('\n').slice(1, 6).join('\n') : undefined,
  });
  return c.json(errorBody(500, MSG.somethingWentWrong), 500);
};

export const apiNotFound = (c: Context<AppEnv>) => c.json(errorBody(404, SERVER_MSG.notFound), 404);
