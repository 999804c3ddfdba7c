// docs/api.md against the app's own route list: every registered route is documented ("METHOD /path" anywhere in the
// page, a path parameter written {name}), and every "METHOD /path" the page names is a route the app registers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeListApp } from '../test-routes';

const app = routeListApp();

/** The path without its API base, each parameter (`:id{…}` in a route, `{id}` in the page) as `{}`. */
const norm = (path: string) =>
  path
    .replace(/^\/api\/(main|verification|banking)(?=\/)/, '')
    .replace(/:\w+(\{[^}]*\}\})?/g, '{}')
    .replace(/\{[A-Za-z_]+\}/g, '{}');

function registered(routes: readonly { method: string; path: string }[]): Set<string> {
  // ALL: the middleware and the catch-all answers; `*`: the static files of the app.
  return new Set(routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*')).map((r) => `${r.method} ${norm(r.path)}`));
}

const METHOD = '(?:GET|POST|PUT|PATCH|DELETE|HEAD)';
const MENTION = new RegExp(`\\b(${METHOD}(?:/${METHOD})*)\`?\\s+\`?(/[\\w\\-/{}.]+)`, 'g');

function documented(page: string): Set<string> {
  const out = new Set<string>();
  for (const [, methods = '', path = ''] of page.matchAll(MENTION)) {
    // A GET route answers HEAD as well (Hono), so the page may name both.
    for (const m of methods.split('/')) out.add(`${m === 'HEAD' ? 'GET' : m} ${norm(path)}`);
  }
  return out;
}

describe('docs/api.md and the routes', () => {
  const routes = registered(app.routes);
  const page = documented(readFileSync('docs/api.md', 'utf8'));

  it('reads both', () => {
    expect(routes.size).toBeGreaterThan(60);
    expect(page.size).toBeGreaterThan(60);
  });

  it('documents every registered route', () => {
    expect([...routes].filter((r) => !page.has(r))).toEqual([]);
  });

  it('names no route the app does not register', () => {
    expect([...page].filter((d) => !routes.has(d))).toEqual([]);
  });

  it('the check sees a route missing from the page and one the app lacks', () => {
    expect(documented('| GET /v1/user/me | x |\nand `PUT`/`PATCH /v1/app/mfi/{id}`')).toEqual(
      new Set(['GET /v1/user/me', 'PATCH /v1/app/mfi/{}']),
    );
    const withExtra = registered([...app.routes, { method: 'POST', path: '/api/main/v1/not-in-the-page/:id{[0-9a-f]{32}}' }]);
    expect([...withExtra].filter((r) => !page.has(r))).toEqual(['POST /v1/not-in-the-page/{}']);
  });
});
