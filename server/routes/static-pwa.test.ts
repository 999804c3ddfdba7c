import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestServer, type TestServer } from '../test-helpers';

const get = (path: string, host = 'localhost') => srv.app.fetch(new Request(`http://${host}${path}`));

const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(',')}];`;
let srv: TestServer;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  await writeFile(join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
  await writeFile(join(dist, 'assets', 'big-abc.js'), BIG_JS);
  await writeFile(
    join(dist, 'manifest.webmanifest'),
    JSON.stringify({
      name: 'Field Loans',
      short_name: 'Field Loans',
      theme_color: '#000000',
      start_url: '/#/',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
      ],
    }),
  );
  // Udaan has its own icons in this build; Vikas has none (the shared ones stay).
  await mkdir(join(dist, 'tenants', 'udaan'), { recursive: true });
  for (const f of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png']) await writeFile(join(dist, 'tenants', 'udaan', f), 'png');
  srv = await makeTestServer({ distDir: dist });
});
afterAll(async () => {
  await srv.close();
  await rm(dist, { recursive: true, force: true });
});

describe('static PWA', () => {
  it('sends text assets gzipped to a browser that accepts it, the same bytes once unzipped, and says it varies', async () => {
    const zipped = await srv.app.fetch(
      new Request('http://localhost/assets/big-abc.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } }),
    );
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(BIG_JS.length / 3);
    expect(gunzipSync(bytes).toString()).toBe(BIG_JS);
    const plain = await get('/assets/big-abc.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_JS);
  });

  it.each([
    ['udaan.localhost', 'Udaan Finance', 'Udaan', '#1d4ed8'],
    ['vikas.localhost', 'Vikas Capital', 'Vikas', '#b45309'],
    ['localhost', 'Sahayog Microfinance', 'Sahayog', '#0f766e'],
  ])('manifest on %s carries the tenant name and colour', async (host, name, short, colour) => {
    const res = await get('/manifest.webmanifest', host);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const body = JSON.parse(await res.clone().text());
    expect(body).toMatchObject({ name, short_name: short, theme_color: colour, start_url: '/#/' });
  });

  it('a lender with its own icons has them in its manifest; one without keeps the shared ones', async () => {
    const icons = async (host: string) =>
      ((await (await get('/manifest.webmanifest', host)).json()) as { icons: { src: string; purpose?: string }[] }).icons;
    expect(await icons('udaan.localhost')).toEqual([
      { src: '/tenants/udaan/icon-192.png', sizes: '192x192' },
      { src: '/tenants/udaan/icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
    ]);
    expect((await icons('vikas.localhost')).map((i) => i.src)).toEqual(['/icons/icon-192.png', '/icons/icon-maskable-512.png']);
  });

  it.each([
    ['/', 200, 'shell'],
    ['/some/deep/path', 200, 'shell'],
    ['/assets/app-abc.js', 200, 'console.log'],
    ['/assets/missing.js', 404, 'Not Found'],
    ['/%2e%2e/%2e%2e/etc/passwd', 200, 'shell'],
  ])('GET %s → %i', async (path, status, text) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(await res.clone().text()).toContain(text);
  });

  it('hashed assets are immutable, the shell is revalidated', async () => {
    const asset = await get('/assets/app-abc.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const shell = await get('/');
    expect(shell.headers.get('cache-control')).toBe('no-cache');
  });
});
