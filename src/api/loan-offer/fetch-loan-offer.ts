// POST /v1/bureau/bre (main API, staff token): the application's loan offer, computed or stored by the server; the
// screen keeps the answer on the phone (src/features/loan-offer/offer-cache.ts) to discuss it offline.
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { mainCall } from '../http';

export const LoanOfferFetchAnswer = envelope(v.looseObject({ final_suggested_loan_amount: v.number() }));

export const fetchLoanOffer = (appId: string) =>
  mainCall(LoanOfferFetchAnswer, '/v1/bureau/bre', { method: 'POST', body: { application_id: appId } });
