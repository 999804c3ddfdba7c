// The three API clients (platform §7, §8). Main rejects on failure; verification and banking hand back the body.
// Plain fetch, not ofetch: this module is in every page's first download (the tenant's configuration is read through
// it), and ofetch with its helpers was 3.9 KB of the 120 KB budget (issue 23). The sync transport keeps ofetch.
import type { GenericSchema, InferOutput } from 'valibot';
import { safeParse } from 'valibot';
import { MSG } from '../../contracts/messages';
import { TOKEN_HEADER } from '../../contracts/auth';
import { apiBase, type ApiName } from './runtime-config';
import { whileBusy } from '../lib/busy-store';
import { toast } from '../lib/toast';
import { authHeaderToken, getToken, hasSession, notifyUnauthorized, setGuestToken, setToken } from './credentials';
import { errorMessage } from './error-message';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
  /** No answer at all: offline, DNS, connection reset. */
  get isNetwork() {
    return this.status === 0;
  }
}

export type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Record<string, unknown> | FormData;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /**
   * Show the full-screen loading overlay while the call runs (platform §2). By default a write (anything but GET) blocks:
   * the screen waits for its answer (OTP, a request, a check); a GET blocks only when the screen cannot go on without it.
   */
  blocking?: boolean;
  /** Do not show the error toast (the caller shows its own message, or the spec says "logged only"). */
  silent?: boolean;
  signal?: AbortSignal;
};

/** An answer that is not 2xx, with its parsed body. */
class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** The base and the path joined with one slash, and the defined query parameters. */
export function requestUrl(base: string, path: string, query?: CallOptions['query']): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.append(k, String(v));
  const q = params.toString();
  return q ? `${url}${url.includes('?') ? '&' : '?'}${q}` : url;
}

/** JSON when the answer says so (or looks like it), else the text; an empty body is undefined. */
function parseBody(text: string, type: string | null): unknown {
  if (!text) return undefined;
  if (type?.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function send(api: ApiName, path: string, opts: CallOptions): Promise<unknown> {
  const token = authHeaderToken();
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (token) headers[TOKEN_HEADER] = token;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(requestUrl(apiBase(api), path, opts.query), { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  const data = parseBody(await res.text(), res.headers.get('content-type'));
  if (!res.ok) throw new HttpStatusError(res.status, data);
  return data;
}

function raw(api: ApiName, path: string, opts: CallOptions) {
  const request = send(api, path, opts);
  return (opts.blocking ?? (opts.method ?? 'GET') !== 'GET') ? whileBusy(request) : request;
}

function toFailure(err: unknown): ApiFailure {
  if (err instanceof HttpStatusError) return new ApiFailure(err.status, errorMessage(err.body), err.body);
  return new ApiFailure(0, MSG.somethingWentWrong, null);
}

function check<S extends GenericSchema>(schema: S, body: unknown): InferOutput<S> {
  const parsed = safeParse(schema, body);
  if (!parsed.success) throw new ApiFailure(200, MSG.unreadableResponse, body);
  return parsed.output;
}

/** Main API: failures reject with ApiFailure (after an error toast unless silent); 401 logs the user out. */
export async function mainCall<S extends GenericSchema>(schema: S, path: string, opts: CallOptions = {}): Promise<InferOutput<S>> {
  try {
    return check(schema, await raw('main', path, opts));
  } catch (err) {
    const failure = err instanceof ApiFailure ? err : toFailure(err);
    if (failure.status === 401) {
      // The login token when there is one, else the visitor's guest token (expired: the mobile is verified again).
      // A session whose dead token the queue already removed (issue 19) still ends here.
      if (getToken() || hasSession()) setToken(null);
      else setGuestToken(null);
      notifyUnauthorized();
    }
    if (!opts.silent) toast.error(failure.message);
    throw failure;
  }
}

/** Verification and banking APIs: a failure hands back the response body (platform §8). */
export async function softCall<T = Record<string, unknown>>(api: 'verification' | 'banking', path: string, opts: CallOptions = {}): Promise<T> {
  try {
    return (await raw(api, path, opts)) as T;
  } catch (err) {
    const failure = toFailure(err);
    if (failure.status === 401) setToken(null);
    return (failure.body && typeof failure.body === 'object'
      ? failure.body
      : { success: false, message: failure.message, status_code: failure.status }) as T;
  }
}
