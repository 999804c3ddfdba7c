// The PIN screens: set a PIN after the first online sign-in, unlock with it (offline too), count wrong PINs and
// erase the phone's copy at the limit, and 'Forgot PIN?' through an OTP sign-in that sets a new PIN with nothing lost.
// The unlock screen is a module of its own (unlock-screen.tsx): a signed-in start paints it before the database's code.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { saveVault } from '../../db/vault';
import type { VaultRow } from '../../db/types';
import { moveClearRows, type UserDb } from '../../db/user-db';
import { createKeyVault, recoverKeyVault } from '../../lib/crypto/key-vault';
import { useOnline } from '../../lib/use-online';
import { fetchRecoverySecret } from '../../api/auth/get-key-escrow';
import { PIN_RESET_KEY } from './pin-reset';
import { pageLock } from '../../lib/page-lock';
import { PinInput } from './pin-input';
import { isPin, LockPage as Page, type Who } from './unlock-screen';
import { t } from '../../i18n';

export { ERASED_MESSAGE, UnlockScreen } from './unlock-screen';

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
