// The key vault row a signed-in start's PIN screen opens with. Its read is asked for at boot from a module of its own
// (this one, with the bare IndexedDB read and nothing else), so it runs while the PIN screen's code still downloads and
// the route resolves: read from the PIN screen's module, it started only once all of that code had run, and the screen
// waited for it.
import type { VaultRow } from '../db/types';
import { peekVault } from '../db/vault-peek';
import { PIN_RESET_KEY } from '../features/lock/pin-reset';
import { getProfile } from '../session/profile-store';

export const whoOf = (userId: number) => ({ tenant: window.location.host, user: String(userId) });

type Peeked = { key: string; row: Promise<VaultRow | null>; read?: { row: VaultRow | null } };
let peeked: Peeked | null = null;

/** Decided when the screen takes the row, not when it was read: 'Forgot PIN?' may have been asked since. */
const usable = (row: VaultRow | null, key: string) =>
  row && row.failedAttempts === 0 && localStorage.getItem(PIN_RESET_KEY) !== key ? row : null;

/** Asked at boot, beside the runtime configuration: the row the PIN screen opens with (null: the frame's gate). */
export function peekStartVault(): Promise<VaultRow | null> {
  const { id } = getProfile();
  if (id === -1) return Promise.resolve(null);
  const who = whoOf(id);
  const key = `${who.tenant}|${who.user}`;
  if (peeked?.key !== key) {
    const p: Peeked = { key, row: peekVault(who.tenant, who.user) };
    void p.row.then((row) => {
      p.read = { row };
    });
    peeked = p;
  }
  return peeked.row.then((row) => usable(row, key));
}

/**
 * The row, when the boot's read has already answered (the PIN screen then paints in its first render); undefined
 * while it has not. The row is still taken (takeStartVault), with the same answer.
 */
export function startVaultNow(): VaultRow | null | undefined {
  const { id } = getProfile();
  if (id === -1 || !peeked?.read) return undefined;
  const who = whoOf(id);
  const key = `${who.tenant}|${who.user}`;
  return peeked.key === key ? usable(peeked.read.row, key) : undefined;
}

/**
 * The boot's read serves the first start only: a later start in this tab (signed in again after 'Forgot PIN?', the
 * wrong-PIN erase, or as another officer) reads the row afresh.
 */
export function takeStartVault(): Promise<VaultRow | null> {
  const row = peekStartVault();
  peeked = null;
  return row;
}
