import { MSG } from '../../contracts/messages';

/** The page's main landmark stays a landmark (a role on <main> would replace it); the message inside is announced. */
export function ErrorScreen({ status, statusText }: { status: number; statusText: string }) {
  return (
    <main className="page">
      <div role="alert">
        <h1>{MSG.unexpectedError}</h1>
        <p>
          {status} {statusText}
        </p>
      </div>
      <a href="#/">Go home</a>
    </main>
  );
}
