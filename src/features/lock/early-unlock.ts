// The PIN form a signed-in start draws before the app's code has run (public/early-start.js and early-form.js, from the
// cache lock-texts.ts keeps), made to unlock: this module reads the key vault row with the bare IndexedDB API and
// unwraps the key when the form is submitted with 6 digits. React's UnlockScreen then takes the form over
// (takeEarlyUnlock): the digits typed, the unwrap under way, or what was asked before any code was there. Nothing here
// imports React, the router or Dexie, so it runs while they still download and compile.
import { peekVault } from '../../db/vault-peek';
import { unlockKeyVault } from '../../lib/crypto/key-vault';

/** What the app keeps for the next start: whose screen, which build drew it, and how it looks. */
export type EarlyCache = {
  user: number;
  /** This module's URL and the app entry's, in the build that wrote them: another build's form is not drawn. */
  url: string;
  entry: string;
  lang: string;
  brand: string | null;
  logo: { src: string; alt: string } | null;
  texts: { title: string; info: string; pin: string; unlock: string; busy: string; forgot: string; short: string };
};

export const EARLY_KEY = 'flo.early-unlock';
export const EARLY_UNLOCK_URL = import.meta.url;

/**
 * What React's unlock screen takes over: the digits typed; what the officer asked ('unlock' with a 6-digit PIN, or
 * 'forgot'); the unwrap this module started for an 'unlock', or null when it had not read the vault by then; the note
 * the form showed (a PIN too short).
 */
export type EarlyState = { pin: string; asked: 'unlock' | 'forgot' | null; pending: Promise<CryptoKey> | null; note: string | null };

const form = () => document.querySelector<HTMLFormElement>('form[data-early]');
let pending: Promise<CryptoKey> | null = null;
/** Set once React has taken the form over: nothing is started here after that. */
let taken = false;

/** Reads the vault row, then unwraps the key when the form is (or was already) submitted. */
async function wire(f: HTMLFormElement): Promise<void> {
  if (taken) return;
  const row = await peekVault(window.location.host, f.dataset.early ?? '');
  if (taken) return;
  // No usable row (wrong PINs counted, none stored): the app's own screen says why; this form goes.
  if (row?.failedAttempts !== 0) return dropEarlyUnlock();
  const start = () => {
    const pin = f.querySelector('input')?.value ?? '';
    if (taken || pending || f.dataset.asked !== 'unlock' || !/^\d{6}$/.test(pin)) return;
    pending = unlockKeyVault(row.vault, pin);
    // Settled by the app, which shows a wrong PIN: never an unhandled rejection meanwhile.
    pending.catch(() => undefined);
  };
  f.addEventListener('early-asked', start);
  start();
}

/**
 * React's PIN screen takes the form over (null when none was drawn); nothing is started here after this. The form
 * stays until React's first commit replaces it, in the same task, so no digit typed in between is lost.
 */
export function takeEarlyUnlock(): EarlyState | null {
  taken = true;
  const f = form();
  if (!f) return null;
  const asked = f.dataset.asked === 'unlock' || f.dataset.asked === 'forgot' ? f.dataset.asked : null;
  const note = f.querySelector<HTMLElement>('.ui-msg--warning');
  return { pin: f.querySelector('input')?.value ?? '', asked, pending, note: note && !note.hidden ? note.textContent : null };
}

/** Removes the early form, if React's first commit has not replaced it already. */
export function dropEarlyUnlock(): void {
  taken = true;
  form()?.closest('main')?.remove();
}

/**
 * The drawn form, once early-form.js has checked it and named its officer (data-early): the app's own code can import
 * this module before that script has run, and then waits for it.
 */
const checked = (): Promise<HTMLFormElement | null> => {
  const f = typeof document === 'undefined' ? null : form();
  if (!f || f.dataset.early) return Promise.resolve(f);
  return new Promise((resolve) => f.addEventListener('early-ready', () => resolve(f), { once: true }));
};
/** Resolves once the drawn form has read the vault row and works (at once when there is none). */
export const earlyWired: Promise<void> = checked().then((f) => (f ? wire(f) : undefined));
