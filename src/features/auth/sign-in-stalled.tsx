// Between the OTP and the home: the token is here but the profile is not (a dropped link, a 5xx from /v1/user/me).
// The officer always has a way forward, 'Try again' or 'Back to login', never an empty page.
import { useNavigate } from '@tanstack/react-router';
import { MSG } from '../../../contracts/messages';
import { getToken } from '../../api/credentials';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { t } from '../../i18n';
import { msg } from '../../../contracts/msg';
import { loadProfileIfNeeded, logout, useProfileLoad } from './session';

export const PROFILE_LOADING = msg('Loading your profile...');
export const PROFILE_RETRY_HINT = msg('Check the network and try again, or go back to the login.');

export function SignInStalled() {
  const navigate = useNavigate();
  // Without a token nothing can load: only the login is a way on.
  const loadState = useProfileLoad();
  const load = getToken() ? loadState : 'failed';
  const toLogin = () => void navigate({ to: '/login', replace: true });
  return (
    <main className="page stack" aria-busy={load !== 'failed' || undefined}>
      <h1>{t('Signing in')}</h1>
      {load === 'failed' ? (
        <>
          <MessageLine variant="error">{t(MSG.errorFetchingProfile)}</MessageLine>
          <p className="muted">{t(PROFILE_RETRY_HINT)}</p>
          <Button size="lg" onClick={() => void loadProfileIfNeeded(toLogin)}>
            {t('Try again')}
          </Button>
        </>
      ) : (
        <MessageLine variant="info">{t(PROFILE_LOADING)}</MessageLine>
      )}
      <Button variant="outline" size="lg" onClick={() => void logout(toLogin)}>
        {t('Back to login')}
      </Button>
    </main>
  );
}
