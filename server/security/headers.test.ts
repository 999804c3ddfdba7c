// Response headers on every kind of answer, HSTS only over TLS, and a CSP the built PWA can live with.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultInjector } from '../middleware/fault-injection';
import { CSP, HSTS } from '../middleware/security-headers';
import { blob, call, form, jpegBytes, makeTestServer, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let token: string;
let fileUrl: string;
const faults = createFaultInjector();

beforeAll(async () => {
  s = await makeTestServer({ maxUploadMb: 1 }, { faults });
  token = await signIn(s.app);
  const dist = s.config.distDir;
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  const fileId = (await call(s.app, 'POST', '/v1/file/upload', { token, body: form({ file: blob(jpegBytes()), file_type: 'KYC' }) })).body
    .data.file_id;
  fileUrl = (await call(s.app, 'GET', `/v1/loan-application/presigned-url?file_id=${fileId}`, { token })).body.data.file_url;
});
afterAll(async () => {
  await s.close();
});

const req = async (url: string, init: RequestInit = {}): Promise<Response> => s.app.fetch(new Request(url, init));
const api = (path: string, init: RequestInit = {}) =>
  req(`http://sahayog.localhost/api/main${path}`, { ...init, headers: { token, ...init.headers } });

describe('security headers on every kind of answer', () => {
  const cases: Array<[string, () => Promise<Response>, string | null]> = [
    ['API 200', () => api('/v1/bank/list'), 'no-store'],
    ['API 401', () => req('http://sahayog.localhost/api/main/v1/user/me'), 'no-store'],
    ['API 404', () => req('http://sahayog.localhost/api/main/v1/nope'), 'no-store'],
    [
      'API 400 (bad JSON)',
      () =>
        req('http://sahayog.localhost/api/main/v1/auth/send-otp', {
          method: 'POST',
          body: '{',
          headers: { 'content-type': 'application/json' },
        }),
      'no-store',
    ],
    ['API 413 (body limit)', () => api('/v1/file/upload', { method: 'POST', body: new Uint8Array(6 * 1024 * 1024 + 10) }), 'no-store'],
    [
      'API 503 (injected)',
      () => {
        faults.add({ fault: { kind: 'status', status: 503, retryAfterS: 5 }, times: 1 });
        return api('/v1/uploads', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      },
      'no-store',
    ],
    [
      'idempotent replay',
      async () => {
        const send = () =>
          api('/v1/auth/resend-otp', {
            method: 'POST',
            body: '{"session_id":"x"}',
            headers: { 'content-type': 'application/json', 'Idempotency-Key': 'hdr-1' },
          });
        await send();
        return send();
      },
      'no-store',
    ],
    ['served file', () => req(`http://sahayog.localhost${fileUrl}`), 'private, no-store'],
    ['PWA shell', () => req('http://sahayog.localhost/'), 'no-cache'],
    ['PWA asset', () => req('http://sahayog.localhost/assets/index-abc.js'), 'public, max-age=31536000, immutable'],
  ];
  it.each(cases)('%s', async (_n, get, cache) => {
    const res = await get();
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('permissions-policy')).toContain('camera=(self), geolocation=(self)');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe(cache);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('Content-Security-Policy', () => {
  const directives = new Map(
    CSP.split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v]),
  );
  it.each([
    ['default-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['connect-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['worker-src', ["'self'", 'blob:']],
  ])('%s is exactly %j', (name, values) => {
    expect([...(directives.get(name) ?? [])].sort()).toEqual([...values].sort());
  });

  it('lets the PWA run: no inline scripts or handlers in its pages, no injected service-worker snippet', () => {
    const pages = [
      'index.html',
      ...readdirSync('public')
        .filter((p) => p.endsWith('.html'))
        .map((p) => join('public', p)),
    ];
    if (existsSync('dist/index.html'))
      pages.push(
        ...readdirSync('dist')
          .filter((p) => p.endsWith('.html'))
          .map((p) => join('dist', p)),
      );
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag, page).toMatch(/\ssrc=/);
      expect(html, page).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, page).not.toMatch(/javascript:/i);
    }
    // vite-plugin-pwa would otherwise add an inline registerSW script that script-src 'self' blocks.
    expect(readFileSync('vite.config.ts', 'utf8')).toMatch(/injectRegister:\s*false/);
    // API bases are same-origin paths (connect-src 'self').
    const config = JSON.parse(readFileSync('public/config.json', 'utf8')) as { apiBases: Record<string, string> };
    for (const base of Object.values(config.apiBases)) expect(base).toMatch(/^\/api\//);
  });
});

describe('Strict-Transport-Security only over TLS', () => {
  it.each([
    ['plain http', 'direct', 'http', {}, false],
    ['https (TLS socket)', 'direct', 'https', {}, true],
    ['http with a forged x-forwarded-proto, no trusted proxy', 'direct', 'http', { 'x-forwarded-proto': 'https' }, false],
    ['behind a trusted proxy that terminated TLS', 'proxied', 'http', { 'x-forwarded-proto': 'https' }, true],
    ['behind a trusted proxy, plain http', 'proxied', 'http', { 'x-forwarded-proto': 'http' }, false],
    ['behind a trusted proxy, several hops (first wins)', 'proxied', 'http', { 'x-forwarded-proto': 'https, http' }, true],
  ] as const)('%s', async (_n, which, scheme, headers, hsts) => {
    // The config is read per request: TRUST_PROXY=1 for the proxied rows only.
    s.config.trustProxy = which === 'proxied';
    try {
      const res = await s.app.fetch(new Request(`${scheme}://sahayog.localhost/api/main/health`, { headers }));
      expect(res.headers.get('strict-transport-security')).toBe(hsts ? HSTS : null);
    } finally {
      s.config.trustProxy = false;
    }
  });
});
