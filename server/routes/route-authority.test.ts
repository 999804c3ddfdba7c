// Every write route of the app declares, where it is defined, who may call it and what the authority table decides
// for it (server/middleware/authorize.ts). This reads the declarations back from the app's own route list, so a new
// write route without one fails here, and the routes asked at the door are exactly those the table test walks.
import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../contracts/authority';
import { type Declared, declaredOf } from '../middleware/authorize';
import { routeListApp } from '../test-routes';

const app = routeListApp();

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ID = '{[0-9a-f]{32}}';

/** method + path → what its handlers declared. */
function declarations(): Map<string, Declared[]> {
  const out = new Map<string, Declared[]>();
  for (const r of app.routes) {
    if (!WRITES.has(r.method)) continue;
    const key = `${r.method} ${r.path.replaceAll(ID, '')}`;
    const d = declaredOf(r.handler);
    out.set(key, [...(out.get(key) ?? []), ...(d ? [d] : [])]);
  }
  return out;
}

describe('write routes and the authority table', () => {
  const routes = declarations();

  it('finds the write routes', () => {
    expect(routes.size).toBeGreaterThan(40);
  });

  it('every write route declares exactly once', () => {
    const wrong = [...routes].filter(([, d]) => d.length !== 1).map(([k]) => k);
    expect(wrong).toEqual([]);
  });

  it('every action of the table is declared by some route', () => {
    const declared = new Set([...routes.values()].flat().flatMap((d) => d.actions));
    expect(ACTIONS.filter((a) => !declared.has(a))).toEqual([]);
  });

  it('the routes that ask at the door, by action', () => {
    const door = [...routes]
      .filter(([, [d]]) => d && 'decided' in d && d.decided === 'at the door')
      .map(([k, [d]]) => `${d?.actions.join()} ${k}`)
      .sort();
    expect(door).toEqual(
      [
        'application.patch PATCH /api/main/v1/app/mfi/:id',
        'bank_account.submit POST /api/main/v1/app/mfi/:id/bank-account',
        'bank_account.update PATCH /api/main/v1/app/mfi/:id/bank-account',
        'business.submit POST /api/main/v1/app/mfi/:id/business-detail',
        'business.update PATCH /api/main/v1/app/mfi/:id/business-detail',
        'co_applicant.write PATCH /api/main/v1/app/mfi/co-applicant/:coId',
        'co_applicant.write POST /api/main/v1/app/mfi/:id/co-applicant',
        'co_applicant.write POST /api/main/v1/app/mfi/:id/co-applicant/:coId/hardcheck',
        'co_applicant.write POST /api/main/v1/app/mfi/:id/co-applicant/replace',
        'consent.withdraw POST /api/main/v1/app/mfi/:id/consent-withdrawal',
        'cpv.visit POST /api/main/v1/app/mfi/:id/business-cpv-info',
        'cpv.visit POST /api/main/v1/app/mfi/:id/residence-cpv-info',
        'deviation.decide POST /api/main/v1/app/mfi/:id/deviations/decision',
        'employment.submit POST /api/main/v1/app/mfi/:id/employment-info',
        'family.write PATCH /api/main/v1/app/mfi/family-member/:fmId',
        'family.write POST /api/main/v1/app/mfi/:id/family-member',
        'kyc.submit PATCH /api/main/v1/app/mfi/:id/basic-info',
        'pd1.review POST /api/main/v1/app/mfi/:id/pd1-review',
        'references.submit PATCH /api/main/v1/app/mfi/:id/reference',
      ].sort(),
    );
  });

  it('a write open to anyone changes no staff application', () => {
    const open = [...routes].filter(([, [d]]) => d?.who === 'anyone');
    expect(open.length).toBeGreaterThan(0);
    expect(open.filter(([, [d]]) => d?.actions.length !== 0).map(([k]) => k)).toEqual([]);
  });

  it('the check finds an undeclared write route', () => {
    const bare = routeListApp();
    bare.post('/api/main/v1/undeclared', (c) => c.text('x'));
    const found = bare.routes.filter((r) => r.path === '/api/main/v1/undeclared' && declaredOf(r.handler));
    expect(found).toEqual([]);
  });
});
