// The vault row a signed-in start reads at boot: given to the PIN screen's first render once read (so it paints in
// that render), with the same answer as the read itself; nothing for a row with wrong PINs counted or after 'Forgot
// PIN?'; and read afresh by a later start in the tab.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_PROFILE } from '../../contracts/profile';
import { installEncryption } from '../db/encryption-middleware';
import { openUserDb } from '../db/user-db';
import { countWrongPin, saveVault } from '../db/vault';
import { PIN_RESET_KEY } from '../features/lock/pin-reset';
import { createKeyLock } from '../lib/crypto/key-lock';
import { createKeyVault } from '../lib/crypto/key-vault';
import { setProfile } from '../session/profile-store';
import { peekStartVault, startVaultNow, takeStartVault } from './start-vault';

let user = 100;
const host = () => window.location.host;

async function officerWithVault(wrongPins = 0) {
  user += 1;
  const db = openUserDb(host(), String(user), { encrypt: (d) => installEncryption(d, createKeyLock()) });
  const { vault } = await createKeyVault('135790', { iterations: 1_000, recoverySecret: crypto.getRandomValues(new Uint8Array(32)) });
  await saveVault(db, vault, 1000);
  for (let i = 0; i < wrongPins; i += 1) await countWrongPin(db);
  db.close();
  setProfile({ ...EMPTY_PROFILE, id: user, first_name: 'Asha' });
}

describe('the start vault', () => {
  beforeEach(() => localStorage.removeItem(PIN_RESET_KEY));
  afterEach(async () => {
    await takeStartVault();
    setProfile(null);
  });

  it('is not there before the read answers, then the first render gets the row the read gives', async () => {
    await officerWithVault();
    const read = peekStartVault();
    expect(startVaultNow()).toBeUndefined();
    const row = await read;
    expect(row).toMatchObject({ id: 'data-key', failedAttempts: 0 });
    expect(startVaultNow()).toBe(row);
    expect(await takeStartVault()).toBe(row);
  });

  it("gives no row (the frame's gate) when wrong PINs are counted or a PIN reset was asked", async () => {
    await officerWithVault(1);
    await peekStartVault();
    expect(startVaultNow()).toBeNull();
    await takeStartVault();

    await officerWithVault();
    await peekStartVault();
    localStorage.setItem(PIN_RESET_KEY, `${host()}|${user}`);
    expect(startVaultNow()).toBeNull();
    expect(await takeStartVault()).toBeNull();
  });

  it('serves the first start only: once taken, a later start reads again', async () => {
    await officerWithVault();
    await peekStartVault();
    await takeStartVault();
    expect(startVaultNow()).toBeUndefined();
    setProfile(null);
    expect(await peekStartVault()).toBeNull();
  });
});
