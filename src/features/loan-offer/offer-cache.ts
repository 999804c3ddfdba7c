// The offer and its KFS as the server last sent them, kept on the phone for the offer screen to work offline. The
// household and the KFS's lender part live in the (encrypted) meta table: a refresh of the application list replaces
// the application's data with the server's, which does not carry them.
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import type { Household } from '../../../contracts/household-income';
import { getApplicationKfs } from '../../api/kfs/get-application-kfs';
import { mainCall } from '../../api/http';
import { patchCachedApplication, setMeta } from '../../db/records';
import type { UserDb } from '../../db/user-db';
import { kfsMetaKey } from './use-offer-kfs';

const OfferAnswer = envelope(v.looseObject({ final_suggested_loan_amount: v.number() }));
export type OfferHousehold = { household: Household; max_loan_amount: number; household_refusal: string | null };
export const householdMetaKey = (appId: string) => `offer-household:${appId}`;

/** The offer's server-computed extras, split from what the application keeps as `loan_offer`. */
export function splitAnswer(answer: Record<string, unknown>) {
  const { household, max_loan_amount, household_refusal, ...offer } = answer;
  return { offer, extras: household ? ({ household, max_loan_amount, household_refusal } as OfferHousehold) : null };
}

export async function keepAnswer(db: UserDb, appId: string, answer: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const { offer, extras } = splitAnswer(answer);
  await patchCachedApplication(db, appId, () => ({ loan_offer: offer, ...extra }));
  if (extras) await setMeta(db, householdMetaKey(appId), extras);
}

/** Fetches the offer (computed once by the server) and its KFS into the phone's copy. Failures leave the copy as it was. */
export async function refreshOffer(db: UserDb, appId: string) {
  const r = await mainCall(OfferAnswer, '/v1/bureau/bre', { method: 'POST', body: { application_id: appId }, silent: true });
  await keepAnswer(db, appId, r.data);
  const kfs = await getApplicationKfs(appId);
  await setMeta(db, kfsMetaKey(appId), kfs.data);
}
