/** A failure with a status and a user-facing message, answered as `{ success:false, message, status_code }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const errorBody = (status: number, message: string, extra?: Record<string, unknown>) => ({
  success: false as const,
  message,
  status_code: status,
  ...extra,
});
