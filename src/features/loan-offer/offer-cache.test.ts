import type { LoanOffer } from '../../../contracts/loan-offer';
import { describe, expect, it } from 'vitest';
import { cacheServerApplications, clearPersonalData } from '../../db/records';
import { deleteUserDb, openUserDb } from '../../db/user-db';
import { keepAnswer, type OfferCache } from './offer-cache';

const HOUSEHOLD = {
  business_net_monthly: 1200,
  co_borrower_monthly: 15000,
  family_monthly: 8000,
  monthly_income: 24200,
  annual_income: 290400,
  existing_emis: 3700,
  repayment_cap: 12100,
  emi_room: 8400,
};

describe('the offer kept on the phone', () => {
  it('the household goes beside the offer, stays when the list refresh replaces the application, and goes with the personal data', async () => {
    const db = openUserDb('vikas', 'offer-cache');
    const id = 'a'.repeat(32);
    await keepAnswer(db, id, {
      final_suggested_loan_amount: 100000,
      is_accepted: false,
      household: HOUSEHOLD,
      max_loan_amount: 125000,
      household_refusal: null,
    });

    expect((await db.applications.get(id))?.data).toEqual({ id, loan_offer: { final_suggested_loan_amount: 100000, is_accepted: false } });
    expect((await db.offers.get(id))?.data as OfferCache).toEqual({
      extras: { household: HOUSEHOLD, max_loan_amount: 125000, household_refusal: null },
    });

    // The applications list comes back from the server: the application is replaced, the offer's household is not.
    await cacheServerApplications(db, [{ id, appId: id, data: { id, loan_offer: { final_suggested_loan_amount: 100000 } as LoanOffer } }]);
    expect((await db.offers.get(id))?.data as OfferCache).toMatchObject({ extras: { household: HOUSEHOLD } });

    // An answer without a household (an old server) leaves the last one; the KFS part is kept beside it.
    const kept = (await db.offers.get(id))?.data as OfferCache;
    await db.offers.update(id, { data: { ...kept, kfs: { proposal_number: 'KFS-X' } } });
    await keepAnswer(db, id, { final_suggested_loan_amount: 90000 });
    expect((await db.offers.get(id))?.data).toMatchObject({ extras: { max_loan_amount: 125000 }, kfs: { proposal_number: 'KFS-X' } });

    await clearPersonalData(db);
    expect(await db.offers.count()).toBe(0);
    await deleteUserDb('vikas', 'offer-cache');
  });
});
