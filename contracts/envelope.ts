import * as v from 'valibot';

/** Every answer: `{ success, message?, status_code?, data? }`. Errors: `{ success:false, message, status_code }`. */
export const ApiErrorSchema = v.object({
  success: v.literal(false),
  message: v.string(),
  status_code: v.number(),
  code: v.optional(v.string()),
});

/**
 * Machine-readable reasons an error answer may carry in `code`, for the client's decisions; the message is for people
 * and may change. stillInProgress (409): a request with the same Idempotency-Key is still running, so send it again later.
 */
export const ERROR_CODE = { stillInProgress: 'IDEMPOTENCY_IN_PROGRESS' } as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;

export const envelope = <T extends v.GenericSchema>(data: T) =>
  v.object({
    success: v.boolean(),
    message: v.optional(v.string()),
    status_code: v.optional(v.number()),
    data,
  });

export type Envelope<T> = { success: boolean; message?: string; status_code?: number; data: T };
