import type { Context } from 'hono';
import * as v from 'valibot';
import { MSG } from '../contracts/messages';
import { ApiError } from './api-error';

export function ok<T>(c: Context, data: T, message?: string) {
  return c.json({ success: true, status_code: 200, ...(message ? { message } : {}), data });
}

export function okMessage(c: Context, message: string) {
  return c.json({ success: true, status_code: 200, message });
}

/** Validates a value against a contract schema; the first issue's message becomes a 400. */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, value);
  if (!r.success) throw new ApiError(400, r.issues[0]?.message ?? MSG.invalidInput);
  return r.output;
}

export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, MSG.invalidInput);
  }
}

/**
 * The body with every key of an object schema present (undefined when the client left it out), so a missing
 * field answers its own rule's message rather than valibot's generic "Invalid key"; unknown keys go.
 */
export function withSchemaKeys(entries: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(entries).map((k) => [k, body[k]]));
}
