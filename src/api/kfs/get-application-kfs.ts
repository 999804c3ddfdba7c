import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { KfsLender } from '../../../contracts/kfs';
import { mainCall } from '../http';

/** GET /v1/app/mfi/{id}/kfs: the KFS of the application's offer (contracts/kfs.ts) and the acceptance, if any. */
export const ApplicationKfsResponse = envelope(
  v.looseObject({
    proposal_number: v.string(),
    version: v.string(),
    hash: v.string(),
    issued_on: v.string(),
    valid_until: v.string(),
    lender: KfsLender,
    acceptance: v.nullable(v.looseObject({ proposal_number: v.string(), hash: v.string(), accepted_at: v.string() })),
  }),
);
export type ApplicationKfs = v.InferOutput<typeof ApplicationKfsResponse>['data'];

export const getApplicationKfs = (appId: string) =>
  mainCall(ApplicationKfsResponse, `/v1/app/mfi/${appId}/kfs`, { silent: true, blocking: false });
