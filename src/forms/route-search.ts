// The search parameters of the routes as valibot schemas: the router validates them (validateSearch in src/app) and a
// screen reads them typed with useRouteSearch, the same screen serving its /application/ path and its /apply-loan/ one.
// A value of the wrong kind is dropped (the screen then says what is missing), never an error page.
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as v from 'valibot';

const text = v.fallback(v.optional(v.string()), undefined);
/** The router reads `?record_index=2` as a number; a hand-typed link may carry it as text. */
const index = v.fallback(v.optional(v.union([v.number(), v.string()])), undefined);

/** Every step of an application: which one (`?id=`). */
export const APP_SEARCH = v.object({ id: text });
export const MOBILE_SEARCH = v.object({ id: text, status: text, rejection_status: text });
export const CPV_SEARCH = v.object({ id: text, type: text });
export const RECORD_SEARCH = v.object({
  id: text,
  record_index: index,
  family_member_id: text,
  co_applicant_id: text,
  rejected_guarantor_id: text,
});
export const LOAN_TRACK_SEARCH = v.object({ tracker_id: text });
export const PARTNER_TRACK_SEARCH = v.object({ mobile: text });

export type SearchSchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;

export const parseSearch = <S extends SearchSchema>(schema: S, raw: unknown): v.InferOutput<S> => v.parse(schema, raw);

export function useRouteSearch<S extends SearchSchema>(schema: S): v.InferOutput<S> {
  const raw: unknown = useSearch({ strict: false });
  return useMemo(() => parseSearch(schema, raw), [schema, raw]);
}
