// The household assessment of an application (contracts/household-income.ts) from what the server holds: the latest
// business visit (`data.cpv_business`), the co-applicants and family members, the bureau's existing EMIs by PAN
// (server/fixtures/identities.ts) and the tenant's documented method (server/fixtures/tenants.ts).
import { assessHousehold, DEFAULT_HOUSEHOLD_METHOD, type Household } from '../../contracts/household-income';
import type { Queryable } from '../db/db';
import { bureauExistingEmis } from '../fixtures/identities';
import { tenantById } from '../fixtures/tenants';
import type { AppRow } from './application-store';
import { recordOr } from './stored-json';

type Row = { type?: string; status?: string; data: Record<string, unknown> };

export async function householdOf(q: Queryable, app: AppRow): Promise<Household> {
  const co = await q.query<Row>('SELECT type, status, data FROM co_applicants WHERE tenant_id=$1 AND application_id=$2', [
    app.tenant_id,
    app.id,
  ]);
  const family = await q.query<Row>('SELECT data FROM family_members WHERE tenant_id=$1 AND application_id=$2', [app.tenant_id, app.id]);
  const visit = app.data.cpv_business;
  return assessHousehold(
    {
      business: recordOr(visit),
      co_applicants: co.map((r) => ({
        type: r.type,
        status: r.status,
        relationship: r.data.relationship,
        income: r.data.income,
        pan: r.data.pan,
        existing_emis: bureauExistingEmis(r.data.pan),
      })),
      family_members: family.map((r) => ({ income: r.data.income, pan: r.data.pan })),
      borrower_existing_emis: bureauExistingEmis(app.data.pan),
    },
    tenantById(app.tenant_id)?.household_income ?? DEFAULT_HOUSEHOLD_METHOD,
  );
}
