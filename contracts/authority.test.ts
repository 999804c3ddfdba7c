// Every cell of the authority table (role × state × action): allowed, 403, or 409, with the message the server sends.
import { describe, expect, it } from 'vitest';
import { ACTIONS, ACTORS, APP_STATES, AUTHORITY, AUTHORITY_MSG, actorOf, appStateOf, decide } from './authority';

describe('decide: every cell', () => {
  for (const action of ACTIONS) {
    for (const actor of ACTORS) {
      const states = (AUTHORITY[action] as Partial<Record<string, readonly string[]>>)[actor];
      for (const state of APP_STATES) {
        const expected = !states ? 403 : states.includes(state) ? 200 : 409;
        it(`${action} by ${actor} in ${state} → ${expected}`, () => {
          const v = decide(action, actor, state);
          if (expected === 200) expect(v).toEqual({ ok: true });
          else
            expect(v).toEqual({
              ok: false,
              status: expected,
              message: expected === 403 ? AUTHORITY_MSG.notYours : state === 'SANCTIONED' ? AUTHORITY_MSG.sanctioned : AUTHORITY_MSG.notNow,
            });
        });
      }
    }
  }
  it('no role at all (a guest of another application, an unknown designation) is refused everything', () => {
    for (const action of ACTIONS)
      for (const state of APP_STATES) expect(decide(action, null, state)).toMatchObject({ ok: false, status: 403 });
  });
});

describe('the rules of REQ-AUTHZ-1 and REQ-AUTHZ-2', () => {
  it('after sanction nothing changes: every write answers 409 for every actor', () => {
    for (const action of ACTIONS.filter((a) => a !== 'loan_offer.fetch')) {
      for (const actor of ACTORS) expect(decide(action, actor, 'SANCTIONED').ok).toBe(false);
    }
  });
  it('the payout account: the owner before the first stage is in, then only the review role', () => {
    expect(decide('bank_account.submit', 'OWNER', 'DRAFT').ok).toBe(true);
    expect(decide('bank_account.submit', 'OWNER', 'HANDED_OVER')).toMatchObject({ status: 409 });
    expect(decide('bank_account.submit', 'OFFICER', 'DRAFT')).toMatchObject({ status: 403 });
    expect(decide('bank_account.update', 'REVIEW', 'PD2_COMPLETE').ok).toBe(true);
    expect(decide('bank_account.update', 'VERIFICATION', 'HANDED_OVER')).toMatchObject({ status: 403 });
  });
  it('only the review role decides deviations; the verification role sees the loan offer read-only', () => {
    for (const actor of ['OWNER', 'OFFICER', 'VERIFICATION'] as const)
      expect(decide('deviation.decide', actor, 'HANDED_OVER').ok).toBe(false);
    expect(decide('deviation.decide', 'REVIEW', 'HANDED_OVER').ok).toBe(true);
    expect(decide('loan_offer.fetch', 'VERIFICATION', 'PD2_COMPLETE').ok).toBe(true);
    expect(decide('loan_offer.update', 'VERIFICATION', 'PD2_COMPLETE')).toMatchObject({ status: 403 });
  });
  it('the review role edits through update calls and adds co-applicants (REQ-ROLE-3)', () => {
    expect(decide('co_applicant.write', 'REVIEW', 'CREDIT_APPROVED').ok).toBe(true);
    expect(decide('business.update', 'REVIEW', 'PD1_REVIEW').ok).toBe(true);
    expect(decide('business.submit', 'REVIEW', 'PD1_REVIEW')).toMatchObject({ status: 403 });
  });
});

describe('appStateOf', () => {
  const cases: [Parameters<typeof appStateOf>[0], string][] = [
    [{ status: 'DRAFT', stages: [] }, 'DRAFT'],
    [{}, 'DRAFT'],
    [{ status: 'DRAFT', stages: ['BORROWER_INFO', 'BANK_ACCOUNT'] }, 'HANDED_OVER'],
    [{ status: 'DRAFT', stages: ['BANK_ACCOUNT'], approval_checks: { decision: 'REJECTED' } }, 'REJECTED'],
    [{ status: 'PD1_REVIEW', stages: ['BANK_ACCOUNT'] }, 'PD1_REVIEW'],
    [{ status: 'CREDIT_APPROVED' }, 'CREDIT_APPROVED'],
    [{ status: 'PD2_COMPLETE' }, 'PD2_COMPLETE'],
    [{ status: 'PD2_COMPLETE', sanctioned: true }, 'SANCTIONED'],
    [{ status: 'PD2_COMPLETE', sanctioned: 'true' }, 'PD2_COMPLETE'],
  ];
  for (const [app, state] of cases) it(`${JSON.stringify(app)} → ${state}`, () => expect(appStateOf(app)).toBe(state));
});

describe('actorOf', () => {
  it('the owner first, then the role; another initiating officer is OFFICER', () => {
    expect(actorOf({ isOwner: true, role: 'INITIATING_OFFICER' })).toBe('OWNER');
    expect(actorOf({ isOwner: false, role: 'INITIATING_OFFICER' })).toBe('OFFICER');
    expect(actorOf({ isOwner: false, role: 'REVIEW' })).toBe('REVIEW');
    expect(actorOf({ isOwner: false, role: null })).toBeNull();
  });
});
