import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { tenantById } from '../fixtures/tenants';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

function cacheControl(rel: string): string {
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (rel.startsWith('tenants/') || rel.startsWith('icons/')) return 'public, max-age=3600';
  return 'no-cache';
}

/** Text types worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.map']);
const gzipped = new Map<string, { mtimeMs: number; body: Uint8Array<ArrayBuffer> }>();

/** The gzip of a built file, made once per version of the file (a phone on 3G downloads a third of the bytes). */
async function gzipOf(path: string, body: Buffer): Promise<Uint8Array<ArrayBuffer>> {
  const { mtimeMs } = await stat(path);
  const held = gzipped.get(path);
  if (held && held.mtimeMs === mtimeMs) return held.body;
  const gz = new Uint8Array(gzipSync(body, { level: 9 }));
  gzipped.set(path, { mtimeMs, body: gz });
  return gz;
}

async function fileIn(root: string, rel: string): Promise<string | null> {
  const p = resolve(join(root, normalize(rel)));
  if (p !== root && !p.startsWith(root + sep)) return null;
  try {
    return (await stat(p)).isFile() ? p : null;
  } catch {
    return null;
  }
}

/** The built PWA: real files as they are, anything else (hash routes start at `/`) gets index.html. */
export async function serveStatic(c: Context<AppEnv>): Promise<Response> {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method Not Allowed', 405);
  const root = resolve(c.var.deps.config.distDir);
  let rel: string;
  try {
    rel = decodeURIComponent(c.req.path).replace(/^\/+/, '');
  } catch {
    return c.text('Bad Request', 400);
  }
  let path = rel && !rel.includes('\0') ? await fileIn(root, rel) : null;
  if (!path) {
    // A missing hashed asset is a real 404, not the app shell (a stale page would otherwise parse HTML as JS).
    if (rel.startsWith('assets/')) return c.text('Not Found', 404);
    rel = 'index.html';
    path = await fileIn(root, rel);
    if (!path) return c.text('The PWA is not built yet. Run `npm run build`.', 404);
  }
  const body = await readFile(path);
  if (rel === 'manifest.webmanifest') return tenantManifest(c, body, root);
  const ext = extname(path).toLowerCase();
  const headers: Record<string, string> = { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', 'Cache-Control': cacheControl(rel) };
  if (!COMPRESSIBLE.has(ext)) return new Response(new Uint8Array(body), { headers });
  headers.Vary = 'Accept-Encoding';
  if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '') || body.length < 1024) return new Response(new Uint8Array(body), { headers });
  return new Response(await gzipOf(path, body), { headers: { ...headers, 'Content-Encoding': 'gzip' } });
}

/** The icons a lender's own set replaces (scripts/make-icons.py with the brand colour writes them beside its logo). */
const TENANT_ICONS = ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png'] as const;

/**
 * The install manifest carries the tenant's name, brand colour and, when the lender has them, its own icons in that
 * colour, so the home-screen icon says whose app it is.
 */
async function tenantManifest(c: Context<AppEnv>, body: Buffer, root: string): Promise<Response> {
  const tenant = tenantById(c.var.tenantId);
  const manifest = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  if (tenant) {
    manifest.name = tenant.name;
    manifest.short_name = tenant.name.split(' ')[0];
    manifest.theme_color = tenant.brand_color;
    const own = await Promise.all(TENANT_ICONS.map((f) => fileIn(root, `tenants/${tenant.tenant_id}/${f}`)));
    if (own.every(Boolean) && Array.isArray(manifest.icons))
      manifest.icons = (manifest.icons as { src: string }[]).map((icon) => {
        const file = TENANT_ICONS.find((f) => icon.src === `/icons/${f}`);
        return file ? { ...icon, src: `/tenants/${tenant.tenant_id}/${file}` } : icon;
      });
  }
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': TYPES['.webmanifest'] ?? 'application/manifest+json', 'Cache-Control': 'no-cache', Vary: 'Host' },
  });
}
