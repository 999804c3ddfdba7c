import { isDeepStrictEqual } from 'node:util';
import { EMPLOYMENT_FILE_FIELDS, EmploymentInfo } from '../../contracts/employment';
import { MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import { validate, withSchemaKeys } from '../respond';
import { APP_COLUMNS, type AppRow, loadApplication, recordEvent } from './application-store';
import { assertFilesOfApplication } from './kyc-submit';
import { authorize } from './authority';

// The employment / house verification step (workflow §3 'Employment / house verification', §5 'Employment', §7 'Submit
// employment'), stored in the application's `data.employment_info` (server-owned, reserved in server/routes/applications.ts).
// The specification names no stage marker for it, so none is added. docs/workflow.md "Employment".

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
    const app = await loadApplication(q, caller, appId, true);
    await authorize(q, caller, app, 'employment.submit');
    if (!app.stages.includes('BORROWER_INFO')) throw new ApiError(409, EMPLOYMENT_SERVER_MSG.borrowerFirst);
    await assertFilesOfApplication(q, caller.tenantId, app.id, EMPLOYMENT_FILE_FIELDS.map((k) => fields[k]).filter((id) => id !== ''));

    const data = JSON.parse(JSON.stringify(fields)) as Record<string, unknown>;
    if (isDeepStrictEqual(app.data.employment_info, data)) return app;

    const [updated] = await q.query<AppRow>(
      `UPDATE applications SET data = data || jsonb_build_object('employment_info', $3::jsonb), updated_at = $4::timestamptz
       WHERE tenant_id=$1 AND id=$2 RETURNING ${APP_COLUMNS}`,
      [caller.tenantId, app.id, JSON.stringify(data), now.toISOString()],
    );
    await recordEvent(q, caller.tenantId, app.id, 'employment_info', {
      action: app.data.employment_info === undefined ? 'submit' : 'update', company_address_type: fields.company_address_type,
      files: EMPLOYMENT_FILE_FIELDS.filter((k) => fields[k] !== '').length,
    }, now);
    return updated!;
  });
}
