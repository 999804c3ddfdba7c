// Typed failures of the sync layer.

/** No answer at all: offline, DNS, reset connection, or a lost response. */
export class NetworkError extends Error {
  constructor(message = 'Network unavailable', override readonly cause?: unknown) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The engine was stopped mid-request; nothing is written so the op is re-sent with its key later. */
export class SyncAbortedError extends Error {
  constructor() {
    super('Sync stopped');
    this.name = 'SyncAbortedError';
  }
}

/** A placeholder names a file or op result that is not there (discarded or never produced). */
export class MissingDependencyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingDependencyError';
  }
}

/** An HTTP answer the op cannot move past; carries the status for the retry policy. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    readonly retryAfter: string | null = null,
  ) {
    super(message);
    this.name = 'HttpStatusError';
  }
}

/** The server's message from an error body `{ message }`, else a generic text per status. */
export function messageOf(body: unknown, status: number): string {
  const m = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (typeof m === 'string' && m.trim()) return m;
  if (status >= 500) return 'The server had a problem. It will be retried.';
  return `Request failed (${status})`;
}

export const isAbort = (err: unknown, signal?: AbortSignal) =>
  err instanceof SyncAbortedError || signal?.aborted === true || (err as { name?: string } | null)?.name === 'AbortError';
