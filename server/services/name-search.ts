import type { Queryable } from '../db/db';

// Search by part of a name through the names' words (server/db/migrations/022-name-words.ts). The search's rarest
// piece maps to the lender's words that hold it; each word's applications lie in the scope's list order in their own
// index range, so the matches come out already in list order, one index entry at a time, and a capped count or a page
// stops after the rows it needs. A piece too common for this (held by very many words) is left to the list walk and
// the trigram index (server/services/application-list.ts).

/** A part held by more words than this is common: the list walk or the trigram index answers it. */
export const WORDS_MAX = 24;

/**
 * The words a search uses: those holding its rarest piece, whose ranges are read in list order, and whether a match
 * must still be checked against the whole name (anything but one run of letters and digits: the other pieces, their
 * order, the spaces between them).
 */
export type NameWords = { words: string[]; recheck: boolean };

export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * How words answer a search, or null when they cannot: no piece held by at most WORDS_MAX words (a common short piece
 * such as "ra"; the list walk finds those fast). The search is split into pieces by the database, as the names are
 * (name_words_of), so both agree on what a space is; the longest four are looked up in the vocabulary, which is small
 * enough to read whole for a piece too short for its trigram index. The piece held by the fewest words leads; the
 * others are left to the check.
 */
export async function nameWords(q: Queryable, tenantId: string, search: string): Promise<NameWords | null> {
  const held = await q.query<{ words: string[] | null }>(
    `SELECT (SELECT array_agg(word) FROM (SELECT word FROM name_words WHERE tenant_id=$1
         AND word LIKE '%' || replace(replace(replace(p, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' LIMIT ${WORDS_MAX + 1}) w) AS words
     FROM (SELECT p FROM name_words_of($2) p ORDER BY length(p) DESC, p LIMIT 4) pieces ORDER BY length(p) DESC, p`,
    [tenantId, search],
  );
  const [rarest] = held
    .map((h) => h.words ?? [])
    .filter((w) => w.length <= WORDS_MAX)
    .sort((a, b) => a.length - b.length);
  if (!rarest) return null;
  return { words: rarest, recheck: !/^[\p{L}\p{N}]+$/u.test(search) };
}

/**
 * The ids and sort keys (page_id, page_at) of the scope's matches in list order: by name through its words, by the
 * start of a mobile, an application id or a tracker id through the applications. `scope` is the list's condition on
 * columns both tables name alike (unqualified, each arm reads one table); `prefix` the start-of arms; `cursor` the
 * keyset condition, given the id column's name; `like` the ILIKE pattern of the whole search; `tail` LIMIT/OFFSET.
 */
export function nameSearchKeysSql(
  scope: string,
  params: unknown[],
  nw: NameWords,
  o: { prefix: string; like: string; cursor: (id: string) => string; tail: string },
): string {
  const like = `$${params.push(o.like)}`;
  const words = `$${params.push(nw.words)}::text[]`;
  // The application's own name, for a name too long to be on its index entry or a word too long to be one ('').
  const whole = `(SELECT a.data->>'name' FROM applications a WHERE a.tenant_id=n.tenant_id AND a.id=n.application_id) ILIKE ${like}`;
  // Checked on the index entry itself (the name is in it), so the ranges stream in list order and stop at the tail.
  const check = nw.recheck ? ` AND COALESCE(name LIKE lower(${like}), ${whole})` : '';
  // An application whose name holds two of the words comes once, from the range of the first in sort order. Each is a
  // subquery run for the row at hand, so the range still streams; the "|| ''" keeps the listed words a filter, not index probes.
  const other = (below: string) =>
    `(SELECT true FROM application_name_words x WHERE x.tenant_id=n.tenant_id AND x.application_id=n.application_id${below}
      AND (x.word || '') = ANY(${words}) LIMIT 1) IS NULL`;
  const arm = (word: string, cond: string) =>
    `(SELECT n.application_id AS page_id, n.updated_at AS page_at FROM application_name_words n
      WHERE ${scope} AND word=${word}${o.cursor('application_id')}${cond} ORDER BY updated_at DESC, application_id)`;
  const arms = nw.words.map((word) => {
    const w = `$${params.push(word)}`;
    return arm(w, `${check}${nw.words.length > 1 ? ` AND ${other(` AND x.word < ${w}`)}` : ''}`);
  });
  arms.push(arm(`''`, ` AND ${whole} AND ${other('')}`));
  // The start-of arms, less what the name already matched: each row once.
  arms.push(`(SELECT id AS page_id, updated_at AS page_at FROM applications WHERE ${scope}${o.prefix}${o.cursor('id')}
    AND NOT COALESCE(data->>'name' ILIKE ${like}, false) ORDER BY updated_at DESC, id)`);
  return `SELECT page_id, page_at FROM (${arms.join(' UNION ALL ')}) u ORDER BY page_at DESC, page_id ${o.tail}`;
}
