import { sValidator } from '@hono/standard-validator';
import * as v from 'valibot';
import { MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import { jsonBody, refusalMessage, withSchemaKeys } from '../respond';

// A JSON write's body, checked where its route is defined: read within the limits of jsonBody (size, depth, NUL,
// Aadhaar in text; bidi controls dropped), then the route's contract schema. The handler reads the typed output with
// `c.req.valid('json')`; a refused body answers 400 with the first issue's message, as `validate` does.

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Any JSON object (not an array, not null): the body of a write whose fields a service checks against stored data. */
export const AnyObject = v.custom<Record<string, unknown>>(
  (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
  MSG.invalidInput,
);

/**
 * An object schema over a JSON object body: every key of the schema present (a left-out field answers its own rule's
 * message, not valibot's "Invalid key"), unknown keys dropped, then the schema (with its own checks, if piped).
 */
export function form<const E extends v.ObjectEntries, S extends v.GenericSchema>(entries: E, schema: S) {
  return v.pipe(
    AnyObject,
    v.transform((b): unknown => withSchemaKeys(entries, b)),
    schema,
  );
}

/** The route's body, validated by `schema` (docs/api.md lists the shapes). */
export function body<S extends v.GenericSchema>(schema: S) {
  const validated = sValidator('json', schema, async (result) => {
    if (!result.success) throw new ApiError(400, refusalMessage(result.error[0]?.message));
  });
  // The checked body replaces what the validator would read; its types are the validator's.
  const read: typeof validated = async (c, next) => {
    // Hono's validator reads a body only when it is declared JSON; a body that says otherwise is validated as `{}`.
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
    // Hono's `c.req.json()` parses the cached text (kept as a promise, which bodyCache's type does not say): the
    // checked body, bidi controls dropped, takes its place.
    if (JSON_TYPE.test(type)) Object.assign(c.req.bodyCache, { text: Promise.resolve(JSON.stringify(await jsonBody(c))) });
    return validated(c, next);
  };
  return read;
}

/**
 * A body a service's parse function checks (rules in an order or across fields a schema does not state): its 400s
 * answer as they always did.
 */
export const parsed = <T>(parse: (o: Record<string, unknown>) => T) => v.pipe(AnyObject, v.transform(parse));
