import { Hono } from 'hono';
import { BANK_MSG } from '../../contracts/bank-account';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { jsonBody, ok } from '../respond';
import { toApplication } from '../services/application-store';
import { submitBankAccount } from '../services/bank-account';

// 'Submit bank details'  (main API, staff token): "one call for the initiating officer,
// another for the other roles". POST is the initiating officer's (the application's owner only); PATCH is the other
// roles' (contracts/roles.ts: REVIEW = BRANCH_CREDIT_MANAGER, VERIFICATION = BRANCH_MANAGER), open to any staff member
// of the tenant. Shapes in docs/api.md, rules in docs/workflow.md "Bank account".

const APP_ID = '[0-9a-f]{32}';
const staff = (c: Parameters<typeof requireCaller>[0]) => requireCaller(c, ['staff']);

export const bankAccountRoutes = new Hono<AppEnv>()
  .post(`/v1/app/mfi/:id{${APP_ID}}/bank-account`, async (c) => {
    const caller = staff(c);
    const row = await submitBankAccount(c.var.deps, caller, c.req.param('id'), await jsonBody(c), 'owner');
    return ok(c, toApplication(row), BANK_MSG.submitted);
  })
  .patch(`/v1/app/mfi/:id{${APP_ID}}/bank-account`, async (c) => {
    const caller = staff(c);
    const row = await submitBankAccount(c.var.deps, caller, c.req.param('id'), await jsonBody(c), 'staff');
    return ok(c, toApplication(row), BANK_MSG.submitted);
  });
