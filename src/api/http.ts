// The three API clients (REQ-API-1, REQ-API-3). Main rejects on failure; verification and banking hand back the body.
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
   * Show the full-screen loading overlay while the call runs (REQ-UI-1: it blocks the content while a call is in
   * progress). Every direct call blocks by default, reads as well as writes; `false` only for panels of our own that
   * fill in beside a screen the officer is already using (history, access log, household), none a call REQ-API-1
   * names. The sync engine and the prefetch never come through here.
   */
  blocking?: boolean;
  /** Do not show the error toast (the caller shows its own message, or the spec says "logged only"). */
  silent?: boolean;
  signal?: AbortSignal;
};

/** ofetch, asked for at the first call rather than with the entry: the login and public pages paint before any API
 * call, and every first download has a 120 KB budget. The sync transport uses the same module. */
const loadOfetch = () => import('ofetch');

async function send(api: ApiName, path: string, opts: CallOptions): Promise<unknown> {
  const { ofetch } = await loadOfetch();
  const token = authHeaderToken();
  const headers: Record<string, string> = { ...opts.headers };
  if (token) headers[TOKEN_HEADER] = token;
  return ofetch(path, {
    baseURL: apiBase(api),
    method: opts.method ?? 'GET',
    body: opts.body,
    query: opts.query,
    headers,
    retry: 0,
    signal: opts.signal,
  });
}

function raw(api: ApiName, path: string, opts: CallOptions) {
  const request = send(api, path, opts);
  return (opts.blocking ?? true) ? whileBusy(request) : request;
}

function toFailure(err: unknown): ApiFailure {
  // ofetch's FetchError, told by its shape so this module does not import ofetch up front.
  const fetchError = err as { name?: string; response?: { status: number }; data?: unknown } | null;
  if (fetchError?.name === 'FetchError' && fetchError.response)
    return new ApiFailure(fetchError.response.status, errorMessage(fetchError.data), fetchError.data);
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
      // A session whose dead token the queue already removed still ends here.
      if (getToken() || hasSession()) setToken(null);
      else setGuestToken(null);
      notifyUnauthorized();
    }
    if (!opts.silent) toast.error(failure.message);
    throw failure;
  }
}

/** Verification and banking APIs: a failure hands back the response body (REQ-API-3). */
export async function softCall<T = Record<string, unknown>>(
  api: 'verification' | 'banking',
  path: string,
  opts: CallOptions = {},
): Promise<T> {
  try {
    return (await raw(api, path, opts)) as T;
  } catch (err) {
    const failure = toFailure(err);
    if (failure.status === 401) setToken(null);
    return (
      failure.body && typeof failure.body === 'object'
        ? failure.body
        : { success: false, message: failure.message, status_code: failure.status }
    ) as T;
  }
}
