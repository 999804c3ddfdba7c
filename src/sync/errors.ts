// Typed failures of the sync layer.
import { MSG } from '../../contracts/messages';
import { englishMessage } from '../api/error-message';
import { msg } from '../../contracts/msg';

/** No answer at all: offline, DNS, reset connection, or a lost response. */
export class NetworkError extends Error {
  constructor(
    message: string = msg('Network unavailable'),
    override readonly cause?: unknown,
  ) {
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

/**
 * What an op's refusal says: the REQ-API-3 catalogue (the server's message, its inner message or detail when it
 * embeds one, else 'Something went wrong!'), never 'Request failed (400)' or raw JSON. A 5xx without a
 * message is retried, and says so.
 */
export function messageOf(body: unknown, status: number): string {
  const text = englishMessage(body);
  if (status >= 500 && text === MSG.somethingWentWrong) return msg('The server had a problem. It will be retried.');
  return text;
}

export const isAbort = (err: unknown, signal?: AbortSignal) =>
  err instanceof SyncAbortedError || signal?.aborted === true || (err as { name?: string } | null)?.name === 'AbortError';
