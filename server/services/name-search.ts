import type { Queryable } from '../db/db';

// Search by part of a name through the names' words (server/db/migrations/022-name-words.ts). The search's rarest
// piece maps to the lender's words that hold it; each word's applications lie in the scope's list order in their own
// index range, so the matches come out already in list order, one index entry at a time, and a capped count or a page
// stops after the rows it needs. A piece too short or too common for this (held by very many words) is left to the list
// walk and the trigram index (server/services/application-list.ts).

/** A part held by more words than this is common: the list walk or the trigram index answers it. */
export const WORDS_MAX = 24;

/**
 * The words a search uses: those holding its rarest piece (`piece`), whose ranges are read in list order, and whether
 * a match must still be checked against the whole name (anything but one run of letters and digits: the other
 * pieces, their order, the spaces between them).
 */
export type NameWords = { words: string[]; piece: string; recheck: boolean };

export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The lender's words holding `piece`, case-insensitive; WORDS_MAX + 1 of them at most. */
async function wordsHolding(q: Queryable, tenantId: string, piece: string): Promise<string[]> {
  const rows = await q.query<{ word: string }>(
    `SELECT word FROM name_words WHERE tenant_id=$1 AND word LIKE lower($2) LIMIT ${WORDS_MAX + 1}`,
    [tenantId, `%${likeEscape(piece)}%`],
  );
  return rows.map((r) => r.word);
}

/**
 * How words answer a search, or null when they cannot: no piece of 3 characters or more held by at most WORDS_MAX
 * words. The piece held by the fewest words leads; a piece shorter or commoner than that is left to the check.
 */
export async function nameWords(q: Queryable, tenantId: string, search: string): Promise<NameWords | null> {
  const pieces = [...new Set(search.split(/\s+/).filter((p) => p.length >= 3))];
  const held = await Promise.all(pieces.map(async (piece) => ({ piece, words: await wordsHolding(q, tenantId, piece) })));
  const [rarest] = held.filter((h) => h.words.length <= WORDS_MAX).sort((a, b) => a.words.length - b.words.length);
  if (!rarest) return null;
  return { words: rarest.words, piece: rarest.piece, recheck: !/^[\p{L}\p{N}]+$/u.test(search) };
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
  // Checked on the index entry itself (the name is in it), so the ranges stream in list order and stop at the tail.
  const check = nw.recheck ? ` AND name LIKE lower(${like})` : '';
  const piece = nw.words.length > 1 ? `$${params.push(`%${likeEscape(nw.piece)}%`)}` : '';
  const arms = nw.words.map((word) => {
    const w = `$${params.push(word)}`;
    // An application whose name holds two of the words comes once, from the range of the first in sort order: a
    // subquery run for the row at hand, so the range still streams.
    const earlier = `(SELECT true FROM application_name_words x WHERE x.tenant_id=n.tenant_id AND x.application_id=n.application_id
      AND x.word < ${w} AND x.word LIKE lower(${piece}) LIMIT 1) IS NULL`;
    return `(SELECT n.application_id AS page_id, n.updated_at AS page_at FROM application_name_words n
      WHERE ${scope} AND word=${w}${o.cursor('application_id')}${check}${nw.words.length > 1 ? ` AND ${earlier}` : ''}
      ORDER BY updated_at DESC, application_id)`;
  });
  // The start-of arms, less what the name already matched: each row once.
  arms.push(`(SELECT id AS page_id, updated_at AS page_at FROM applications WHERE ${scope}${o.prefix}${o.cursor('id')}
    AND NOT COALESCE(data->>'name' ILIKE ${like}, false) ORDER BY updated_at DESC, id)`);
  return `SELECT page_id, page_at FROM (${arms.join(' UNION ALL ')}) u ORDER BY page_at DESC, page_id ${o.tail}`;
}
