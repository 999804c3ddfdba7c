// The PIN screens: set a PIN after the first online sign-in, unlock with it (offline too), count wrong PINs and
// erase the phone's copy at the limit, and 'Forgot PIN?' through an OTP sign-in that sets a new PIN with nothing lost.
import { useState } from 'react';
import { notifyUnauthorized, setToken } from '../../api/credentials';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { clearWrongPins, countWrongPin, saveVault } from '../../db/vault';
import type { VaultRow } from '../../db/types';
import { deleteUserDb, moveClearRows, type UserDb } from '../../db/user-db';
import { createKeyVault, recoverKeyVault, unlockKeyVault } from '../../lib/crypto/key-vault';
import { WrongPinError } from '../../lib/crypto/errors';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { getProfile, setProfile } from '../../session/profile-store';
import { cachedTenant } from '../../api/tenant/apply-tenant';
import { fetchRecoverySecret } from '../../api/auth/get-key-escrow';
import { MAX_WRONG_PINS, wrongPinMessage } from './lock-policy';
import { PIN_RESET_KEY } from './pin-reset';
import { pageLock } from '../../lib/page-lock';
import { PinInput } from './pin-input';
import { t } from '../../i18n';
import { msg } from '../../../contracts/msg';

export const ERASED_MESSAGE = msg("Too many wrong PINs: this phone's copy of your work was erased. Sign in again.");
const isPin = (p: string) => /^\d{6}$/.test(p);

type Who = { tenant: string; user: string };

/** A lock page says whose phone partition it opens (a shared phone), under the lender's logo. */
function Page({ title, children }: { title: string; children: React.ReactNode }) {
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

/** First sign-in on this phone ('new'), or after 'Forgot PIN?' and an OTP sign-in ('recover'). */
export function SetPinScreen({ db, who, mode, row }: { db: UserDb; who: Who; mode: 'new' | 'recover'; row?: VaultRow }) {
  const online = useOnline();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!isPin(pin)) return setError(t('Enter 6 digits'));
    if (pin !== again) return setError(t('The PINs do not match'));
    if (!online) return setError(t('Connect to the internet to set your PIN.'));
    setBusy(true);
    setError('');
    try {
      const secret = await fetchRecoverySecret();
      const made =
        mode === 'recover' && row ? await recoverKeyVault(row.vault, secret, pin) : await createKeyVault(pin, { recoverySecret: secret });
      await saveVault(db, made.vault);
      pageLock.unlock(made.key);
      localStorage.removeItem(PIN_RESET_KEY);
      const moved = await moveClearRows(who.tenant, who.user, db);
      if (moved) console.info(`moved ${moved} rows into the encrypted database`);
    } catch (err) {
      setError(t('Could not set the PIN: {reason}. Try again.', { reason: err instanceof Error ? err.message : t('no answer') }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={mode === 'recover' ? t('Set a new PIN') : t('Set a PIN for this phone')}>
      <form className="stack" onSubmit={(e) => void submit(e)} aria-label={t('Set PIN')} noValidate>
        <MessageLine variant="info">
          {mode === 'recover'
            ? t('You signed in again: choose a new 6-digit PIN. The work on this phone is kept.')
            : t(
                'The borrowers\u2019 data on this phone is locked with a 6-digit PIN. You will enter it each time you open the app, with or without a network.',
              )}
        </MessageLine>
        <PinInput label={t('New PIN')} value={pin} onChange={setPin} autoFocus />
        <PinInput label={t('Confirm PIN')} value={again} onChange={setAgain} error={error || undefined} />
        <Button type="submit" size="lg" busy={busy} busyText={t('Setting PIN...')}>
          {t('Set PIN')}
        </Button>
      </form>
    </Page>
  );
}

export function UnlockScreen({ db, who, row, unsent }: { db: UserDb; who: Who; row: VaultRow; unsent: number }) {
  const online = useOnline();
  const [pin, setPinValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(wrongPinMessage(row.failedAttempts, unsent));
  // The last try's warning reads as an error (counted, not read from the text, which is in the officer's language).
  const [failed, setFailed] = useState(row.failedAttempts);
  const unlock = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!isPin(pin)) return setNote(t('Enter your 6-digit PIN'));
    setBusy(true);
    try {
      const key = await unlockKeyVault(row.vault, pin);
      await clearWrongPins(db);
      pageLock.unlock(key);
    } catch (err) {
      if (!(err instanceof WrongPinError)) {
        setNote(
          t("This phone's key could not be opened ({reason}). Use 'Forgot PIN?'.", {
            reason: err instanceof Error ? err.message : t('unknown'),
          }),
        );
        return;
      }
      const failed = await countWrongPin(db);
      setFailed(failed);
      setPinValue('');
      if (failed >= MAX_WRONG_PINS) {
        await deleteUserDb(who.tenant, who.user);
        setToken(null);
        setProfile(null);
        toast.error(t(ERASED_MESSAGE));
        notifyUnauthorized();
        return;
      }
      setNote(wrongPinMessage(failed, unsent));
    } finally {
      setBusy(false);
    }
  };
  const forgot = () => {
    if (!online) return setNote(t('Connect to the internet, then sign in again with OTP to set a new PIN.'));
    localStorage.setItem(PIN_RESET_KEY, `${who.tenant}|${who.user}`);
    setToken(null);
    notifyUnauthorized();
  };
  return (
    <Page title={t('Enter your PIN')}>
      <form className="stack" onSubmit={(e) => void unlock(e)} aria-label={t('Unlock')} noValidate>
        <MessageLine variant="info">{t('The work on this phone is locked. Enter your 6-digit PIN to open it.')}</MessageLine>
        <PinInput label={t('PIN')} value={pin} onChange={setPinValue} autoFocus />
        {note && (
          <MessageLine variant={Math.max(row.failedAttempts, failed) >= MAX_WRONG_PINS - 1 ? 'error' : 'warning'}>{note}</MessageLine>
        )}
        <Button type="submit" size="lg" busy={busy} busyText={t('Unlocking...')}>
          {t('Unlock')}
        </Button>
        <Button variant="link" size="link" onClick={forgot}>
          {t('Forgot PIN?')}
        </Button>
      </form>
    </Page>
  );
}
