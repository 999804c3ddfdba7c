import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

const OUR_ID = /^[0-9a-f]{32}$/;
const PERSONAL = [/\d{6,}/, /[a-z]{5}\d{4}[a-z]/i, /@/];

/**
 * The path as logged: a segment that looks personal (a mobile, Aadhaar, account number or pincode:
 * 6+ digits however they are written, also across segments; a PAN; an e-mail) becomes `:redacted`. Our own random 32-hex ids stay, they
 * identify records, not people. E.g. /v1/app/mfi/phone-number/9876543210 → …/phone-number/:redacted.
 */
export function loggablePath(path: string): string {
  const segments = path.split('/').map((seg) => {
    try {
      return { raw: seg, text: decodeURIComponent(seg) };
    } catch {
      return { raw: seg, text: seg };
    }
  });
  const digitsOnly = (t: string) => t !== '' && /^[^A-Za-z]*$/.test(t) && /\d/.test(t);
  const personal = segments.map(({ text }) => {
    if (OUR_ID.test(text)) return false;
    // Digits however they are written (spaces, dashes, dots, colons...): all non-digits go before the count.
    return PERSONAL.some((re) => re.test(text)) || /\d{6,}/.test(text.replace(/\D/g, ''));
  });
  // A number split over path segments (/98765/43210) is one number.
  for (let i = 0; i < segments.length; i += 1) {
    let j = i;
    let digits = '';
    while (j < segments.length && digitsOnly(segments[j]!.text)) digits += segments[j++]!.text.replace(/\D/g, '');
    if (j - i > 1 && digits.length >= 6) for (let k = i; k < j; k += 1) personal[k] = true;
    i = Math.max(i, j - 1);
  }
  return segments.map((seg, i) => (personal[i] ? ':redacted' : seg.raw)).join('/');
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
