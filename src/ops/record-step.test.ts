import { describe, expect, it } from 'vitest';
import type { OutboxOp } from '../db/types';
import { busyIds, isLocalRecordId, localRecordId, nextRecordIndex } from './record-step';

const op = (path: string, state: OutboxOp['state'], body: unknown = {}, kind = 'family-member.save') =>
  ({ id: path, kind, path, state, body }) as unknown as OutboxOp;

describe('list steps on the phone', () => {
  it('keeps the local copy of records whose saves are still queued: an update names it in the path, a replace in the body', () => {
    const ops = [
      op('/v1/app/mfi/family-member/f1', 'queued'),
      op('/v1/app/mfi/a/co-applicant/replace', 'needs-attention', { id_to_replace: 'g1' }, 'co-applicant.save'),
      op('/v1/app/mfi/family-member/f2', 'done'),
      op('/v1/app/mfi/family-member/f3', 'queued', {}, 'other.kind'),
    ];
    expect([...busyIds(ops, 'family-member.save')].filter(Boolean)).toEqual(['f1']);
    expect([...busyIds(ops, 'co-applicant.save')]).toContain('g1');
  });
  it('numbers new records after the highest index, and tells local ids from server ids', () => {
    expect(nextRecordIndex([])).toBe(0);
    expect(nextRecordIndex([{ record_index: 0 }, { record_index: 3 }])).toBe(4);
    expect(isLocalRecordId(localRecordId('x'))).toBe(true);
    expect(isLocalRecordId('0123456789abcdef0123456789abcdef')).toBe(false);
  });
});
