import { MSG } from '../../contracts/messages';

export function ErrorScreen({ status, statusText }: { status: number; statusText: string }) {
  return (
    <main className="page" role="alert">
      <h1>{MSG.unexpectedError}</h1>
      <p>
        {status} {statusText}
      </p>
      <a href="#/">Go home</a>
    </main>
  );
}
