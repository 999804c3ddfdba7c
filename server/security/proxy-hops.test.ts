// The client address behind proxies: the leftmost x-forwarded-for entry is written by the caller, so believing it would
// let a forged header bypass the per-address OTP limit. TRUST_PROXY=N takes the address N hops from the right, the one
// the nearest trusted proxy saw; TRUST_PROXY=1 keeps meaning one proxy.
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { settingsFromEnv } from '../config';
import { call, makeTestServer, type TestServer } from '../test-helpers';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

const send = (s: TestServer, mobile: string, xff: string) =>
  call(s.app, 'POST', '/v1/auth/send-otp', {
    json: { mobile, hostname: 'sahayog.localhost' },
    headers: { 'x-client-type': 'web', 'x-forwarded-for': xff },
  });

async function server(trustProxy: number | boolean) {
  const s = await makeTestServer({ otpMaxPerMobile: 100, otpMaxPerIp: 4, trustProxy });
  servers.push(s);
  return s;
}

describe('the client address behind trusted proxies', () => {
  it('one appending proxy: a forged leftmost entry is not a new address', async () => {
    const s = await server(1);
    for (let i = 0; i < 4; i += 1) expect((await send(s, '9000000001', `10.9.9.${i}, 203.0.113.1`)).status).toBe(200);
    const forged = await send(s, '9000000001', '198.51.100.99, 203.0.113.1');
    expect([forged.status, forged.body.message]).toEqual([429, SERVER_MSG.tooManyRequests]);
    // Another client through the same proxy has its own count.
    expect((await send(s, '9000000002', '203.0.113.2')).status).toBe(200);
  });

  it('two proxies: the address two hops from the right', async () => {
    const s = await server(2);
    for (let i = 0; i < 4; i += 1) expect((await send(s, '9000000001', `10.0.0.${i}, 203.0.113.5, 172.16.0.1`)).status).toBe(200);
    expect((await send(s, '9000000001', 'forged, 203.0.113.5, 172.16.0.2')).status).toBe(429);
    expect((await send(s, '9000000002', '203.0.113.6, 172.16.0.1')).status).toBe(200);
  });

  it('TRUST_PROXY reads as a number of hops; 1 and true are one proxy; absent or 0 trusts none', () => {
    const hops = (v: string | undefined) => settingsFromEnv({ TRUST_PROXY: v } as NodeJS.ProcessEnv).config.trustProxy;
    expect([hops('1'), hops('true'), hops('2'), hops('0'), hops(undefined), hops('yes')]).toEqual([1, 1, 2, 0, 0, 0]);
  });
});
