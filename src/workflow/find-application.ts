// REQ-HOME-2 lookup: a 10-digit mobile or a 32-character id finds the application, on the phone first, then the server.
import * as v from 'valibot';
import { envelope } from '../../contracts/envelope';
import { APPLICATION_ID_PATTERN, MOBILE_PATTERN } from '../../contracts/patterns';
import { ApiFailure, mainCall } from '../api/http';
import { cacheServerApplications } from '../db/records';
import type { UserDb } from '../db/user-db';
import type { CachedRecord } from '../db/types';

export type LookupQuery = { kind: 'phone' | 'id'; value: string } | null;
type AppData = { id: string; phone?: string; stages?: string[] };
const AppAnswer = envelope(v.looseObject({ id: v.string() }));

/**
 * The mobile's application belongs to another officer (server/services/application-lookup.ts): the server says only
 * whose it is and where, in plain words, and the screen shows them instead of offering a second application.
 */
export class HeldElsewhere extends Error {
  override name = 'HeldElsewhere';
}

export function lookupQuery(text: string): LookupQuery {
  const t = text.trim();
  if (MOBILE_PATTERN.test(t)) return { kind: 'phone', value: t };
  if (APPLICATION_ID_PATTERN.test(t.toLowerCase())) return { kind: 'id', value: t.toLowerCase() };
  return null;
}

async function onPhone(db: UserDb, q: NonNullable<LookupQuery>): Promise<CachedRecord<'applications'> | undefined> {
  if (q.kind === 'id') return db.applications.get(q.value);
  const all = await db.applications.toArray();
  return all.filter((a) => a.data.phone === q.value).sort((a, b) => b.syncedAt - a.syncedAt)[0];
}

/** The server's answer when there is a network (fresher), else the phone's copy; null when neither has it. */
export async function findApplication(
  db: UserDb,
  q: NonNullable<LookupQuery>,
  online: boolean,
  signal?: AbortSignal,
): Promise<AppData | null> {
  if (online) {
    try {
      const path = q.kind === 'phone' ? `/v1/app/mfi/phone-number/${q.value}` : `/v1/app/mfi/${q.value}`;
      const res = await mainCall(AppAnswer, path, { silent: true, signal });
      // Work queued on this phone for it keeps the local copy (cacheServerApplications skips those).
      await cacheServerApplications(db, [{ id: res.data.id, appId: res.data.id, data: res.data }]);
      return ((await db.applications.get(res.data.id))?.data as AppData | undefined) ?? (res.data as AppData);
    } catch (err) {
      if (signal?.aborted) throw err;
      if (err instanceof ApiFailure && err.status === 409) throw new HeldElsewhere(err.message);
      // 404 (the server has none: it may still be queued here), no answer or 5xx: the phone's copy decides.
      const status = err instanceof ApiFailure ? err.status : 0;
      if (status !== 0 && status !== 404 && status < 500) throw err;
    }
  }
  const local = await onPhone(db, q);
  return (local?.data as AppData | undefined) ?? null;
}

/** Stage markers the server gave plus the ones of steps submitted on this phone and not yet answered. */
export function stagesOf(data: {
  stages?: unknown;
  borrower_submitted_at?: unknown;
  kyc_submitted_at?: unknown;
  business_submitted_at?: unknown;
  bank_submitted_at?: unknown;
}): string[] {
  const stages = Array.isArray(data.stages) ? data.stages.filter((s): s is string => typeof s === 'string') : [];
  if (data.borrower_submitted_at && !stages.includes('BORROWER_INFO')) stages.push('BORROWER_INFO');
  if (data.kyc_submitted_at && !stages.includes('BORROWER_BASIC_INFO')) stages.push('BORROWER_BASIC_INFO');
  if (data.business_submitted_at && !stages.includes('BUSINESS_INFO')) stages.push('BUSINESS_INFO');
  if (data.bank_submitted_at && !stages.includes('BANK_ACCOUNT')) stages.push('BANK_ACCOUNT');
  return stages;
}
