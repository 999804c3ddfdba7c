import type { MiddlewareHandler } from 'hono';
import type { Action } from '../../contracts/authority';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { loadApplication } from '../services/application-store';
import { authorize } from '../services/authority';

// The authority table at the door: a write naming an application in its path is decided (token → tenant →
// owner or role → state) before its body is read, so a caller who may not write gets 403 / 409 whatever it sends.
// Runs inside the idempotency layer: a replay of an accepted write still gets its stored first answer. Each service
// asks again inside its transaction, on the locked row. Writes that name their application in the body (the checks,
// the loan offer) and the borrower submit (PUT: also a create) are decided in their services only.

const ID = '([0-9a-f]{32})';
type Gate = { method: string; re: RegExp; action: Action; via?: 'co_applicants' | 'family_members' };

const GATES: readonly Gate[] = [
  { method: 'PATCH', re: new RegExp(`^/v1/app/mfi/${ID}$`), action: 'application.patch' },
  { method: 'PATCH', re: new RegExp(`^/v1/app/mfi/${ID}/basic-info$`), action: 'kyc.submit' },
  {
    method: 'POST',
    re: new RegExp(`^/v1/app/mfi/${ID}/co-applicant(/replace|/${ID.slice(1, -1)}/hardcheck)?$`),
    action: 'co_applicant.write',
  },
  { method: 'PATCH', re: new RegExp(`^/v1/app/mfi/co-applicant/${ID}$`), action: 'co_applicant.write', via: 'co_applicants' },
  { method: 'POST', re: new RegExp(`^/v1/app/mfi/${ID}/family-member$`), action: 'family.write' },
  { method: 'PATCH', re: new RegExp(`^/v1/app/mfi/family-member/${ID}$`), action: 'family.write', via: 'family_members' },
  { method: 'POST', re: new RegExp(`^/v1/app/mfi/${ID}/business-detail$`), action: 'business.submit' },
  { method: 'PATCH', re: new RegExp(`^/v1/app/mfi/${ID}/business-detail$`), action: 'business.update' },
  { method: 'POST', re: new RegExp(`^/v1/app/mfi/${ID}/bank-account$`), action: 'bank_account.submit' },
  { method: 'PATCH', re: new RegExp(`^/v1/app/mfi/${ID}/bank-account$`), action: 'bank_account.update' },
  { method: 'POST', re: new RegExp(`^/v1/app/mfi/${ID}/employment-info$`), action: 'employment.submit' },
  { method: 'POST', re: new RegExp(`^/v1/app/mfi/${ID}/(business|residence)-cpv-info$`), action: 'cpv.visit' },
  { method: 'POST', re: new RegExp(`^/v1/app/mfi/${ID}/pd1-review$`), action: 'pd1.review' },
  { method: 'PATCH', re: new RegExp(`^/v1/app/mfi/${ID}/reference$`), action: 'references.submit' },
  { method: 'POST', re: new RegExp(`^/v1/app/mfi/${ID}/deviations/decision$`), action: 'deviation.decide' },
];

/** The gate for a request under the main API, with the id its path names, or null when no gate applies. */
export function gateFor(method: string, path: string): { gate: Gate; id: string } | null {
  for (const gate of GATES) {
    if (gate.method !== method) continue;
    const m = gate.re.exec(path);
    if (m?.[1]) return { gate, id: m[1] };
  }
  return null;
}

export function authorityGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = c.var.caller;
    const found = caller ? gateFor(c.req.method, c.req.path.replace(/^\/api\/main/, '')) : null;
    if (!caller || !found) return next();
    const { db } = c.var.deps;
    let appId = found.id;
    if (found.gate.via) {
      const [row] = await db.query<{ application_id: string }>(
        `SELECT application_id FROM ${found.gate.via} WHERE tenant_id=$1 AND id=$2`,
        [caller.tenantId, found.id],
      );
      if (!row) return next(); // the service answers its own 404
      appId = row.application_id;
    }
    try {
      await authorize(db, caller, await loadApplication(db, caller, appId), found.gate.action);
    } catch (err) {
      // A missing application is the route's to answer (some create it); refusals stand.
      if (err instanceof ApiError && err.status === 404) return next();
      throw err;
    }
    return next();
  };
}
