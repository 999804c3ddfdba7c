import { maskAadhaarDeep } from '../../contracts/aadhaar';
import type { Action } from '../../contracts/authority';
import { type Change, changesOf } from '../../contracts/change-history';
import type { CpvInfo, CpvVariant } from '../../contracts/cpv';
import type { Deviation } from '../../contracts/deviations';
import type { ApprovalChecks } from '../../contracts/kyc';
import type { LoanOffer } from '../../contracts/loan-offer';
import type { StoredReference } from '../../contracts/references';
import type { Verifications } from '../../contracts/verification';
import type { Caller } from '../app-env';
import type { Queryable } from '../db/db';
import { APP_COLUMNS, type AppRow, loadApplication, VERIFIED_MAPS, type VerifiedKind } from './application-store';
import { type Authorized, authorize, stateOfRow } from './authority';
import { stampCoApplicant, stampPatch } from './deviation-raiser';
import { assertGate } from './sanction-gate';
import { recordOr } from './stored-json';

// The one module that writes an application row (docs/architecture.md "The server"): a service opens the row with
// `openForWrite`, which loads it of the caller's tenant (404 / 403), locks it and asks the authority table
// (server/services/authority.ts) for the action; only the handle it answers can be written with `writeApplication`,
// `recordAppEvent` or `recordVerification`. The statements (the `data` merge, the ordered stages, the event) live here.

const WRITABLE = Symbol('writable');
const WRITER = Symbol('writer');

/** Who writes through a handle: a new deviation is stamped as raised by them (server/services/deviation-raiser.ts). */
type Writer = { user_id: number | null; role: string | null };

/** An application row loaded, locked and authorized for one action: the only thing the write functions take. */
export type WritableApp = AppRow & { readonly [WRITABLE]: Action | 'public-otp'; readonly [WRITER]?: Writer };

/** The keys of `applications.data` the services own, typed from the contracts; borrower and KYC fields pass as the rest. */
export type AppDataPatch = {
  approval_checks?: ApprovalChecks;
  rejection_reason?: string;
  deviations?: Deviation[];
  business_info?: Record<string, unknown>;
  bank_account?: Record<string, unknown>;
  employment_info?: Record<string, unknown>;
  reference?: StoredReference[];
  cpv_business?: CpvInfo;
  cpv_residence?: CpvInfo;
  pd2_cpv?: CpvVariant[];
  is_pd1_complete?: boolean;
  is_pd2_complete?: boolean;
  remarks?: string;
  loan_offer?: LoanOffer;
  sanctioned?: true;
  is_phone_verified?: true;
} & Record<string, unknown>;

/** What one write changes: top-level `data` keys (merged), the whole stage list (kept in order), the status, an event. */
export type AppChange = {
  data?: AppDataPatch;
  stages?: readonly string[];
  status?: string;
  event?: { kind: string; body: unknown };
};

/**
 * The application of the caller's tenant (404; a guest's other id 403), locked (`lock`, default true, inside a
 * transaction) and authorized for `action` (403 / 409 with the table's words): the handle and the caller's role.
 */
export async function openForWrite(
  q: Queryable,
  caller: Caller,
  id: string,
  action: Action,
  lock = true,
): Promise<{ app: WritableApp } & Authorized> {
  const row = await loadApplication(q, caller, id, lock);
  const authorized = await authorize(q, caller, row, action);
  const app = writable(row, action);
  Object.defineProperty(app, WRITER, { value: { user_id: caller.userId, role: authorized.role } satisfies Writer });
  return { app, ...authorized };
}

/** The handle's writer as a raiser at `now`, or none: a decision never makes its decider the raiser of anything. */
const raiserOf = (app: WritableApp, now: Date) => {
  const w = app[WRITER];
  return w && app[WRITABLE] !== 'deviation.decide' ? { ...w, at: now.toISOString() } : undefined;
};

/** The application a visitor's OTP just found or created (server/services/public-otp.ts): the visitor's own by definition. */
export const openOwnPublicApplication = (row: AppRow): WritableApp => writable(row, 'public-otp');

/** The mark is not enumerable: a spread or a JSON answer of the row stays as it was. */
const writable = (row: AppRow, by: Action | 'public-otp') => Object.defineProperty(row, WRITABLE, { value: by }) as WritableApp;

/** Writes the change and moves `updated_at`; answers the row as stored. */
export async function writeApplication(q: Queryable, app: WritableApp, change: AppChange, now: Date): Promise<AppRow> {
  // The hand-over: whichever write moves the application from DRAFT to HANDED_OVER (the bank account's first submit)
  // passes the sanction gate first, so the verification role is never handed a loan that cannot go on.
  if (
    change.stages &&
    stateOfRow(app) === 'DRAFT' &&
    stateOfRow({ ...app, stages: [...change.stages], status: change.status ?? app.status }) === 'HANDED_OVER'
  ) {
    await assertGate(q, app, 'HAND_OVER');
  }
  const params: unknown[] = [app.tenant_id, app.id, now.toISOString()];
  const sets = ['updated_at = $3::timestamptz'];
  const param = (value: unknown) => `$${params.push(value)}`;
  const raiser = raiserOf(app, now);
  const data = change.data && raiser ? stampPatch(change.data, raiser) : change.data;
  if (data) sets.push(`data = data || ${param(JSON.stringify(data))}::jsonb`);
  if (change.status !== undefined) sets.push(`status = ${param(change.status)}`);
  if (change.stages) {
    sets.push(
      `stages = ARRAY(SELECT e FROM jsonb_array_elements_text(${param(JSON.stringify(change.stages))}::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n)`,
    );
  }
  const [updated] = await q.query<AppRow>(
    `UPDATE applications SET ${sets.join(', ')} WHERE tenant_id=$1 AND id=$2 RETURNING ${APP_COLUMNS}`,
    params,
  );
  if (change.event) await recordAppEvent(q, app, change.event.kind, change.event.body, now);
  if (data) await recordChanges(q, app, changesOf(app.data, data), now);
  return updated!;
}

/**
 * One row of the application's history (`application_events`); never personal fields the event does not need, and
 * never a full Aadhaar number (contracts/aadhaar.ts maskAadhaarDeep).
 */
export async function recordAppEvent(q: Queryable, app: WritableApp, kind: string, body: unknown, now: Date) {
  // A co-applicant's row is written apart and followed by its event: its new deviations are stamped here.
  const coId = kind === 'co_applicant' ? recordOr(body)?.co_applicant_id : undefined;
  const raiser = raiserOf(app, now);
  if (typeof coId === 'string' && raiser) await stampCoApplicant(q, app.tenant_id, coId, raiser);
  await q.query(
    'INSERT INTO application_events (tenant_id, application_id, kind, body, created_at) VALUES ($1,$2,$3,$4::jsonb,$5::timestamptz)',
    [app.tenant_id, app.id, kind, JSON.stringify(maskAadhaarDeep(body)), now.toISOString()],
  );
}

/**
 * One `change` event (the history, contracts/change-history.ts): the tracked fields a write changed, before → after,
 * with who wrote them and in which role. Nothing when nothing tracked changed.
 */
export async function recordChanges(q: Queryable, app: WritableApp, changes: readonly Change[], now: Date) {
  if (changes.length === 0) return;
  const w = app[WRITER];
  await recordAppEvent(q, app, 'change', { by_user_id: w?.user_id ?? null, role: w?.role ?? null, changes }, now);
}

/** `data` keys that hold maps a check adds entries to (one level deep), never client text. */
type MapKey = 'verifications' | (typeof VERIFIED_MAPS)[VerifiedKind] | 'verified_bank_accounts';

/** Adds entries to maps under `data` (and merges `extra`), moves `updated_at`, writes the event. */
export async function mergeIntoMaps(
  q: Queryable,
  app: WritableApp,
  maps: Partial<Record<MapKey, Record<string, unknown>>>,
  event: { kind: string; body: unknown },
  now: Date,
  extra: AppDataPatch = {},
) {
  const params: unknown[] = [app.tenant_id, app.id, now.toISOString()];
  const param = (value: unknown) => `$${params.push(value)}`;
  // The map keys are constants of this file (never client text), so they may be written into the statement.
  const merges = Object.entries(maps).map(
    ([key, entries]) =>
      ` || jsonb_build_object('${key}', COALESCE(data->'${key}', '{}'::jsonb) || ${param(JSON.stringify(entries))}::jsonb)`,
  );
  await q.query(
    `UPDATE applications SET data = data${merges.join('')} || ${param(JSON.stringify(extra))}::jsonb, updated_at = $3::timestamptz
     WHERE tenant_id=$1 AND id=$2`,
    params,
  );
  await recordAppEvent(q, app, event.kind, event.body, now);
}

/**
 * Records one successful check in `data.verifications` (the latest success of a kind replaces the previous one), and
 * for a PAN or voter id also in its per-value map (`verified_pans` / `verified_voter_ids`: value → name), so checking a
 * co-applicant's PAN never loses the borrower's; merges `extra` into `data`, and writes a `verification` event.
 */
export async function recordVerification<K extends keyof Verifications>(
  q: Queryable,
  app: WritableApp,
  a: { kind: K; value: NonNullable<Verifications[K]>; extra?: AppDataPatch; now: Date },
) {
  const entry = a.value as { value?: string; name?: string };
  const maps: Partial<Record<MapKey, Record<string, unknown>>> = { verifications: { [a.kind]: a.value } };
  if (Object.hasOwn(VERIFIED_MAPS, a.kind)) maps[VERIFIED_MAPS[a.kind as VerifiedKind]] = { [entry.value ?? '']: entry.name ?? '' };
  await mergeIntoMaps(q, app, maps, { kind: 'verification', body: { check: a.kind, ...a.value } }, a.now, a.extra);
}
