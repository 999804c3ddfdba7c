import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestServer, type TestServer } from '../test-helpers';

const get = (path: string, host = 'localhost') => srv.app.fetch(new Request(`http://${host}${path}`));

let srv: TestServer;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  await writeFile(join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
  await writeFile(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Field Loans', short_name: 'Field Loans', theme_color: '#000000', start_url: '/#/' }));
  srv = await makeTestServer({ distDir: dist });
});
afterAll(async () => {
  await srv.close();
  await rm(dist, { recursive: true, force: true });
});

describe('static PWA', () => {
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
