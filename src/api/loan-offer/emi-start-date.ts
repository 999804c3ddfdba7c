// POST /v1/bureau/get-emi-start-date-from-disbursement-date (REQ-OFFER-1: the EMI start date comes from the disbursement date):
// payload disbursement_date_str, answer emi_start_date.
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { mainCall } from '../http';

export const EmiStartDateAnswer = envelope(v.object({ emi_start_date: v.string() }));

export const emiStartDateCall = (disbursementDmy: string, signal?: AbortSignal) =>
  mainCall(EmiStartDateAnswer, '/v1/bureau/get-emi-start-date-from-disbursement-date', {
    method: 'POST',
    body: { disbursement_date_str: disbursementDmy },
    silent: true,
    signal,
  });
