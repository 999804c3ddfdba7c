// GET /v1/app/mfi/{id} (main API, staff token): one application as the server holds it, cached for the screens.
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { mainCall } from '../http';

export const ApplicationAnswer = envelope(v.looseObject({ id: v.string() }));

export const getApplication = (id: string, signal?: AbortSignal) =>
  mainCall(ApplicationAnswer, `/v1/app/mfi/${id}`, { silent: true, signal });
