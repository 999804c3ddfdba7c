import { CO_APPLICANT_DEVIATIONS, type Deviation, DEVIATION_MSG, DeviationDecision } from '../../contracts/deviations';
import { fourEyesIssue } from '../../contracts/four-eyes';
import { MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import type { Queryable } from '../db/db';
import { validate, withSchemaKeys } from '../respond';
import type { AppRow } from './application-store';
import { openForWrite, recordAppEvent, writeApplication } from './application-writes';

// A supervisor's decision on a deviation (REQ-DEV-2): the officer requests one ('Continue with
// Deviation', or the server adds it to a queued submit; a money figure changed after PD2 raises one), PENDING; only the
// review role decides it, never the one who raised it nor the application's owner (contracts/four-eyes.ts), with remarks,
// recorded with who raised it and who decided it, when; an APPROVED one no longer blocks the CPV. No other write sets a status.

type AppPath = ['deviations'] | ['bank_account', 'deviations'] | ['figures_deviations'] | ['identity_deviations'];
type Where = { kind: 'app'; path: AppPath } | { kind: 'co'; id: string };

/** Where each application-level deviation type is kept in `data` (the borrower's: `deviations`). */
const APP_PATHS: Partial<Record<DeviationDecision['type'], AppPath>> = {
  BANK_NAME_MISMATCH_DEVIATION: ['bank_account', 'deviations'],
  FIGURES_CHANGE_DEVIATION: ['figures_deviations'],
  IDENTITY_CHANGE_DEVIATION: ['identity_deviations'],
};

const listAt = (data: Record<string, unknown>, path: readonly string[]): Deviation[] => {
  const at = path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), data);
  return Array.isArray(at) ? (at as Deviation[]) : [];
};

function whereOf(d: DeviationDecision): Where {
  if (CO_APPLICANT_DEVIATIONS.includes(d.type)) {
    if (!d.record_id) throw new ApiError(400, DEVIATION_MSG.recordId);
    return { kind: 'co', id: d.record_id };
  }
  return { kind: 'app', path: APP_PATHS[d.type] ?? ['deviations'] };
}

/**
 * The deviations with the one of `type` decided; the same decision again is a no-op (null). Never by the one who raised
 * it nor by the application's owner (403, contracts/four-eyes.ts): a second person decides an exception.
 */
function decided(list: Deviation[], d: DeviationDecision, caller: Caller, app: AppRow, now: Date): Deviation[] | null {
  // A list may hold decided ones of the type before the pending one (a decision is never erased): the pending one is decided.
  const pending = list.findIndex((x) => x.type === d.type && (x.status ?? 'PENDING') === 'PENDING');
  const i = pending >= 0 ? pending : list.findLastIndex((x) => x.type === d.type);
  const found = list[i];
  if (!found) throw new ApiError(404, DEVIATION_MSG.notFound);
  const notYou = fourEyesIssue({
    deciderId: caller.userId,
    raisedBy: found.raised_by,
    earlierRaisers: found.earlier_raisers,
    ownerId: app.owner_user_id,
  });
  if (notYou) throw new ApiError(403, notYou);
  if (found.status === d.decision) return null;
  if (found.status && found.status !== 'PENDING') throw new ApiError(409, DEVIATION_MSG.decided);
  const next = [...list];
  next[i] = {
    ...found,
    status: d.decision,
    decided_by: caller.userId ?? undefined,
    decided_at: now.toISOString(),
    decision_remarks: d.remarks,
  };
  return next;
}

async function decideOnCoApplicant(q: Queryable, app: AppRow, id: string, d: DeviationDecision, caller: Caller, now: Date) {
  const [co] = await q.query<{ data: Record<string, unknown> }>(
    `SELECT data FROM co_applicants WHERE tenant_id=$1 AND application_id=$2 AND id=$3 AND status <> 'REPLACED' FOR UPDATE`,
    [app.tenant_id, app.id, id],
  );
  if (!co) throw new ApiError(404, DEVIATION_MSG.notFound);
  const next = decided(listAt(co.data, ['deviations']), d, caller, app, now);
  if (!next) return null;
  await q.query(
    `UPDATE co_applicants SET data = data || jsonb_build_object('deviations', $4::jsonb), updated_at=$5::timestamptz
     WHERE tenant_id=$1 AND application_id=$2 AND id=$3`,
    [app.tenant_id, app.id, id, JSON.stringify(next), now.toISOString()],
  );
  return next.find((x) => x.type === d.type) ?? null;
}

/**
 * In order: DeviationDecision (400); the application of the tenant (404); the review role (403) in an open state (409:
 * sanctioned, rejected); the deviation of that type (on the co-applicant `record_id`) (404); still PENDING (409; the same
 * decision again answers 200 unchanged). One `deviation_decision` event. Answers the application.
 */
export async function decideDeviation(deps: Deps, caller: Caller, appId: string, body: unknown): Promise<AppRow> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, MSG.invalidInput);
  const d = validate(DeviationDecision, withSchemaKeys(DeviationDecision.entries, body as Record<string, unknown>));
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const { app } = await openForWrite(q, caller, appId, 'deviation.decide');
    const where = whereOf(d);
    // The decision's history names both people: who raised the deviation and who decided it.
    const event = (x: Deviation | undefined) => ({
      kind: 'deviation_decision',
      body: {
        type: d.type,
        record_id: d.record_id ?? null,
        decision: d.decision,
        by_user_id: caller.userId,
        raised_by: x?.raised_by ?? null,
      },
    });
    if (where.kind === 'co') {
      const done = await decideOnCoApplicant(q, app, where.id, d, caller, now);
      if (done) await recordAppEvent(q, app, 'deviation_decision', event(done).body, now);
      return app;
    }
    const next = decided(listAt(app.data, where.path), d, caller, app, now);
    if (!next) return app;
    const data =
      where.path.length === 1
        ? { [where.path[0]]: next }
        : { bank_account: { ...(app.data.bank_account as Record<string, unknown>), deviations: next } };
    // The one decided is the entry that changed (the list may hold decided ones of the same type before it).
    const before = listAt(app.data, where.path);
    const one = next.find((x, i) => x !== before[i]);
    return writeApplication(q, app, { data, event: event(one) }, now);
  });
}
