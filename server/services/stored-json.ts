// What the database keeps as jsonb reads back untyped: these narrow it by looking, never by a cast.

/** A JSON object (not an array, not null). */
export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The value when it is a JSON object, else undefined. */
export const recordOr = (x: unknown): Record<string, unknown> | undefined => (isRecord(x) ? x : undefined);

/** An object as jsonb keeps it (undefined keys dropped), so an unchanged resubmit compares equal to the stored one. */
export function asJsonb(x: object): Record<string, unknown> {
  const copy: unknown = JSON.parse(JSON.stringify(x));
  if (!isRecord(copy)) throw new Error('Not a JSON object');
  return copy;
}
