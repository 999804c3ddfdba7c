import { describe, expect, it } from 'vitest';
import { CONFLICT_TEXT } from '../db/feed-conflicts';
import type { OutboxOp } from '../db/types';
import { needsYou } from './needs-you';

const op = (id: string, appId: string, state: OutboxOp['state'] = 'queued') =>
  ({ id, appId, state, kind: 'application.update', createdAt: 0, seq: 1 }) as OutboxOp;

describe('"needs you" items of pull conflicts', () => {
  const conflicts = {
    a: [{ appId: 'a', opId: null, kind: 'gone' as const, what: CONFLICT_TEXT.gone }],
    b: [{ appId: 'b', opId: 'op-b', kind: 'deviation' as const, what: CONFLICT_TEXT.deviation }],
  };
  const base = {
    apps: [{ id: 'a', data: { name: 'Ramesh Kumar', phone: '9876543210' } }],
    acks: {},
    draftAppIds: new Set<string>(),
    now: 0,
  };

  it('one item per conflict while its work is still queued, leading to the sync center', () => {
    const items = needsYou({ ...base, ops: [op('op-a', 'a'), op('op-b', 'b')], conflicts }).filter((i) => i.kind === 'sync-conflict');
    expect(items.map((i) => [i.appId, i.what, i.fix.to, i.who])).toEqual([
      ['a', CONFLICT_TEXT.gone, '/sync', 'Ramesh Kumar · +91 9876543210'],
      ['b', CONFLICT_TEXT.deviation, '/sync', 'Application'],
    ]);
  });

  it('clears once the work is sent or discarded', () => {
    expect(needsYou({ ...base, ops: [op('other', 'b')], conflicts }).filter((i) => i.kind === 'sync-conflict')).toEqual([]);
  });
});
