// How ops reach the APIs. Injectable: ofetch over the network in the app, the in-process server in tests.
import { createFetch } from 'ofetch';
import { IDEMPOTENCY_HEADER, TOKEN_HEADER } from '../../contracts/auth';
import type { ApiName, HttpMethod } from '../db/types';
import { NetworkError, SyncAbortedError } from './errors';
import { msg } from '../../contracts/msg';

export type TransportInit = {
  /** JSON value, FormData, or Blob (raw bytes for upload chunks). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};
/** Any HTTP answer resolves (errors included); only a missing answer throws NetworkError / SyncAbortedError. */
export type TransportResponse = { status: number; data: unknown; headers: Headers };

export interface Transport {
  request(api: ApiName, method: HttpMethod, path: string, init?: TransportInit): Promise<TransportResponse>;
}

export type FetchTransportOptions = {
  /** Base of each API, e.g. `/api/main` or `http://sahayog.localhost/api/main`. */
  baseUrl: (api: ApiName) => string;
  /** Current login token (or guest token); read on every request. */
  getToken: () => string | null | undefined;
  fetch?: typeof globalThis.fetch;
  headers?: Record<string, string>;
  timeoutMs?: number;
};

export const withIdempotencyKey = (key: string, headers: Record<string, string> = {}) => ({ ...headers, [IDEMPOTENCY_HEADER]: key });

export function createFetchTransport(opts: FetchTransportOptions): Transport {
  const $fetch = createFetch({ fetch: opts.fetch ?? ((...a) => globalThis.fetch(...a)), Headers, AbortController });
  return {
    async request(api, method, path, init = {}) {
      const headers: Record<string, string> = { ...opts.headers, ...init.headers };
      const token = opts.getToken();
      if (token) headers[TOKEN_HEADER] = token;
      if (init.body instanceof Blob && !headers['content-type']) headers['content-type'] = 'application/octet-stream';
      try {
        const res = await $fetch.raw(path, {
          baseURL: opts.baseUrl(api),
          method,
          body: init.body as BodyInit | Record<string, unknown> | undefined,
          headers,
          signal: init.signal,
          retry: 0,
          timeout: opts.timeoutMs ?? 60_000,
          ignoreResponseError: true,
        });
        return { status: res.status, data: res._data ?? null, headers: res.headers };
      } catch (err) {
        if (init.signal?.aborted) throw new SyncAbortedError();
        throw new NetworkError(err instanceof Error ? err.message : msg('Network unavailable'), err);
      }
    },
  };
}
