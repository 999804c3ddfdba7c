// The first piece of the staff mobile step: who the borrower is, enough to create the application offline.
import * as v from 'valibot';
import { MobileField } from './auth';
import { MSG } from './messages';
import { msg } from './msg';

export const BORROWER_NAME_MESSAGE = msg(`Enter the borrower's name as on their ID`);

export const BorrowerStartForm = v.object({
  phone: MobileField,
  name: v.pipe(v.string(), v.trim(), v.minLength(2, BORROWER_NAME_MESSAGE), v.maxLength(100, MSG.invalidInput)),
});
export type BorrowerStartForm = v.InferOutput<typeof BorrowerStartForm>;
