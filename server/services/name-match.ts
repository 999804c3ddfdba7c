// Name match of the verification API (/v1/name_matcher): do two or more names, as written on different
// documents, name the same person? Normalises case, spacing, punctuation and honorifics; accepts initials
// ('R. Kumar' ~ 'Ramesh Kumar'), another word order ('Kumar Ramesh'), one missing middle name, joined
// words ('RAMESHKUMAR') and small spelling differences ('Mohammed' ~ 'Mohammad').

const HONORIFICS = new Set(['MR', 'MRS', 'MS', 'MISS', 'SMT', 'SHRIMATI', 'SHRI', 'SRI', 'DR', 'KUM']);

/** Passes at or above this score (and the structural rules below) are a match. */
export const MATCH_THRESHOLD = 0.8;
/** Two different words this similar (edit distance) count as the same word spelt differently. */
const SPELLING_SIMILARITY = 0.75;

export function normaliseName(name: string): string[] {
  const tokens = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  while (tokens.length > 1 && HONORIFICS.has(tokens[0]!)) tokens.shift();
  return tokens.length === 1 && HONORIFICS.has(tokens[0]!) ? [] : tokens;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

type TokenMatch = { score: number; full: boolean };

/** How well two words agree: same word 1, an initial of the other 0.9, a near spelling its similarity. */
function tokenMatch(a: string, b: string): TokenMatch {
  if (a === b) return { score: 1, full: a.length > 1 };
  if (a.length === 1 || b.length === 1) return { score: a[0] === b[0] ? 0.9 : 0, full: false };
  const similarity = 1 - editDistance(a, b) / Math.max(a.length, b.length);
  return similarity >= SPELLING_SIMILARITY ? { score: similarity, full: true } : { score: 0, full: false };
}

export type PairMatch = { is_match: boolean; score: number };

export function matchPair(left: string, right: string): PairMatch {
  const a = normaliseName(left);
  const b = normaliseName(right);
  if (a.length === 0 || b.length === 0) return { is_match: false, score: 0 };
  if (a.join(' ') === b.join(' ')) return { is_match: true, score: 1 };
  if (a.join('') === b.join('')) return { is_match: true, score: 0.95 };

  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const used = new Set<number>();
  let sum = 0;
  let fullMatches = 0;
  let unmatched = 0;
  let inOrder = true;
  let lastIndex = -1;
  for (const token of short) {
    let best = { score: 0, full: false };
    let bestIndex = -1;
    for (const [i, other] of long.entries()) {
      if (used.has(i)) continue;
      const m = tokenMatch(token, other);
      if (m.score > best.score) {
        best = m;
        bestIndex = i;
      }
    }
    if (bestIndex < 0) {
      unmatched += 1;
      continue;
    }
    used.add(bestIndex);
    sum += best.score;
    if (best.full) fullMatches += 1;
    if (bestIndex < lastIndex) inOrder = false;
    lastIndex = bestIndex;
  }

  const missing = long.length - short.length;
  let score = sum / short.length;
  if (missing > 0) score *= 0.9;
  if (!inOrder) score *= 0.95;
  score = Math.round(score * 100) / 100;
  const is_match =
    unmatched === 0 &&
    fullMatches >= 1 &&
    // A single word against a longer name ('Ramesh' vs 'Ramesh Kumar') leaves the surname unconfirmed.
    (missing === 0 || (short.length >= 2 && missing <= 1)) &&
    score >= MATCH_THRESHOLD;
  return { is_match, score };
}

/** All names must match each other; the score is the weakest pair's. */
export function matchNames(names: readonly string[]): PairMatch {
  if (names.length < 2) return { is_match: false, score: 0 };
  let result: PairMatch = { is_match: true, score: 1 };
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const m = matchPair(names[i]!, names[j]!);
      result = { is_match: result.is_match && m.is_match, score: Math.min(result.score, m.score) };
    }
  }
  return result;
}
