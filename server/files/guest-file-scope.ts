import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Caller } from '../app-env';
import type { Queryable } from '../db/db';
import { APP_COLUMNS, type AppRow } from '../services/application-store';
import { authorize } from '../services/authority';
import type { FileMeta } from './file-meta';

/**
 * What an upload may say about its application. Staff: as sent (the step that uses the file checks it belongs to the
 * application). A guest: only its own application, which is also the default when none is named; another id → 403;
 * and no field evidence.
 */
export function scopeFileMeta(caller: Caller, meta: FileMeta): FileMeta {
  if (caller.kind !== 'guest') return meta;
  if (!caller.applicationId || (meta.application_id !== null && meta.application_id !== caller.applicationId)) {
    throw new ApiError(403, SERVER_MSG.forbidden);
  }
  // Field evidence is the staff's visits; a visitor's hash must never flag a staff photo as reused.
  return { ...meta, application_id: caller.applicationId, evidence: null };
}

/**
 * An upload naming an application that exists attaches to it only where the authority table lets the caller
 * add files in its state ('files.attach': 403 / 409), on every upload path, staff or guest (a guest's is always its own,
 * scopeFileMeta). A staff upload naming an application not created yet is kept: an offline
 * phone's uploads may land before the create they belong with (docs/decisions.md 'Sync ordering'), and the step that
 * uses a file checks that it belongs to its application.
 */
export async function scopeUpload(db: Queryable, caller: Caller, meta: FileMeta): Promise<FileMeta> {
  const scoped = scopeFileMeta(caller, meta);
  if (scoped.application_id === null) return scoped;
  const [app] = await db.query<AppRow>(`SELECT ${APP_COLUMNS} FROM applications WHERE tenant_id=$1 AND id=$2`, [
    caller.tenantId,
    scoped.application_id,
  ]);
  if (app) await authorize(db, caller, app, 'files.attach');
  return scoped;
}
