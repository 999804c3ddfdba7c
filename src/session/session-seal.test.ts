// @vitest-environment node
// The token and the officer's whole profile are sealed with the data key; a locked app holds neither in
// memory nor in clear storage, and the next unlock opens them again. Real encrypted Dexie on fake-indexeddb.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_PROFILE } from '../../contracts/profile';
import { getToken, hasSession, setToken } from '../api/credentials';
import { openEncryptedUserDb, rawRows, storedText } from '../db/encryption-test-kit';
import { getProfile, profileIsWhole, setProfile } from './profile-store';
import { closeSession, openSession, PROFILE_META, sealChanges, TOKEN_META } from './session-seal';

const PROFILE = {
  ...EMPTY_PROFILE,
  id: 7,
  first_name: 'Anil',
  last_name: 'Deshmukh',
  mobile: '9000000001',
  address: '12 Station Road, Pune',
  account_number: '30012345671',
  role: 'MFI_EMPLOYEE',
  mfi_employee: { designation: 'RELATIONSHIP_OFFICER' },
};
const memory = new Map<string, string>();
let n = 0;

beforeEach(() => {
  memory.clear();
  globalThis.localStorage = {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
    removeItem: (k: string) => void memory.delete(k),
    clear: () => memory.clear(),
    key: () => null,
    length: 0,
  } as Storage;
});
afterEach(() => {
  closeSession();
  setToken(null);
  setProfile(null);
});

describe('session seal', () => {
  it('a fresh sign-in is sealed at the unlock; locked, nothing usable is in memory or clear storage; the next unlock opens it', async () => {
    const name = `seal-${++n}`;
    const { db } = await openEncryptedUserDb(name);
    setToken('a'.repeat(64));
    setProfile(PROFILE);
    expect(JSON.parse(memory.get('flo.profile') ?? '{}')).toEqual(expect.not.objectContaining({ address: PROFILE.address }));
    await openSession(db);
    const stored = await storedText(await rawRows(name));
    expect(stored).not.toContain('a'.repeat(64));
    expect(stored).not.toContain(PROFILE.account_number);
    expect(await db.meta.get(TOKEN_META)).toMatchObject({ value: 'a'.repeat(64) });

    closeSession();
    expect(getToken()).toBeNull();
    expect(hasSession()).toBe(true);
    expect(getProfile()).toMatchObject({ id: 7, first_name: 'Anil', address: '', account_number: '' });
    expect(profileIsWhole()).toBe(false);
    expect([...memory.values()].join(' ')).not.toMatch(/a{64}|30012345671|Station Road/);

    // The next unlock opens what was sealed.
    await openSession(db);
    expect(getToken()).toBe('a'.repeat(64));
    expect(getProfile().address).toBe(PROFILE.address);
  });

  it('opens what was sealed: the token and the same user profile', async () => {
    const name = `seal-${++n}`;
    const { db } = await openEncryptedUserDb(name);
    await db.meta.put({ key: TOKEN_META, value: 'b'.repeat(64) });
    await db.meta.put({ key: PROFILE_META, value: PROFILE });
    // After a reload: the public part of the profile and the marker, no token.
    setProfile({ ...EMPTY_PROFILE, id: 7, first_name: 'Anil' });
    closeSession();
    memory.set('flo.signed-in', '1');
    await openSession(db);
    expect(getToken()).toBe('b'.repeat(64));
    expect(getProfile().account_number).toBe(PROFILE.account_number);
  });

  it('while open, a new token is sealed at once and a sign-out removes the sealed one', async () => {
    const { db } = await openEncryptedUserDb(`seal-${++n}`);
    const stop = sealChanges(db);
    setToken('c'.repeat(64));
    await openSession(db);
    setToken('d'.repeat(64));
    await expect.poll(async () => (await db.meta.get(TOKEN_META))?.value).toBe('d'.repeat(64));
    setToken(null);
    await expect.poll(async () => await db.meta.get(TOKEN_META)).toBeUndefined();
    expect(hasSession()).toBe(false);
    stop();
  });
});
