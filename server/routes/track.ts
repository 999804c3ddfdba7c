import { Hono } from 'hono';
import { ExternalLoanId } from '../../contracts/tracking';
import type { AppEnv } from '../app-env';
import { ok, validate } from '../respond';
import { trackApplication } from '../services/application-tracker';
import { clientIp } from '../services/client-ip';
import { checkAndLogPublicAction } from '../services/public-action-limit';

// Loan tracking (REQ-PUB-2, GET /v1/track: tracker_id, hostname →
// message). No token needed, any sent is ignored; `external_loan_id` is accepted for `tracker_id`, `hostname` is
// ignored (the tenant is the host). Counted per address with the partner tracking (budget 'track').

export const trackRoutes = new Hono<AppEnv>().get('/v1/track', async (c) => {
  const { db, config } = c.var.deps;
  await checkAndLogPublicAction(db, config, 'track', clientIp(c));
  const trackerId = validate(ExternalLoanId, c.req.query('tracker_id') ?? c.req.query('external_loan_id') ?? '');
  const { message, data } = await trackApplication(db, c.var.tenantId, trackerId);
  return ok(c, data, message);
});
