import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { TenantHouseholdMethod } from '../../../contracts/tenant';
import { mainCall } from '../http';

/** GET /v1/app/mfi/{id}/household: the server's household assessment (contracts/household-income.ts) and the method. */
export const HouseholdResponse = envelope(
  v.object({
    business_net_monthly: v.number(),
    co_borrower_monthly: v.number(),
    family_monthly: v.number(),
    monthly_income: v.number(),
    annual_income: v.number(),
    existing_emis: v.number(),
    repayment_cap: v.number(),
    emi_room: v.number(),
    method: TenantHouseholdMethod,
    income_limit_refusal: v.nullable(v.string()),
  }),
);
export type HouseholdAnswer = v.InferOutput<typeof HouseholdResponse>['data'];

export const getHousehold = (appId: string) =>
  mainCall(HouseholdResponse, `/v1/app/mfi/${appId}/household`, { silent: true, blocking: false });
