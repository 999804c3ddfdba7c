import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Caller } from '../app-env';
import type { FileMeta } from './file-meta';

/**
 * What an upload may say about its application. Staff: as sent (the step that uses the file checks it belongs to the
 * application). A guest: only its own application, which is also the default when none is named; another id → 403.
 */
export function scopeFileMeta(caller: Caller, meta: FileMeta): FileMeta {
  if (caller.kind !== 'guest') return meta;
  if (!caller.applicationId || (meta.application_id !== null && meta.application_id !== caller.applicationId)) {
    throw new ApiError(403, SERVER_MSG.forbidden);
  }
  return { ...meta, application_id: caller.applicationId };
}
