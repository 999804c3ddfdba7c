// The offer and its KFS as the server last sent them, kept on the phone for the offer screen to work offline. The
// household and the KFS (its lender part) live in the encrypted `offers` table, one row per application: a refresh of
// the application list replaces the application's data with the server's, which does not carry them.
import { useLiveQuery } from 'dexie-react-hooks';
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import type { Household } from '../../../contracts/household-income';
import { mainCall } from '../../api/http';
import { type ApplicationKfs, getApplicationKfs } from '../../api/kfs/get-application-kfs';
import { cacheRecords, patchCachedApplication } from '../../db/records';
import type { UserDb } from '../../db/user-db';

const OfferAnswer = envelope(v.looseObject({ final_suggested_loan_amount: v.number() }));
export type OfferHousehold = { household: Household; max_loan_amount: number; household_refusal: string | null };
export type OfferCache = { extras?: OfferHousehold; kfs?: ApplicationKfs };

async function keepOfferCache(db: UserDb, appId: string, patch: OfferCache) {
  const row = await db.offers.get(appId);
  await cacheRecords(db, 'offers', [{ id: appId, appId, data: { ...(row?.data as OfferCache | undefined), ...patch } }]);
}

export const useOfferCache = (db: UserDb | null, appId: string) =>
  useLiveQuery(async () => (db && appId ? ((await db.offers.get(appId))?.data as OfferCache | undefined) : undefined), [db, appId]);

/** Keeps an offer answer: the offer as the application's `loan_offer`, the server-computed household beside it. */
export async function keepAnswer(db: UserDb, appId: string, answer: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const { household, max_loan_amount, household_refusal, ...offer } = answer;
  await patchCachedApplication(db, appId, () => ({ loan_offer: offer, ...extra }));
  if (household) await keepOfferCache(db, appId, { extras: { household, max_loan_amount, household_refusal } as OfferHousehold });
}

/** Fetches the offer (computed once by the server) and its KFS into the phone's copy. Failures leave the copy as it was. */
export async function refreshOffer(db: UserDb, appId: string) {
  const r = await mainCall(OfferAnswer, '/v1/bureau/bre', { method: 'POST', body: { application_id: appId }, silent: true });
  await keepAnswer(db, appId, r.data);
  const kfs = await getApplicationKfs(appId);
  await keepOfferCache(db, appId, { kfs: kfs.data });
}
