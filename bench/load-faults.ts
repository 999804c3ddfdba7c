// The faults a load run injects (server/middleware/fault-injection.ts, a test-only hook), one draw per request.
import type { Fault, FaultInjector } from '../server/middleware/fault-injection';

export type FaultRates = Record<'drop' | 'unavailable' | 'tooMany' | 'badGatewayAfterCommit' | 'slow' | 'rollback' | 'kill', number>;

export function addFaults(faults: FaultInjector, rates: FaultRates, rnd: () => number) {
  const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  const table: Array<[number, Fault]> = [
    [rates.drop, { kind: 'drop' }],
    [rates.unavailable, { kind: 'status', status: 503 }],
    [rates.tooMany, { kind: 'status', status: 429, retryAfterS: 1 }],
    [rates.badGatewayAfterCommit, { kind: 'status', status: 502, afterCommit: true }],
    [rates.slow, { kind: 'delay', stage: 'after', ms: 1500 }],
    [rates.rollback, { kind: 'rollback' }],
    [rates.kill, { kind: 'kill' }],
  ];
  // One draw per request picks at most one fault: a first rule that never matches draws it.
  let draw = 1;
  faults.add({
    fault: { kind: 'drop' },
    times: Number.POSITIVE_INFINITY,
    match: (m) => {
      draw = MUTATING.has(m) ? rnd() : 1;
      return false;
    },
  });
  let edge = 0;
  for (const [p, fault] of table) {
    const from = edge;
    edge += p;
    const to = edge;
    faults.add({ fault, times: Number.POSITIVE_INFINITY, match: () => draw >= from && draw < to });
  }
}
