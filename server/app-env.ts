import type { HttpBindings } from '@hono/node-server';
import type { Db } from './db/db';
import type { ServerConfig } from './config';
import type { Logger } from './logger';
import type { Fault } from './middleware/fault-injection';
import type { FileStore } from './storage/file-store';

export type Deps = { db: Db; files: FileStore; config: ServerConfig; log: Logger };

export type Caller = {
  kind: 'staff' | 'guest';
  sessionId: number;
  userId: number | null;
  tenantId: string;
  /**
   * Stable owner string: `user:{id}` for staff (survives re-login), `guest-app:{applicationId}` for a visitor's guest
   * token (survives a new OTP verify), `guest:{sessionId}` for a guest bound to no application.
   */
  subject: string;
  /** Guests: the one application their OTP created or returned (server/services/application-access.ts); staff: null. */
  applicationId: string | null;
};

export type AppEnv = {
  /** Present when served by @hono/node-server; absent for in-process `app.fetch`. */
  Bindings: Partial<HttpBindings>;
  Variables: {
    deps: Deps;
    reqId: string;
    tenantId: string;
    caller: Caller | null;
    authProblem: 'missing' | 'invalid' | 'expired';
    /** Set by the verification API, whose failures also carry `statusCode` (its provider's shape). */
    errorStatusCode?: true;
    /** Set by a route whose answer must not be kept for replay (it carries a secret). */
    idempotencyNoStore?: boolean;
    /** Set only when a test's fault injector picked a fault for this request. */
    fault?: Fault;
    /** Set with a `kill` or `rollback` fault: makes the request's next commit fail (once its key is claimed). */
    armCommitFailure?: () => void;
  };
};
