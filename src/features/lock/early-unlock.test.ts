// The PIN form a signed-in start draws before the app has loaded (public/early-form.js): drawn only for the start
// the app itself would open on its PIN screen; its module unwraps the real key when the form is submitted, and hands
// the digits, the unwrap, or what was asked before any code was there over to the app's screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_KEY } from '../../api/credentials';
import { installEncryption } from '../../db/encryption-middleware';
import { openUserDb } from '../../db/user-db';
import { saveVault } from '../../db/vault';
import { createKeyLock } from '../../lib/crypto/key-lock';
import { createKeyVault } from '../../lib/crypto/key-vault';
import { WrongPinError } from '../../lib/crypto/errors';
import { EARLY_KEY, type EarlyCache } from './early-unlock';
import { PROFILE_KEY } from '../../session/profile-store';
import { PIN_RESET_KEY } from './pin-reset';

const read = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
const STUB = read('public/early-start.js');
const FORM = read('public/early-form.js');
const TEMPLATE = read('index.html').match(/<template id="early-pin">[\s\S]*?<\/template>/)![0];
const ENTRY = `${window.location.origin}/assets/index-abc.js`;
const HOST = window.location.host;
const cache = (over: Partial<EarlyCache> = {}): EarlyCache => ({
  user: 7,
  // A module the page cannot load: what it does is tested below, by importing it.
  url: `${window.location.origin}/assets/early-unlock-test.js`,
  entry: ENTRY,
  lang: 'hi-IN',
  brand: '#7c3aed',
  logo: null,
  texts: { title: 'पिन डालें', info: 'i', pin: 'पिन', unlock: 'खोलें', busy: 'b', forgot: 'f', short: 'छह अंक' },
  ...over,
});
type Over = { cache?: Partial<EarlyCache>; marker?: string | null; profileId?: number };
/** A page whose entry is ENTRY, with this storage and index.html's template; `runStub` parses it, as the browser does. */
function start(over: Over = {}) {
  localStorage.clear();
  localStorage.setItem(EARLY_KEY, JSON.stringify(cache(over.cache)));
  localStorage.setItem(PROFILE_KEY, JSON.stringify({ id: over.profileId ?? 7, first_name: 'Anil', last_name: 'Deshmukh' }));
  if (over.marker !== null) localStorage.setItem(SIGNED_IN_KEY, over.marker ?? 'sealed');
  document.head.innerHTML = `<script type="module" src="${ENTRY}"></script>`;
  document.body.innerHTML = `<div id="root"></div>${TEMPLATE}`;
}
/** early-start.js while the page is parsed, then early-form.js, which it loads. */
const runStub = () => {
  new Function(STUB)();
  new Function(FORM)();
};
const earlyForm = () => document.querySelector<HTMLFormElement>('form[data-early]');

describe('early-form.js: drawn only where the app opens on its own PIN screen', () => {
  it.each([
    ['a session sealed behind the PIN', {}, true],
    ['an older build\'s marker ("1")', { marker: '1' }, true],
    ['a sign-in not through to the PIN yet', { marker: 'fresh' }, false],
    ['no session marker', { marker: null }, false],
    ['another officer signed in since', { profileId: 8 }, false],
    ['signed out (no profile)', { profileId: -1 }, false],
    ['another build wrote the cache', { cache: { entry: `${window.location.origin}/assets/index-old.js` } }, false],
    ['a module of another origin', { cache: { url: 'https://elsewhere.example/x.js' } }, false],
  ] as const)('%s → %s', (_name, over: Over, drawn) => {
    start(over);
    runStub();
    expect(earlyForm() !== null).toBe(drawn);
    expect(document.querySelector('#root')!.childElementCount).toBe(drawn ? 1 : 0);
    expect(document.querySelectorAll('script[type="module"]').length).toBe(drawn ? 2 : 1);
  });

  // Drawn while the page is parsed, so what a start meets often (a new build, another officer, a sign-in not through
  // to the PIN) is refused before anything is painted, not removed after.
  it.each([
    ['another build wrote the cache', { cache: { entry: `${window.location.origin}/assets/index-old.js` } }],
    ['another officer signed in since', { profileId: 8 }],
    ['a sign-in not through to the PIN yet', { marker: 'fresh' }],
  ] as const)('%s: early-start.js draws nothing', (_name, over: Over) => {
    start(over);
    new Function(STUB)();
    expect(document.querySelector('#root')!.childElementCount).toBe(0);
  });

  it("not once 'Forgot PIN?' was asked for this officer", () => {
    start();
    localStorage.setItem(PIN_RESET_KEY, `${HOST}|7`);
    runStub();
    expect(earlyForm()).toBeNull();
    start();
    localStorage.setItem(PIN_RESET_KEY, `${HOST}|8`);
    runStub();
    expect(earlyForm()).not.toBeNull();
  });

  it('draws the unlock form in the cached language, and keeps a short PIN out with its message', () => {
    start();
    runStub();
    const form = earlyForm()!;
    expect(form.getAttribute('aria-label')).toBe('खोलें');
    expect(document.querySelector('h2')?.textContent).toBe('पिन डालें');
    expect(document.querySelector('.muted')?.textContent).toBe('Anil Deshmukh');
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(form.querySelector('input')!.autofocus).toBe(true);
    form.querySelector('input')!.value = '13579';
    form.requestSubmit();
    expect(form.querySelector('.ui-msg--warning')?.textContent).toBe('छह अंक');
    expect(form.dataset.asked).toBeUndefined();
  });

  it('a PIN submitted before early-form.js came is checked and asked for once it comes', () => {
    start();
    new Function(STUB)();
    const form = earlyForm()!;
    form.querySelector('input')!.value = '135790';
    expect(form.dispatchEvent(new Event('submit', { cancelable: true }))).toBe(false);
    expect(form.dataset.asked).toBe('unlock');
    new Function(FORM)();
    expect(form.querySelector('button[type="submit"]')?.getAttribute('aria-busy')).toBe('true');
  });
});

describe('early-unlock.ts: the form made to work, and taken over', () => {
  let vaultReady: Promise<void> | null = null;
  // Each start is a page of its own: the module (its unwrap, whether the app took over) starts afresh.
  /** A start with the form drawn and the vault stored; `early()` then loads the module, as the page does. */
  const page = async ({ form = true } = {}) => {
    vaultReady ??= (async () => {
      const db = openUserDb(HOST, '7', { encrypt: (d) => installEncryption(d, createKeyLock()) });
      const { vault } = await createKeyVault('135790', { iterations: 1_000 });
      await saveVault(db, vault);
      db.close();
    })();
    await vaultReady;
    start();
    if (form) runStub();
    else new Function(STUB)();
  };
  const early = () => {
    vi.resetModules();
    return import('./early-unlock');
  };
  const submit = (pin: string) => {
    earlyForm()!.querySelector('input')!.value = pin;
    earlyForm()!.requestSubmit();
  };

  it('a PIN submitted before the module came is unwrapped once it has read the vault', async () => {
    await page();
    submit('135790');
    const m = await early();
    await m.earlyWired;
    const taken = m.takeEarlyUnlock()!;
    expect(taken).toMatchObject({ pin: '135790', asked: 'unlock' });
    expect((await taken.pending!).algorithm.name).toBe('AES-GCM');
    m.dropEarlyUnlock();
    expect(earlyForm()).toBeNull();
  });

  it('a wrong PIN is handed over as the unwrap that fails with WrongPinError', async () => {
    await page();
    const m = await early();
    await m.earlyWired;
    submit('000000');
    const taken = m.takeEarlyUnlock()!;
    expect(taken.asked).toBe('unlock');
    // By name: this test's fresh copy of the module graph has its own WrongPinError class.
    await expect(taken.pending).rejects.toMatchObject({ name: new WrongPinError().name });
  });

  it('after the take-over nothing is started: the app carries out what was asked', async () => {
    await page();
    const m = await early();
    await m.earlyWired;
    const taken = m.takeEarlyUnlock();
    submit('135790');
    expect(taken).toEqual({ pin: '', asked: null, pending: null, note: null });
    expect(m.takeEarlyUnlock()).toEqual({ pin: '135790', asked: 'unlock', pending: null, note: null });
  });

  it('taken over before the vault was read: nothing is started once it is', async () => {
    await page();
    const m = await early();
    m.takeEarlyUnlock();
    await m.earlyWired;
    submit('135790');
    expect(m.takeEarlyUnlock()?.pending).toBeNull();
  });

  it("imported by the app before early-form.js ran: it waits for the form's check, then works", async () => {
    await page({ form: false });
    const m = await early();
    new Function(FORM)();
    await m.earlyWired;
    submit('135790');
    expect((await m.takeEarlyUnlock()!.pending!).algorithm.name).toBe('AES-GCM');
  });

  it('a short PIN: its note goes over to the app with the digits', async () => {
    await page();
    const m = await early();
    submit('135');
    expect(m.takeEarlyUnlock()).toEqual({ pin: '135', asked: null, pending: null, note: 'छह अंक' });
  });
});
