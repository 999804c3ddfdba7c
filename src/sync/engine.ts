// The replay engine: reads the outbox, sends what may go, writes every answer back. See REQ-OFF-4, REQ-OFF-5 and
// docs/offline.md.
import { allOps, deleteOps, getOp, markOpSending, requeueOps } from '../db/outbox';
import { setMeta } from '../db/records';
import type { OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { explicitDependantsOf } from './dependency';
import { isAbort } from './errors';
import { createLeaderLock, type LeaderLock } from './leader-lock';
import { answerDecision, applyDecision, failureDecision, type OpIo, sendOp } from './op-send';
import { DEFAULT_RESULT_HANDLERS, type ResultHandlerMap } from './result-handlers';
import type { Decision } from './retry-policy';
import { DEFAULT_CONCURRENCY, nextDueAt, pickRunnable } from './scheduler';
import type { Transport, TransportResponse } from './transport';
import { listenForWakeUps, WAKE_INTERVAL_MS } from './wake';
import { msg } from '../../contracts/msg';

export type PauseReason = 'auth';
export type SyncStatus = {
  running: boolean;
  paused: PauseReason | null;
  /** False when another tab holds the leader lock and syncs for this device. */
  leader: boolean;
  lastSyncAt: number | null;
  lastError: string | null;
};
export type SyncRunResult = { ran: boolean; sent: number; done: number; retrying: number; parked: number };

export type SyncEngineOptions = {
  db: UserDb;
  transport: Transport;
  now?: () => number;
  random?: () => number;
  /** Write-backs of server answers by op kind, beside the defaults (the app passes the features' ones in). */
  onResult?: ResultHandlerMap;
  concurrency?: number;
  lock?: LeaderLock;
  /** Called when a 401 pauses the queue (the app asks the user to sign in again). */
  onAuthRequired?: () => void;
  wakeIntervalMs?: number;
  /** False while the device knows it has no network: the pass is skipped and no attempt is spent. */
  isOnline?: () => boolean;
  /** Called after a pass that landed ops (the runtime pulls the change feed: the server's answer to the rest). */
  afterPass?: (result: SyncRunResult) => void;
};

export interface SyncEngine {
  syncNow(): Promise<SyncRunResult>;
  /** Listens to online / timer / service-worker wake-ups and syncs once now. Returns stop. */
  start(): () => Promise<void>;
  /** Stops listening and aborts requests in flight (their ops stay 'sending' and are re-sent with the same key). */
  stop(): Promise<void>;
  pause(reason: PauseReason): void;
  resumeAfterSignIn(): Promise<SyncRunResult>;
  retry(opId: string): Promise<void>;
  /** Deletes the op and the ops that depend on it; returns their ids. */
  discard(opId: string): Promise<string[]>;
  status$: { get(): SyncStatus; subscribe(listener: (s: SyncStatus) => void): () => void };
}

const MAX_ROUNDS_PER_PASS = 10_000;
/** The engine never wakes itself for a retry sooner than this, whatever the backoff drew. */
export const RETRY_FLOOR_MS = 1000;
export const TRIES_PER_PASS = 3;
const EMPTY_RUN: SyncRunResult = { ran: false, sent: 0, done: 0, retrying: 0, parked: 0 };

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const { db, transport } = opts;
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const handlers: ResultHandlerMap = { ...DEFAULT_RESULT_HANDLERS, ...opts.onResult };
  const concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY;
  const lock = opts.lock ?? createLeaderLock();

  let status: SyncStatus = { running: false, paused: null, leader: true, lastSyncAt: null, lastError: null };
  const listeners = new Set<(s: SyncStatus) => void>();
  const setStatus = (change: Partial<SyncStatus>) => {
    status = { ...status, ...change };
    for (const l of listeners) l(status);
  };

  let controller = new AbortController();
  let current: Promise<SyncRunResult> | null = null;
  let again = false;
  let stopListening: (() => void) | null = null;
  let dueTimer: ReturnType<typeof setTimeout> | null = null;
  const inFlight = new Map<string, Promise<void>>();

  const wake = () => {
    void syncNow().catch((err) => console.warn('sync failed', err));
  };

  const io: OpIo = { db, transport, now, handlers };

  async function runOp(op: OutboxOp, signal: AbortSignal, tally: SyncRunResult) {
    const attempt = op.attempts + 1;
    await markOpSending(db, op.id, attempt, now());
    tally.sent += 1;
    let res: TransportResponse | null = null;
    let decision: Decision;
    try {
      res = await sendOp(io, op, signal);
      if (signal.aborted) return;
      decision = answerDecision(op, res, attempt, now(), random);
    } catch (err) {
      if (isAbort(err, signal)) return;
      decision = failureDecision(err, attempt, now(), random);
    }
    await applyDecision(io, op, decision, res, tally, {
      retrying: (message) => setStatus({ lastError: message }),
      signInNeeded: () => {
        pause('auth');
        opts.onAuthRequired?.();
      },
    });
  }

  async function runPass(): Promise<SyncRunResult> {
    const tally = { ...EMPTY_RUN, ran: true };
    const signal = controller.signal;
    if (opts.isOnline && !opts.isOnline()) return { ...tally, ran: false };
    // A pass tries an op at most TRIES_PER_PASS times: when the link lies (it drops every request at once) a retry
    // that the backoff made due at once would otherwise spin this pass; past the cap it waits for the next pass.
    const triesOf = new Map<string, number>();
    const tried = new Set<string>();
    for (let round = 0; round < MAX_ROUNDS_PER_PASS && !signal.aborted && !status.paused; round += 1) {
      const ops = await allOps(db);
      for (const op of pickRunnable({ ops, inFlight: new Set(inFlight.keys()), tried, now: now(), concurrency })) {
        const tries = (triesOf.get(op.id) ?? 0) + 1;
        triesOf.set(op.id, tries);
        if (tries >= TRIES_PER_PASS) tried.add(op.id);
        inFlight.set(
          op.id,
          runOp(op, signal, tally)
            .catch((err) => {
              setStatus({ lastError: err instanceof Error ? err.message : String(err) });
            })
            .finally(() => inFlight.delete(op.id)),
        );
      }
      if (inFlight.size === 0) break;
      await Promise.race(inFlight.values());
    }
    await Promise.all(inFlight.values());
    return tally;
  }

  function scheduleDue() {
    if (dueTimer) clearTimeout(dueTimer);
    dueTimer = null;
    if (!stopListening || status.paused) return;
    void allOps(db).then((ops) => {
      const due = nextDueAt(ops, now());
      if (due === null || !stopListening) return;
      const wait = due - now();
      if (wait < (opts.wakeIntervalMs ?? WAKE_INTERVAL_MS)) dueTimer = setTimeout(wake, Math.max(RETRY_FLOOR_MS, wait));
    });
  }

  function syncNow(): Promise<SyncRunResult> {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      let last: SyncRunResult = EMPTY_RUN;
      do {
        again = false;
        if (status.paused) break;
        setStatus({ running: true });
        try {
          const result = await lock.withLock(runPass);
          setStatus({ leader: result !== null });
          if (result) {
            last = result;
            if (result.sent > 0 && result.retrying === 0 && !status.paused) {
              const t = now();
              setStatus({ lastSyncAt: t, lastError: null });
              await setMeta(db, 'lastSyncAt', t);
            }
            if (result.done > 0) opts.afterPass?.(result);
          }
        } finally {
          setStatus({ running: false });
        }
      } while (again && !controller.signal.aborted);
      scheduleDue();
      return last;
    })().finally(() => {
      current = null;
    });
    return current;
  }

  function pause(reason: PauseReason) {
    if (status.paused === reason) return;
    setStatus({ paused: reason });
    void setMeta(db, 'syncPaused', reason).catch(() => undefined);
  }

  async function resumeAfterSignIn() {
    setStatus({ paused: null });
    await setMeta(db, 'syncPaused', null);
    if (current) await current.catch(() => undefined);
    return syncNow();
  }

  async function stop() {
    stopListening?.();
    stopListening = null;
    if (dueTimer) clearTimeout(dueTimer);
    controller.abort();
    await current?.catch(() => undefined);
    controller = new AbortController();
  }

  function start() {
    if (!stopListening) stopListening = listenForWakeUps(wake, opts.wakeIntervalMs);
    wake();
    return stop;
  }

  async function retry(opId: string) {
    const op = await getOp(db, opId);
    if (!op) return;
    if (op.blockedBy) return retry(op.blockedBy);
    const ops = await allOps(db);
    const ids = [opId, ...ops.filter((o) => o.blockedBy === opId && o.state === 'needs-attention').map((o) => o.id)];
    await requeueOps(db, ids, now());
    if (stopListening) wake();
  }

  async function discard(opId: string) {
    if (inFlight.has(opId)) throw new Error(msg('This operation is being sent; try again in a moment.'));
    const ops = await allOps(db);
    if (!ops.some((o) => o.id === opId)) return [];
    const gone = [opId, ...explicitDependantsOf(opId, ops)];
    const goneSet = new Set(gone);
    const freed = ops.filter((o) => o.blockedBy && goneSet.has(o.blockedBy) && !goneSet.has(o.id)).map((o) => o.id);
    await deleteOps(db, gone, freed, now());
    if (stopListening && freed.length) wake();
    return gone;
  }

  return {
    syncNow,
    start,
    stop,
    pause,
    resumeAfterSignIn,
    retry,
    discard,
    status$: {
      get: () => status,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}
