// The languages a borrower may read the KFS and the consent in (the phone's own UI languages too). The record of an
// acceptance or a consent names the one it was shown in; the server accepts only these.
import * as v from 'valibot';
import { msg } from './msg';

export const LANGUAGES = ['en', 'hi', 'mr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_MSG = { invalid: msg('Choose English, Hindi or Marathi') } as const;

/** The language a text was shown to the borrower in. */
export const ShownLanguage = v.picklist(LANGUAGES, LANGUAGE_MSG.invalid);
