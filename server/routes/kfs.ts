import { Hono } from 'hono';
import { KFS_MSG } from '../../contracts/kfs';
import { KfsPreviewRequest } from '../../contracts/kfs-schedule';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { outsideAuthority } from '../middleware/authorize';
import { body, form } from '../middleware/body';
import { ok } from '../respond';
import { loadApplication } from '../services/application-store';
import { offerKfs, previewKfs } from '../services/kfs';
import { loanTypeOf, storedOffer } from '../services/loan-offer';

// The Key Facts Statement (RBI/2024-25/18; docs/regulatory.md): the KFS of an application's offer with its acceptance,
// and the KFS money for any terms. Staff token; the application of the caller's tenant.

const staff = (c: Parameters<typeof requireCaller>[0]) => requireCaller(c, ['staff']);

export const kfsRoutes = new Hono<AppEnv>()
  .get('/v1/app/mfi/:id{[0-9a-f]{32}}/kfs', async (c) => {
    const caller = staff(c);
    const { deps } = c.var;
    const app = await loadApplication(deps.db, caller, c.req.param('id'));
    const offer = storedOffer(app.data);
    if (!offer) throw new ApiError(409, KFS_MSG.noOffer);
    const kfs = await offerKfs(caller.tenantId, app.id, loanTypeOf(app.data), offer, deps.config.now());
    if (!kfs) throw new ApiError(409, KFS_MSG.noOffer);
    return ok(c, { ...kfs, acceptance: offer.kfs_acceptance ?? null });
  })
  .post(
    '/v1/kfs/preview',
    outsideAuthority('calculation', 'staff'),
    body(form(KfsPreviewRequest.pipe[0].entries, KfsPreviewRequest)),
    async (c) => {
      const f = previewKfs(c.req.valid('json'));
      return ok(c, {
        apr: f.apr,
        total_payable: f.total_payable,
        net_disbursed: f.net_disbursed,
        total_interest: f.total_interest,
        emi: f.emi,
        emi_start_date: f.emi_start_date,
        schedule: f.schedule,
      });
    },
  );
