// A logout made offline still ends the session on the server: the token it could not revoke is kept in this module's
// memory only (never storage: tokens are never written where a locked phone could read them, src/api/credentials.ts),
// and revoked when the phone is back online. An app closed before then leaves it to the token's own expiry.
import { TOKEN_HEADER } from '../../../contracts/auth';
import { apiBase } from '../runtime-config';

const pending = new Set<string>();
let listening = false;

type Revoke = (token: string) => Promise<'done' | 'retry'>;

/** PUT /v1/user/logout with the given token: revoked, or already dead (401), is done; no answer is a retry. */
const revokeOnServer: Revoke = async (token) => {
  try {
    // Asked for at the call, as src/api/http.ts does: the first pages paint before any API code loads.
    const { ofetch } = await import('ofetch');
    await ofetch('/v1/user/logout', { baseURL: apiBase('main'), method: 'PUT', headers: { [TOKEN_HEADER]: token }, retry: 0 });
    return 'done';
  } catch (err) {
    const status =
      (err as { status?: number; response?: { status?: number } }).status ?? (err as { response?: { status?: number } }).response?.status;
    return status && status < 500 ? 'done' : 'retry';
  }
};

/** Tries every queued revocation once; answers how many are still waiting. */
export async function flushRevocations(revoke: Revoke = revokeOnServer): Promise<number> {
  for (const token of [...pending]) if ((await revoke(token)) === 'done') pending.delete(token);
  return pending.size;
}

/** Queues a token whose revocation did not reach the server, and retries each time the phone comes online. */
export function revokeLater(token: string): void {
  pending.add(token);
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => void flushRevocations());
}

export const pendingRevocations = () => pending.size;
