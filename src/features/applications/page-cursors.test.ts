import { describe, expect, it } from 'vitest';
import { PageCursors } from './page-cursors';

describe('PageCursors', () => {
  it.each([
    { name: 'the first page never takes a cursor', steps: [['', 0, 'c1']], ask: ['', 0], want: undefined },
    { name: 'the next page takes the cursor its previous page answered', steps: [['', 0, 'c1']], ask: ['', 1], want: 'c1' },
    { name: 'a page two ahead has no cursor yet', steps: [['', 0, 'c1']], ask: ['', 2], want: undefined },
    { name: 'a search keeps its own cursors', steps: [['', 0, 'c1']], ask: ['Patil', 1], want: undefined },
    {
      name: 'a last page (no next_after) forgets what led past it',
      steps: [
        ['', 0, 'c1'],
        ['', 0, null],
      ],
      ask: ['', 1],
      want: undefined,
    },
    {
      name: 'a fresher answer replaces the cursor',
      steps: [
        ['', 1, 'old'],
        ['', 1, 'new'],
      ],
      ask: ['', 2],
      want: 'new',
    },
  ] as const)('$name', ({ steps, ask, want }) => {
    const c = new PageCursors();
    for (const [q, page, next] of steps) c.remember(q, page, next);
    expect(c.before(ask[0], ask[1])).toBe(want);
  });
});
