import type { Context } from 'hono';
import * as v from 'valibot';
import { AADHAAR_TEXT_MSG, containsAadhaar, isAccountNumber } from '../contracts/aadhaar';
import { MSG } from '../contracts/messages';
import { ApiError } from './api-error';

export function ok<T>(c: Context, data: T, message?: string) {
  return c.json({ success: true, status_code: 200, ...(message ? { message } : {}), data });
}

export function okMessage(c: Context, message: string) {
  return c.json({ success: true, status_code: 200, message });
}

/** valibot's own words for a rule without a message of ours: they quote the value received ('… but received "…"'). */
const QUOTES_INPUT = /\breceived\b/i; // 'Received 1.5' too, where a rule states no expected value

/**
 * Validates a value against a contract schema; the first issue's message becomes a 400. A rule without a message of
 * ours answers 'Invalid input' rather than valibot's words, which quote what was sent.
 */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, value);
  if (r.success) return r.output;
  const message = r.issues[0]?.message;
  throw new ApiError(400, message && !QUOTES_INPUT.test(message) ? message : MSG.invalidInput);
}

/** A JSON body's limits: writes are small forms; files go through the upload routes. */
export const JSON_LIMITS = { bytes: 64 * 1024, depth: 16, text: 4000 } as const;
export const BODY_MSG = {
  tooLarge: 'The request is too large',
  nul: 'The request contains a character that is not allowed',
  tooDeep: 'The request is nested too deeply',
  tooLong: `A field is too long: at most ${JSON_LIMITS.text.toLocaleString('en-IN')} characters`,
  number: 'A number in the request is too large',
} as const;

/**
 * Keys whose digits have rules of their own: an Aadhaar number a route masks to its last 4 (the draft writes) or needs
 * (the Aadhaar OTP call), and a bank account number. A file id, a record id, a voter id or the photo of an Aadhaar
 * answer is text like any other; our own random ids never read as one (contracts/aadhaar.ts). A bank account number is
 * exempt only under the exact account-number keys and only as what such a number is, 9–18 digits and nothing else
 * (docs/decisions.md "Aadhaar in free text"): any other key holding 'account' (account_holder_name) is scanned.
 */
const AADHAAR_NUMBER_KEY = /aadhaa?r|uid/i;
const NOT_A_NUMBER_KEY = /_files?$|_from_aadhaa?r$/i;
const hasOwnDigitRules = (key: string, value: string) =>
  isAccountNumber(key, value) || (AADHAAR_NUMBER_KEY.test(key) && !NOT_A_NUMBER_KEY.test(key));

/** Half of a UTF-16 surrogate pair on its own: valid JSON text, but no character (PostgreSQL's jsonb refuses it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const badText = (t: string) => t.includes('\u0000') || LONE_SURROGATE.test(t);
/**
 * Bidi embedding, override and isolate controls: invisible, they reorder what a reviewer reads (a name shown reversed,
 * 'Trojan Source'). Dropped from every string; ZWJ/ZWNJ, which Indic scripts need, stay.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * Walks the parsed body and returns it as stored: its strings without bidi controls. 400 on a NUL or a lone surrogate
 * in any key or string, a full Aadhaar number in text (docs/decisions.md), a number beyond 2^53, or deeper than the limit.
 */
function checked(value: unknown, depth = 0, key = ''): unknown {
  if (typeof value === 'string') {
    if (badText(value)) throw new ApiError(400, BODY_MSG.nul);
    if (value.length > JSON_LIMITS.text) throw new ApiError(400, BODY_MSG.tooLong);
    if (!hasOwnDigitRules(key, value) && containsAadhaar(value)) throw new ApiError(400, AADHAAR_TEXT_MSG);
    return value.replace(BIDI_CONTROLS, '');
  }
  if (typeof value === 'number') {
    // No figure of this product (money, counts, coordinates, times in ms) comes near 2^53: 1e308 is no amount.
    if (Math.abs(value) > Number.MAX_SAFE_INTEGER) throw new ApiError(400, BODY_MSG.number);
    // A 12-digit number sent as a number (an amount, a count) is scanned too.
    if (Number.isInteger(value) && !hasOwnDigitRules(key, String(value)) && containsAadhaar(String(value))) {
      throw new ApiError(400, AADHAAR_TEXT_MSG);
    }
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= JSON_LIMITS.depth) throw new ApiError(400, BODY_MSG.tooDeep);
  if (Array.isArray(value)) return value.map((child, i) => checked(child, depth + 1, String(i)));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, child]) => {
      if (badText(k)) throw new ApiError(400, BODY_MSG.nul);
      // A key is text a client chose: a full number as a key name is stored like any value.
      if (containsAadhaar(k)) throw new ApiError(400, AADHAAR_TEXT_MSG);
      return [k, checked(child, depth + 1, k)];
    }),
  );
}

/**
 * The request's JSON: at most 64 KB (413), no NUL character anywhere (400: PostgreSQL cannot store one in text or
 * jsonb), no text over 4,000 characters, at most 16 levels deep (400), else 400 'Invalid input'. Every JSON route reads
 * its body here, so no record grows without bound.
 */
export async function jsonBody(c: Context): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > JSON_LIMITS.bytes) throw new ApiError(413, BODY_MSG.tooLarge);
  const text = await c.req.text().catch(() => {
    throw new ApiError(400, MSG.invalidInput);
  });
  if (Buffer.byteLength(text) > JSON_LIMITS.bytes) throw new ApiError(413, BODY_MSG.tooLarge);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, MSG.invalidInput);
  }
  return checked(body);
}

/**
 * The body with every key of an object schema present (undefined when the client left it out), so a missing
 * field answers its own rule's message rather than valibot's generic "Invalid key"; unknown keys go.
 */
export function withSchemaKeys(entries: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(entries).map((k) => [k, body[k]]));
}
