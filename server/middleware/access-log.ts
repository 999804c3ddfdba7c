import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

const OUR_ID = /^[0-9a-f]{32}$/;
const PERSONAL = [/\d{6,}/, /[a-z]{5}\d{4}[a-z]/i, /@/];
/** What people put between digits (98765 43210, 98765-43210, +91.98765…): read through when looking for numbers. */
const SEPARATORS = /[\s\-.()+_,/]/g;

/**
 * The path as logged: a segment that looks personal (a mobile, Aadhaar, account number or pincode:
 * 6+ digits in a row, however spaced, dashed or dotted; a PAN; an e-mail) becomes `:redacted`. Our own random 32-hex ids stay, they
 * identify records, not people. E.g. /v1/app/mfi/phone-number/9876543210 → …/phone-number/:redacted.
 */
export function loggablePath(path: string): string {
  return path
    .split('/')
    .map((seg) => {
      let decoded = seg;
      try {
        decoded = decodeURIComponent(seg);
      } catch {
        // keep the raw segment
      }
      if (OUR_ID.test(decoded)) return seg;
      const joined = decoded.replace(SEPARATORS, '');
      return PERSONAL.some((re) => re.test(decoded) || re.test(joined)) ? ':redacted' : seg;
    })
    .join('/');
}

/** One line per request. The path only, never the query string (it can hold pincodes, file ids, signatures). */
export const accessLog = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const start = performance.now();
  await next();
  c.var.deps.log.info({
    t: new Date().toISOString(),
    req_id: c.var.reqId,
    tenant: c.var.tenantId,
    method: c.req.method,
    path: loggablePath(c.req.path),
    status: c.res.status,
    ms: Math.round((performance.now() - start) * 10) / 10,
  });
};
