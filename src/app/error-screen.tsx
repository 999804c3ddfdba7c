import { MSG } from '../../contracts/messages';
import { t } from '../i18n';

export function ErrorScreen({ status, statusText }: { status: number; statusText: string }) {
  return (
    <main className="page" role="alert">
      <h1>{t(MSG.unexpectedError)}</h1>
      <p>
        {status} {statusText}
      </p>
      <a href="#/">{t('Go home')}</a>
    </main>
  );
}
