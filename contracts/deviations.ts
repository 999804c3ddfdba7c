// Workflow §3/§4: a deviation records a name mismatch the officer chose to continue with, for a supervisor to approve.
import * as v from 'valibot';
import { NAME_SOURCES } from './verification';

export const DEVIATION_TYPES = [
  'BORROWER_NAME_MISMATCH_DEVIATION', 'CO_BORROWER_NAME_MISMATCH_DEVIATION', 'GUARANTOR_NAME_MISMATCH_DEVIATION', 'BANK_NAME_MISMATCH_DEVIATION',
] as const;
export type DeviationType = (typeof DEVIATION_TYPES)[number];

export const Deviation = v.object({
  type: v.picklist(DEVIATION_TYPES),
  info: v.object({
    is_match: v.boolean(),
    score: v.optional(v.number()),
    values: v.optional(v.array(v.object({ value: v.string(), source: v.picklist(NAME_SOURCES) }))),
  }),
  /** Set by the server: PENDING until a supervisor approves (APPROVED) or refuses (REJECTED). */
  status: v.optional(v.picklist(['PENDING', 'APPROVED', 'REJECTED'])),
});
export type Deviation = v.InferOutput<typeof Deviation>;
export const Deviations = v.optional(v.array(Deviation));
