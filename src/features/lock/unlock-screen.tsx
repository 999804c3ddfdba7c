// The PIN screen a signed-in start opens on: the data key unwrapped with the officer's PIN, wrong PINs counted (the
// phone's copy erased at the limit), 'Forgot PIN?'. It needs no database code to paint: the vault row comes from the
// caller (read without Dexie at a cold start, vault-peek.ts), and the database is asked for only when written to.
import { useEffect, useState } from 'react';
import { notifyUnauthorized, setToken } from '../../api/credentials';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { clearWrongPins, countWrongPin } from '../../db/vault';
import type { VaultRow } from '../../db/types';
import type { UserDb } from '../../db/user-db';
import { unlockKeyVault } from '../../lib/crypto/key-vault';
import { WrongPinError } from '../../lib/crypto/errors';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { getProfile, setProfile } from '../../session/profile-store';
import { cachedTenant } from '../../api/tenant/apply-tenant';
import { MAX_WRONG_PINS, wrongPinMessage } from './lock-policy';
import { PIN_RESET_KEY } from './pin-reset';
import { pageLock } from '../../lib/page-lock';
import { PinInput } from './pin-input';
import type { EarlyState } from './early-unlock';
import { forgetEarlyUnlock, LOCK_TEXTS, rememberEarlyUnlock } from './lock-texts';
import { getLocale, t } from '../../i18n';
import { msg } from '../../../contracts/msg';

export const ERASED_MESSAGE = msg("Too many wrong PINs: this phone's copy of your work was erased. Sign in again.");
export const isPin = (p: string) => /^\d{6}$/.test(p);

export type Who = { tenant: string; user: string };

/** A lock page says whose phone partition it opens (a shared phone), under the lender's logo. */
export function LockPage({ title, children }: { title: string; children: React.ReactNode }) {
  const tenant = cachedTenant();
  const { first_name, last_name } = getProfile();
  return (
    <main className="page lock-page">
      {tenant && <img src={tenant.logo_url} alt={tenant.name} height={32} />}
      <h2>{title}</h2>
      {first_name && (
        <p className="muted">
          {first_name} {last_name}
        </p>
      )}
      {children}
    </main>
  );
}

/**
 * `openDb`: the officer's database, which a signed-in start opens while the PIN is typed (its code is not needed to
 * paint this screen); `unsent`: the outbox's unsent items when the screen opens (a wrong PIN counts them again);
 * `early`: the form drawn before the app had loaded (early-unlock.ts), whose digits, unwrap or 'Forgot PIN?' this
 * screen takes over and settles as its own.
 */
export function UnlockScreen({
  openDb,
  who,
  row,
  unsent,
  early,
}: {
  openDb: () => Promise<UserDb>;
  who: Who;
  row: VaultRow;
  unsent: number;
  early?: EarlyState | null;
}) {
  const online = useOnline();
  const [pin, setPinValue] = useState(early?.pin ?? '');
  const [busy, setBusy] = useState(early?.asked === 'unlock' && (!!early.pending || isPin(early.pin)));
  const [note, setNote] = useState<string | null>(early?.note ?? wrongPinMessage(row.failedAttempts, unsent));
  // The last try's warning reads as an error (counted, not read from the text, which is in the officer's language).
  const [failed, setFailed] = useState(row.failedAttempts);
  const settle = async (unwrapped: Promise<CryptoKey>) => {
    setBusy(true);
    try {
      const key = await unwrapped;
      // Only a count left by earlier wrong PINs needs writing: the unlock does not wait for the database otherwise.
      if (Math.max(row.failedAttempts, failed) > 0) await clearWrongPins(await openDb());
      pageLock.unlock(key);
      rememberEarlyUnlock(Number(who.user), cachedTenant(), getLocale());
    } catch (err) {
      if (!(err instanceof WrongPinError)) {
        setNote(
          t("This phone's key could not be opened ({reason}). Use 'Forgot PIN?'.", {
            reason: err instanceof Error ? err.message : t('unknown'),
          }),
        );
        return;
      }
      // Wrong PINs are counted in the database: the next start's early form would not show the count, so it is not drawn.
      forgetEarlyUnlock();
      const db = await openDb();
      const failedNow = await countWrongPin(db);
      setFailed(failedNow);
      setPinValue('');
      if (failedNow >= MAX_WRONG_PINS) {
        await import('../../db/user-db').then((m) => m.deleteUserDb(who.tenant, who.user));
        setToken(null);
        setProfile(null);
        toast.error(t(ERASED_MESSAGE));
        notifyUnauthorized();
        return;
      }
      const unsentNow = await import('../../db/hooks')
        .then((m) => m.countOutbox(db))
        .then(
          (c) => c.pending,
          () => unsent,
        );
      setNote(wrongPinMessage(failedNow, unsentNow));
    } finally {
      setBusy(false);
    }
  };
  const unlock = (e: React.FormEvent) => {
    e.preventDefault();
    if (!isPin(pin)) return setNote(t(LOCK_TEXTS.short));
    void settle(unlockKeyVault(row.vault, pin));
  };
  const forgot = () => {
    if (!online) return setNote(t('Connect to the internet, then sign in again with OTP to set a new PIN.'));
    localStorage.setItem(PIN_RESET_KEY, `${who.tenant}|${who.user}`);
    setToken(null);
    notifyUnauthorized();
  };
  // What the early form was asked before this screen came: carried out once, as if asked here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the early form's request is taken over on mount only
  useEffect(() => {
    if (early?.asked === 'forgot') forgot();
    else if (early?.asked !== 'unlock') return;
    else if (early.pending || isPin(early.pin)) void settle(early.pending ?? unlockKeyVault(row.vault, early.pin));
    else setNote(t(LOCK_TEXTS.short));
  }, []);
  return (
    <LockPage title={t(LOCK_TEXTS.title)}>
      <form className="stack" onSubmit={unlock} aria-label={t(LOCK_TEXTS.unlock)} noValidate>
        <MessageLine variant="info">{t(LOCK_TEXTS.info)}</MessageLine>
        <PinInput label={LOCK_TEXTS.pin} value={pin} onChange={setPinValue} autoFocus />
        {note && (
          <MessageLine variant={Math.max(row.failedAttempts, failed) >= MAX_WRONG_PINS - 1 ? 'error' : 'warning'}>{note}</MessageLine>
        )}
        <Button type="submit" size="lg" busy={busy} busyText={t(LOCK_TEXTS.busy)}>
          {t(LOCK_TEXTS.unlock)}
        </Button>
        <Button variant="link" size="link" onClick={forgot}>
          {t(LOCK_TEXTS.forgot)}
        </Button>
      </form>
    </LockPage>
  );
}
