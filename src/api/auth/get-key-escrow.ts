// The officer's recovery secret from the server (GET /v1/user/key-escrow): only for a signed-in officer, online.
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { mainCall } from '../http';

const Escrow = envelope(v.object({ secret: v.string() }));

export async function fetchRecoverySecret(): Promise<Uint8Array<ArrayBuffer>> {
  const { data } = await mainCall(Escrow, '/v1/user/key-escrow', { silent: true, blocking: false });
  const bytes = Uint8Array.from(atob(data.secret), (c) => c.charCodeAt(0));
  if (bytes.length !== 32) throw new Error('The recovery secret is not 32 bytes');
  return bytes;
}
