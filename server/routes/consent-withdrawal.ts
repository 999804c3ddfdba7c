import { Hono } from 'hono';
import { ConsentWithdrawalBody, type ConsentWithdrawn } from '../../contracts/consent';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { authorize } from '../middleware/authorize';
import { body } from '../middleware/body';
import { ok } from '../respond';
import { toApplication } from '../services/application-store';
import { openForWrite, writeApplication } from '../services/application-writes';

// The borrower's consent withdrawal (contracts/consent.ts; docs/regulatory.md "Consent"): the application's owner or
// its branch's review role records it once, as `data.consent_withdrawn` (server-owned) with a `consent_withdrawn`
// event. From then on the authority answers every write 409 (server/services/authority.ts) and the sanction gate holds
// the loan at every step (CONSENT_WITHDRAWN); retention treats the documents as a rejection's.

export const consentWithdrawalRoutes = new Hono<AppEnv>().post(
  '/v1/app/mfi/:id{[0-9a-f]{32}}/consent-withdrawal',
  // Authority first: a caller who may not withdraw learns nothing from the body's validation.
  authorize('consent.withdraw', 'staff'),
  body(ConsentWithdrawalBody),
  async (c) => {
    const caller = requireCaller(c, ['staff']);
    const id = c.req.param('id');
    const { db, config } = c.var.deps;
    const { remarks } = c.req.valid('json');
    const row = await db.tx(async (q) => {
      const { app, role } = await openForWrite(q, caller, id, 'consent.withdraw');
      const now = config.now();
      const record: ConsentWithdrawn = { at: now.toISOString(), by_user_id: caller.userId, role, remarks };
      return writeApplication(q, app, { data: { consent_withdrawn: record }, event: { kind: 'consent_withdrawn', body: record } }, now);
    });
    return ok(c, toApplication(row));
  },
);
