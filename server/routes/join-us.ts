import { type Context, Hono } from 'hono';
import { MOBILE_PATTERN } from '../../contracts/patterns';
import { looksLikeTrackerId, normalTrackerId, PARTNER_MSG, PARTNER_TRACKER_PATTERN, PartnerRequest } from '../../contracts/partner';
import { MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { uploadOne } from '../files/multipart-upload';
import { jsonBody, ok, validate, withSchemaKeys } from '../respond';
import { clientIp } from '../services/client-ip';
import { joinUsOwner, submitPartnerRequest, trackPartnerRequest, trackPartnerRequests } from '../services/partner-requests';
import { checkAndLogPublicAction } from '../services/public-action-limit';

// 'Join us' (/v1/join-us/*: partner registration, REQ-PUB-3, and tracking, REQ-PUB-4). No token is needed and
// any token sent is ignored: partners are not signed in and the flow has no OTP. Each call is counted per address
// (server/services/public-action-limit.ts). Shapes in docs/api.md "Public visitors".

/** The registration's 'form fields' may come as JSON, or as a url-encoded or multipart form (text fields only). */
async function formOrJsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) {
    const fields = await c.req.parseBody().catch(() => {
      throw new ApiError(400, MSG.invalidInput);
    });
    return Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === 'string'));
  }
  const body = await jsonBody(c);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, MSG.invalidInput);
  return body as Record<string, unknown>;
}

export const joinUsRoutes = new Hono<AppEnv>()
  .post('/v1/join-us/upload-file', async (c) => {
    const { db, config } = c.var.deps;
    await checkAndLogPublicAction(db, config, 'join-us-upload', clientIp(c));
    // A partner's document belongs to no loan application, whatever the form says.
    const fileId = await uploadOne(c, joinUsOwner(c.var.tenantId), (meta) => ({ ...meta, application_id: null, record_index: null }));
    return ok(c, { file_id: fileId, parsed_data: null });
  })
  .post('/v1/join-us/request', async (c) => {
    const { db, config } = c.var.deps;
    await checkAndLogPublicAction(db, config, 'join-us-request', clientIp(c));
    const body = await formOrJsonBody(c);
    const request = validate(PartnerRequest, withSchemaKeys(PartnerRequest.entries, body));
    return ok(c, await submitPartnerRequest(c.var.deps, c.var.tenantId, request), PARTNER_MSG.submitted);
  })
  .get('/v1/join-us/track', async (c) => {
    const { db, config } = c.var.deps;
    await checkAndLogPublicAction(db, config, 'track', clientIp(c));
    // REQ-PUB-4: tracker_id (a mobile); `mobile` is accepted as well. The tracker_id may also
    // be the request id shown on success (PTR…), which answers that one request.
    const asked = (c.req.query('tracker_id') ?? c.req.query('mobile') ?? '').trim();
    if (looksLikeTrackerId(asked)) {
      const id = normalTrackerId(asked);
      if (!PARTNER_TRACKER_PATTERN.test(id)) throw new ApiError(400, PARTNER_MSG.invalidTracker);
      const { message, requests } = await trackPartnerRequest(c.var.deps, c.var.tenantId, id);
      return ok(c, { requests }, message);
    }
    if (!MOBILE_PATTERN.test(asked)) throw new ApiError(400, PARTNER_MSG.invalidMobile);
    const { message, requests } = await trackPartnerRequests(c.var.deps, c.var.tenantId, asked);
    return ok(c, { requests }, message);
  });
