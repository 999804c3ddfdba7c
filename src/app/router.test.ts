// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { buildRouter } from './router';

const router = buildRouter(() => null);
const routes = Object.values(router.routesById);
const pathsUnder = (id: string) =>
  routes.filter((r) => r.id.startsWith(`${id}/`) && !r.isRoot && r.path !== undefined).map((r) => r.fullPath as string);
const STAGE = /^\/application\/(?!track$|deviations$)(.+)$/;

describe('the routes', () => {
  it('declares every stage of an application once', () => {
    const stages = pathsUnder('/signed-in').flatMap((p) => STAGE.exec(p)?.[1] ?? []);
    expect(new Set(stages).size).toBe(stages.length);
    expect(stages).toHaveLength(19);
    expect(stages).toContain('success/loan-offers');
  });
  it('keeps signed-in and signed-out paths apart', () => {
    const inside = new Set<string>(pathsUnder('/signed-in'));
    const outside = pathsUnder('/signed-out');
    expect(outside).toContain('/login');
    expect(outside).toContain('/apply-loan/kyc');
    for (const p of outside) expect(inside.has(p)).toBe(false);
  });
  it('validates the search of a stage with its schema and leaves a plain page alone', () => {
    const kyc = router.routesByPath['/application/kyc'];
    expect(kyc.options.validateSearch).toBeDefined();
    expect(router.routesByPath['/applications'].options.validateSearch).toBeUndefined();
  });
});
