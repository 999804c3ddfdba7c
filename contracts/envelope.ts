import * as v from 'valibot';

/** Every answer: `{ success, message?, status_code?, data? }`. Errors: `{ success:false, message, status_code }`. */
export const ApiErrorSchema = v.object({
  success: v.literal(false),
  message: v.string(),
  status_code: v.number(),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;

export const envelope = <T extends v.GenericSchema>(data: T) =>
  v.object({
    success: v.boolean(),
    message: v.optional(v.string()),
    status_code: v.optional(v.number()),
    data,
  });

export type Envelope<T> = { success: boolean; message?: string; status_code?: number; data: T };
