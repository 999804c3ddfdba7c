import { isDeepStrictEqual } from 'node:util';
import { EMPLOYMENT_FILE_FIELDS, EmploymentInfo } from '../../contracts/employment';
import { MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import { validate, withSchemaKeys } from '../respond';
import type { AppRow } from './application-store';
import { openForWrite, writeApplication } from './application-writes';
import { assertFilesOfApplication } from './kyc-submit';

// The employment / house verification step (REQ-EMP-1), stored in the application's `data.employment_info`
// (server-owned, reserved in server/routes/applications.ts). The specification names no stage marker for it, so none is
// added. docs/workflow.md "Employment".

export const EMPLOYMENT_SERVER_MSG = {
  borrowerFirst: 'Submit the borrower information before the employment details',
} as const;

/**
 * POST /v1/app/mfi/{id}/employment-info. In order: EmploymentInfo (first message → 400, a left-out field answers its own
 * message); the application of the caller's tenant (404) owned by the caller (403), not rejected (409 'Application
 * Rejected!'), with BORROWER_INFO (409); the salary slips and the company id card (when given) uploads of this tenant for
 * this application (400 'File not found for this application'). Stored whole as `data.employment_info` (a resubmit
 * replaces it), one `employment_info` event; a resubmit that changes nothing writes nothing.
 */
export async function submitEmployment(deps: Deps, caller: Caller, appId: string, body: unknown): Promise<AppRow> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, MSG.invalidInput);
  const fields = validate(EmploymentInfo, withSchemaKeys(EmploymentInfo.entries, body as Record<string, unknown>));
  const now = deps.config.now();

  return deps.db.tx(async (q) => {
    const { app } = await openForWrite(q, caller, appId, 'employment.submit');
    if (!app.stages.includes('BORROWER_INFO')) throw new ApiError(409, EMPLOYMENT_SERVER_MSG.borrowerFirst);
    await assertFilesOfApplication(
      q,
      caller.tenantId,
      app.id,
      EMPLOYMENT_FILE_FIELDS.map((k) => fields[k]).filter((id) => id !== ''),
    );

    const data = JSON.parse(JSON.stringify(fields)) as Record<string, unknown>;
    if (isDeepStrictEqual(app.data.employment_info, data)) return app;

    return writeApplication(
      q,
      app,
      {
        data: { employment_info: data },
        event: {
          kind: 'employment_info',
          body: {
            action: app.data.employment_info === undefined ? 'submit' : 'update',
            company_address_type: fields.company_address_type,
            files: EMPLOYMENT_FILE_FIELDS.filter((k) => fields[k] !== '').length,
          },
        },
      },
      now,
    );
  });
}
