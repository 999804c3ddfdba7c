// The server answers each list page with the cursor of its last row (`next_after`): the next page asked with it is
// found by the list index, where a page number alone makes the server step over every row before it.

/** The cursor that leads to each page of each list (a role's, a search's), learnt from the page before it. */
export class PageCursors {
  private readonly known = new Map<string, string>();

  /** The cursor for `page` of the list `q`, when the page before it has answered. */
  before(q: string, page: number): string | undefined {
    return page > 0 ? this.known.get(`${page}|${q}`) : undefined;
  }

  /** What page `page` of `q` answered: the way to the page after it. */
  remember(q: string, page: number, nextAfter: string | null | undefined) {
    if (nextAfter) this.known.set(`${page + 1}|${q}`, nextAfter);
    else this.known.delete(`${page + 1}|${q}`);
  }
}
