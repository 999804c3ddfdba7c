import { describe, expect, it } from 'vitest';
import { flushRevocations, pendingRevocations, revokeLater } from './revoke-later';

describe("an offline logout's token revocation", () => {
  it('is queued and retried until the server answers; then it is gone', async () => {
    revokeLater('t-1');
    revokeLater('t-2');
    expect(pendingRevocations()).toBe(2);
    const offline = async () => 'retry' as const;
    expect(await flushRevocations(offline)).toBe(2);
    const seen: string[] = [];
    expect(
      await flushRevocations(async (t) => {
        seen.push(t);
        return 'done';
      }),
    ).toBe(0);
    expect(seen).toEqual(['t-1', 't-2']);
  });
});
