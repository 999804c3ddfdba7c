// 'Forgot PIN': the officer's recovery secret is made once, is the same on every ask, belongs to that officer of
// that tenant only, and is never given to a guest or without a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../services/sessions';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(async () => s.close());

const escrow = (token?: string, host = 'sahayog.localhost') => call(s.app, 'GET', '/v1/user/key-escrow', { token, host });

describe('GET /v1/user/key-escrow', () => {
  it('answers 32 random bytes, the same for the officer on every sign-in, another for anyone else', async () => {
    const first = await escrow(await signIn(s.app, '9000000001', 'sahayog.localhost'));
    expect(first.status).toBe(200);
    expect(first.res.headers.get('cache-control')).toBe('no-store');
    const secret = first.body.data.secret as string;
    expect(Buffer.from(secret, 'base64')).toHaveLength(32);
    const again = await escrow(await signIn(s.app, '9000000001', 'sahayog.localhost'));
    expect(again.body.data.secret).toBe(secret);
    const colleague = await escrow(await signIn(s.app, '9000000003', 'sahayog.localhost'));
    const otherTenant = await escrow(await signIn(s.app, '9000000001', 'udaan.localhost'), 'udaan.localhost');
    expect(new Set([secret, colleague.body.data.secret, otherTenant.body.data.secret]).size).toBe(3);
  });

  it('refuses no token (401) and a guest (403)', async () => {
    expect((await escrow()).status).toBe(401);
    const guest = await createSession(s.db, {
      tenantId: 'sahayog',
      kind: 'guest',
      userId: null,
      mobile: '9876500001',
      ttlS: 3600,
      now: s.config.now(),
    });
    expect((await escrow(guest)).status).toBe(403);
  });
});
