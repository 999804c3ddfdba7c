import { describe, expect, it } from 'vitest';
import { storageWarning } from './storage-warning';

describe('storage warning', () => {
  it.each([
    [null, 1000, null],
    [100, null, null],
    [100, 0, null],
    [799, 1000, null],
    [800, 1000, 'Storage on this phone is almost full (80 %). Sync your work, then free some space on the phone.'],
    [999, 1000, 'Storage on this phone is almost full (99 %). Sync your work, then free some space on the phone.'],
  ])('usage %s of %s', (usage, quota, text) => {
    expect(storageWarning(usage, quota)).toBe(text);
  });
});
