import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../contracts/messages';
import { TenantConfig } from '../contracts/tenant';
import { CSP } from './middleware/security-headers';
import { call, makeTestServer, type TestServer } from './test-helpers';

let s: TestServer;
let dist: string;
beforeAll(async () => {
  s = await makeTestServer();
  dist = s.config.distDir;
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(s.fileDir, 'secret.txt'), 'outside dist');
});
afterAll(async () => {
  await s.close();
});

const get = (url: string, headers: Record<string, string> = {}) => s.app.fetch(new Request(url, { headers }));

describe('tenant configuration', () => {
  it.each([
    ['sahayog.localhost', 'sahayog', 'Sahayog Microfinance', '#0f766e', '/terms.html'],
    ['udaan.localhost', 'udaan', 'Udaan Finance', '#1d4ed8', 'https://www.udaan-finance.example/terms'],
    ['pragati.localhost', 'pragati', 'Pragati Credit', '#7c3aed', '/terms.html'],
    ['vikas.example.com', 'vikas', 'Vikas Capital', '#b45309', '/terms.html'],
    ['localhost', 'sahayog', 'Sahayog Microfinance', '#0f766e', '/terms.html'],
    ['unknown.example.org', 'sahayog', 'Sahayog Microfinance', '#0f766e', '/terms.html'],
  ])('host %s → tenant %s', async (host, tenantId, name, color, terms) => {
    const r = await call(s.app, 'GET', `/v1/public/tenant/hostname/${host}/config`, { host: 'localhost' });
    expect(r.status).toBe(200);
    const cfg = v.parse(TenantConfig, r.body.data);
    expect(cfg).toMatchObject({
      tenant_id: tenantId,
      name,
      brand_color: color,
      terms_url: terms,
      favicon_url: `/tenants/${tenantId}/favicon.svg`,
      logo_url: `/tenants/${tenantId}/logo.svg`,
      idle_lock_minutes: 15,
      background_lock_minutes: 5,
    });
    const logo = await call(s.app, 'GET', `/v1/public/tenant/hostname/${host}/logo`);
    expect(logo.body.data).toEqual({ logo_url: `/tenants/${tenantId}/logo.svg` });
  });

  it('gives udaan its own contact and privacy pages and the others the shared ones', async () => {
    const udaan = (await call(s.app, 'GET', '/v1/public/tenant/hostname/udaan.localhost/config')).body.data;
    expect([udaan.privacy_url, udaan.contact_url]).toEqual([
      'https://www.udaan-finance.example/privacy',
      'https://www.udaan-finance.example/contact',
    ]);
    const vikas = (await call(s.app, 'GET', '/v1/public/tenant/hostname/vikas.localhost/config')).body.data;
    expect([vikas.privacy_url, vikas.contact_url]).toEqual(['/privacy.html', '/contact.html']);
  });
});

describe('every response', () => {
  it.each(['http://sahayog.localhost/api/main/v1/bank/list', 'http://localhost/', 'http://localhost/api/main/nope'])(
    '%s carries security headers and a request id',
    async (url) => {
      const res = await get(url);
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('permissions-policy')).toBe('camera=(self), geolocation=(self), microphone=()');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('keeps a sane incoming request id and replaces an odd one', async () => {
    expect((await get('http://localhost/api/main/health', { 'x-request-id': 'abc-12345678' })).headers.get('x-request-id')).toBe(
      'abc-12345678',
    );
    // A fresh random id (a UUID may itself start with 'bad', so the odd id is compared whole).
    const replaced = (await get('http://localhost/api/main/health', { 'x-request-id': 'bad id\u0001' })).headers.get('x-request-id');
    expect(replaced).not.toBe('bad id\u0001');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('marks API answers no-store', async () => {
    const res = await get('http://localhost/api/main/v1/public/tenant/hostname/localhost/config');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    for (const base of ['main', 'verification', 'banking']) {
      const res = await get(`http://localhost/api/${base}/v1/does-not-exist`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: SERVER_MSG.notFound, status_code: 404 });
    }
  });

  it('mounts a health check on each API base', async () => {
    for (const base of ['main', 'verification', 'banking']) {
      const res = await get(`http://localhost/api/${base}/health`);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toEqual({ status: 'ok', api: base });
    }
  });

  it('answers malformed JSON with 400 and the error shape', async () => {
    const res = await s.app.fetch(
      new Request('http://localhost/api/main/v1/auth/send-otp', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"mobile":',
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: 'Invalid input', status_code: 400 });
  });
});

describe('static PWA', () => {
  it.each([
    ['/', 'no-cache', 'text/html; charset=utf-8', 'app'],
    ['/index.html', 'no-cache', 'text/html; charset=utf-8', 'app'],
    ['/sw.js', 'no-cache', 'text/javascript; charset=utf-8', 'addEventListener'],
    ['/assets/index-abc123.js', 'public, max-age=31536000, immutable', 'text/javascript; charset=utf-8', 'console'],
    ['/some/client/route', 'no-cache', 'text/html; charset=utf-8', 'app'],
  ])('%s', async (path, cache, type, content) => {
    const res = await get(`http://udaan.localhost${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(cache);
    expect(res.headers.get('content-type')).toBe(type);
    expect(await res.text()).toContain(content);
  });

  it('answers a missing hashed asset with 404 and never leaves the dist directory', async () => {
    expect((await get('http://localhost/assets/missing-123.js')).status).toBe(404);
    const outside = await get('http://localhost/..%2Fsecret.txt');
    expect(await outside.text()).not.toContain('outside dist');
    expect((await get('http://localhost/%E0%A4%A')).status).toBe(400);
  });
});
