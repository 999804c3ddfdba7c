import { MSG } from '../../contracts/messages';
import { t } from '../i18n';

/** The page's main landmark stays a landmark (a role on <main> would replace it); the message inside is announced. */
export function ErrorScreen({ status, statusText }: { status: number; statusText: string }) {
  return (
    <main className="page">
      <div role="alert">
        <h1>{t(MSG.unexpectedError)}</h1>
        <p>
          {status} {statusText}
        </p>
      </div>
      <a href="#/">{t('Go home')}</a>
    </main>
  );
}
