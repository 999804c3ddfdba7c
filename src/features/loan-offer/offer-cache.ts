// The offer and its KFS as the server last sent them, kept on the phone for the offer screen to work offline. The
// household and the KFS (its lender part) live in the encrypted `offers` table, one row per application: a refresh of
// the application list replaces the application's data with the server's, which does not carry them.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Household } from '../../../contracts/household-income';
import type { LoanOffer } from '../../../contracts/loan-offer';
import { type ApplicationKfs, getApplicationKfs } from '../../api/kfs/get-application-kfs';
import { cacheRecords, patchCachedApplication } from '../../db/records';
import type { UserDb } from '../../db/user-db';

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
  // The server's offer answer (POST / PATCH /v1/bureau/bre) is the offer plus its household figures.
  await patchCachedApplication(db, appId, () => ({ loan_offer: offer as LoanOffer, ...extra }));
  if (household) await keepOfferCache(db, appId, { extras: { household, max_loan_amount, household_refusal } as OfferHousehold });
}

/** Fetches the KFS of the offer (there is one once the offer is) into the phone's copy. */
export async function refreshKfs(db: UserDb, appId: string) {
  const kfs = await getApplicationKfs(appId);
  await keepOfferCache(db, appId, { kfs: kfs.data });
}
