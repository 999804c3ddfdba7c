import { isDeepStrictEqual } from 'node:util';
import { MSG } from '../../contracts/messages';
import { REFERENCE_MSG, ReferencesBody, type StoredReference } from '../../contracts/references';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import { randomHex } from '../crypto-utils';
import { validate, withSchemaKeys } from '../respond';
import type { AppRow } from './application-store';
import { openForWrite, writeApplication } from './application-writes';
import { addStage } from './stages';

// References (REQ-REF-1, REQ-REF-2): the whole list, 1 to 3, stored as the
// application's `data.reference` (server-owned, reserved in server/routes/applications.ts). docs/workflow.md "References".

/**
 * PATCH /v1/app/mfi/{id}/reference, any staff member of the tenant, or a guest on its own application. In order:
 * ReferencesBody (400, first issue); the application of the tenant (404; a guest's other id 403); not rejected (409);
 * a CPV stage present (409 'Submit the CPV info before the references'), for a guest the KYC step instead. The list replaces the stored one; a reference without an id gets a new one (32 hex); REFERENCES added;
 * one `reference` event. Unchanged → no write.
 */
export async function submitReferences(deps: Deps, caller: Caller, appId: string, body: unknown): Promise<AppRow> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, MSG.invalidInput);
  const fields = validate(ReferencesBody, withSchemaKeys(ReferencesBody.entries, body as Record<string, unknown>));
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const { app } = await openForWrite(q, caller, appId, 'references.submit');
    // A public visitor never makes a CPV visit: its references follow the KYC step (docs/decisions.md "Public visitors").
    if (caller.kind === 'guest') {
      if (!app.stages.includes('BORROWER_BASIC_INFO')) throw new ApiError(409, REFERENCE_MSG.kycFirst);
    } else if (!app.stages.includes('CPV_BUSINESS_PLACE') && !app.stages.includes('CPV_RESIDENCE')) {
      throw new ApiError(409, REFERENCE_MSG.cpvFirst);
    }
    const list: StoredReference[] = fields.references.map((r) => ({
      ...r,
      id: r.id || randomHex(16),
      ...(r.type === 'BUSINESS_REFERENCE' ? { company_name: r.company_name ?? '' } : {}),
    }));
    const data = JSON.parse(JSON.stringify(list)) as StoredReference[];
    const stages = addStage(app.stages, 'REFERENCES');
    if (stages.length === app.stages.length && isDeepStrictEqual(app.data.reference, data)) return app;
    return writeApplication(
      q,
      app,
      {
        data: { reference: data },
        stages,
        event: { kind: 'reference', body: { by_user_id: caller.userId, count: data.length, types: data.map((r) => r.type) } },
      },
      now,
    );
  });
}
