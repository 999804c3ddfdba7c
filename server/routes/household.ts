import { Hono } from 'hono';
import { DEFAULT_HOUSEHOLD_METHOD, HOUSEHOLD_MSG, MFI_ANNUAL_INCOME_LIMIT } from '../../contracts/household-income';
import type { AppEnv } from '../app-env';
import { tenantById } from '../fixtures/tenants';
import { requireCaller } from '../middleware/session';
import { ok } from '../respond';
import { loadApplication } from '../services/application-store';
import { householdOf } from '../services/household';
import { loanTypeOf } from '../services/loan-offer';

// The household assessment of an application (docs/regulatory.md "Household income"), for PD2: the server's figures
// (the bureau's EMIs are only known here) and the tenant's method, so the phone can redo the business part as the visit
// figures are typed. Staff token; the application of the caller's tenant.
export const householdRoutes = new Hono<AppEnv>().get('/v1/app/mfi/:id{[0-9a-f]{32}}/household', async (c) => {
  const caller = requireCaller(c, ['staff']);
  const app = await loadApplication(c.var.deps.db, caller, c.req.param('id'));
  const household = await householdOf(c.var.deps.db, app);
  const mfi = loanTypeOf(app.data) === 'MFI_BUSINESS_LOAN';
  return ok(c, {
    ...household,
    method: tenantById(caller.tenantId)?.household_income ?? DEFAULT_HOUSEHOLD_METHOD,
    income_limit_refusal: mfi && household.annual_income > MFI_ANNUAL_INCOME_LIMIT ? HOUSEHOLD_MSG.incomeLimit : null,
  });
});
