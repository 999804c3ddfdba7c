// REQ-COAP-4 POST /v1/app/mfi/{id}/co-applicant/{coId}/hardcheck: the bureau re-check of a co-applicant.
import * as v from 'valibot';
import type { CoApplicant } from '../../../contracts/co-applicant';
import { envelope } from '../../../contracts/envelope';
import { mainCall } from '../http';

export const HardcheckAnswer = envelope(
  v.looseObject({
    decision: v.string(),
    approval_checks: v.optional(v.custom<CoApplicant['approval_checks']>((x) => typeof x === 'object')),
  }),
);

export const coApplicantHardcheck = (appId: string, coId: string) =>
  mainCall(HardcheckAnswer, `/v1/app/mfi/${appId}/co-applicant/${coId}/hardcheck`, { method: 'POST', silent: true });
