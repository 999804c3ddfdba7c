import { describe, expect, it } from 'vitest';
import type { OutboxOp } from '../db/types';
import { nextDueAt, pickRunnable } from './scheduler';

const op = (seq: number, id: string, appId: string | null, extra: Partial<OutboxOp> = {}): OutboxOp => ({
  seq,
  id,
  appId,
  kind: 'k',
  api: 'main',
  method: 'PATCH',
  path: '/x',
  idempotencyKey: id,
  dependsOn: [],
  state: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  updatedAt: 0,
  ...extra,
});
const ids = (ops: OutboxOp[]) => ops.map((o) => o.id);

describe('pickRunnable', () => {
  it('takes only the head of each application, in seq order, across applications', () => {
    const ops = [op(1, 'a1', 'A'), op(2, 'a2', 'A'), op(3, 'b1', 'B'), op(4, 'a3', 'A'), op(5, 'b2', 'B')];
    expect(ids(pickRunnable({ ops, inFlight: new Set(), now: 0 }))).toEqual(['a1', 'b1']);
  });

  it('waits while the head of an application is in flight or parked', () => {
    const ops = [
      op(1, 'a1', 'A', { state: 'sending' }),
      op(2, 'a2', 'A'),
      op(3, 'b1', 'B', { state: 'needs-attention' }),
      op(4, 'b2', 'B'),
    ];
    expect(ids(pickRunnable({ ops, inFlight: new Set(['a1']), now: 0 }))).toEqual([]);
  });

  it('an op this pass already tried keeps its lane and waits for the next pass', () => {
    const ops = [op(1, 'a1', 'A'), op(2, 'a2', 'A'), op(3, 'b1', 'B')];
    expect(ids(pickRunnable({ ops, inFlight: new Set(), tried: new Set(['a1', 'b1']), now: 0 }))).toEqual([]);
    expect(ids(pickRunnable({ ops, inFlight: new Set(), tried: new Set(['b1']), now: 0 }))).toEqual(['a1']);
  });

  it('skips done ops and re-sends a "sending" op left by a crash', () => {
    const ops = [op(1, 'a1', 'A', { state: 'done' }), op(2, 'a2', 'A', { state: 'sending' }), op(3, 'a3', 'A')];
    expect(ids(pickRunnable({ ops, inFlight: new Set(), now: 0 }))).toEqual(['a2']);
  });

  it('caps concurrency (default 3, never above 4) counting what is in flight', () => {
    const ops = ['A', 'B', 'C', 'D', 'E', 'F'].map((app, i) => op(i + 1, app.toLowerCase(), app));
    expect(ids(pickRunnable({ ops, inFlight: new Set(), now: 0 }))).toEqual(['a', 'b', 'c']);
    expect(ids(pickRunnable({ ops, inFlight: new Set(['a']), now: 0 }))).toEqual(['b', 'c']);
    expect(pickRunnable({ ops, inFlight: new Set(), now: 0, concurrency: 9 })).toHaveLength(4);
    expect(pickRunnable({ ops, inFlight: new Set(), now: 0, concurrency: 2 })).toHaveLength(2);
  });

  it('runs independent uploads of one application side by side, dependants after them', () => {
    const ops = [
      op(1, 'u1', 'A', { fileId: 'f1' }),
      op(2, 'u2', 'A', { fileId: 'f2' }),
      op(3, 'step', 'A', { dependsOn: ['u1', 'u2'] }),
      op(4, 'next', 'A'),
    ];
    expect(ids(pickRunnable({ ops, inFlight: new Set(), now: 0 }))).toEqual(['u1', 'u2']);
    const half = ops.map((o) => (o.id === 'u1' ? { ...o, state: 'done' as const } : o));
    expect(ids(pickRunnable({ ops: half, inFlight: new Set(['u2']), now: 0 }))).toEqual([]);
    const both = half.map((o) => (o.id === 'u2' ? { ...o, state: 'done' as const } : o));
    expect(ids(pickRunnable({ ops: both, inFlight: new Set(), now: 0 }))).toEqual(['step']);
  });

  it('respects backoff times and reports the next due time', () => {
    const ops = [op(1, 'a1', 'A', { nextAttemptAt: 500 }), op(2, 'b1', 'B', { nextAttemptAt: 100 })];
    expect(ids(pickRunnable({ ops, inFlight: new Set(), now: 200 }))).toEqual(['b1']);
    expect(nextDueAt(ops, 200)).toBe(500);
    expect(nextDueAt(ops, 600)).toBeNull();
  });
});
