// GET /v1/app/mfi: one page of the applications the signed-in user may see, optionally searched.
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { mainCall } from '../http';

export const ApplicationsPage = envelope(
  v.object({
    list: v.array(v.looseObject({ id: v.string() })),
    total_elements: v.number(),
    next_after: v.optional(v.nullable(v.string())),
  }),
);

/** `after`: the previous page's `next_after`, so the server finds this page by its index rather than stepping to it. */
export const listApplications = (query: { page: number; size: number; search_by?: string; after?: string }, signal?: AbortSignal) =>
  mainCall(ApplicationsPage, '/v1/app/mfi', { query, signal });
