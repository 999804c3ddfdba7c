import { describe, expect, it } from 'vitest';
import { SINGLE_UPLOAD_MAX_BYTES } from '../sync/upload';
import { BULK_GROUP_MAX, bulkGroups } from './queue-photo';

const big = SINGLE_UPLOAD_MAX_BYTES + 1;

describe('how documents picked together are sent', () => {
  it('small ones together, in groups of at most five; a large one alone (chunked on a slow link)', () => {
    const picked = [1, 2, big, 3, 4, 5, 6, 7].map((size, i) => ({ i, size }));
    expect(bulkGroups(picked).map((g) => g.map((p) => p.i))).toEqual([[0, 1, 3, 4, 5], [6, 7], [2]]);
    expect(BULK_GROUP_MAX).toBe(5);
  });

  it('one document is a group of one (the single upload)', () => {
    expect(bulkGroups([{ size: 10 }])).toEqual([[{ size: 10 }]]);
    expect(bulkGroups([])).toEqual([]);
  });
});
