import { describe, expect, it } from 'vitest';
import { localEdits, pinnedFields, rebasedRow } from './server-copy';
import type { CachedRecord, OutboxOp } from './types';

const row = (data: Record<string, unknown>, server?: Record<string, unknown>): CachedRecord<'applications'> => ({
  id: 'a',
  appId: 'a',
  data: { id: 'a', ...data },
  syncedAt: 1,
  ...(server ? { server: { id: 'a', ...server } } : {}),
});

describe('the server copy beside the phone edits', () => {
  it("the phone's edits are the fields that differ from the server copy (all of it without one), never `partial`", () => {
    expect(localEdits({ name: 'Mine', city: 'Pune', partial: true }, { name: 'Theirs', city: 'Pune' })).toEqual({ name: 'Mine' });
    expect(localEdits({ name: 'Mine' }, undefined)).toEqual({ name: 'Mine' });
  });

  it('nothing queued: the record is the server copy, and no second copy is kept', () => {
    expect(rebasedRow(row({ name: 'Mine' }, { name: 'Old' }), { id: 'a', name: 'New' }, false, 2)).toEqual({
      id: 'a',
      appId: 'a',
      data: { id: 'a', name: 'New' },
      syncedAt: 2,
    });
  });

  it('queued: the new copy with the edits on top, a pinned field kept even where the old copy agreed', () => {
    const held = row({ name: 'Mine', city: 'Pune' }, { name: 'Old', city: 'Pune' });
    const next = rebasedRow(held, { id: 'a', name: 'New', city: 'Nashik' }, true, 2, 'local', ['city']);
    expect(next.data).toEqual({ id: 'a', name: 'Mine', city: 'Pune' });
    expect(next.server).toEqual({ id: 'a', name: 'New', city: 'Nashik' });
  });

  it('no copy known: a pull keeps the record whole, an answer takes the server copy', () => {
    const held = row({ name: 'Mine' });
    expect(rebasedRow(held, { id: 'a', name: 'New', city: 'Pune' }, true, 2).data).toEqual({ id: 'a', name: 'Mine', city: 'Pune' });
    expect(rebasedRow(held, { id: 'a', name: 'New' }, true, 2, 'server').data).toEqual({ id: 'a', name: 'New' });
  });

  it('pins the fields a queued PATCH or PUT of the record sets, nothing of other ops', () => {
    const op = (method: OutboxOp['method'], path: string, body: unknown) => ({ method, path, body, state: 'queued' }) as OutboxOp;
    expect(
      pinnedFields('a', [
        op('PATCH', '/v1/app/mfi/a', { name: 'x' }),
        op('POST', '/v1/app/mfi/a/business', { sales: 1 }),
        op('PUT', '/v1/app/mfi/a', { city: 'y' }),
      ]),
    ).toEqual(['name', 'city']);
  });
});
