import { describe, expect, it } from 'vitest';
import { describePage, publicTitle } from './page-meta';
import { titleOf } from './staff-titles';

describe('public page titles and descriptions', () => {
  it.each([
    ['/apply-loan/mobile', 'Apply for a loan'],
    ['/apply-loan/co-applicants', 'Co-applicants'],
    ['/join-us', 'Partner Registration'],
    ['/join-us/track', 'Track partner request'],
    ['/apply-loan/track', 'Track your loan'],
  ])('%s → %s', (path, title) => expect(publicTitle(path)).toBe(title));

  it.each([
    ['/join-us', /Register as a partner of Udaan Finance/],
    ['/join-us/track', /Track your partner request with Udaan Finance/],
    ['/apply-loan/track', /by its External Loan Id/],
    ['/apply-loan/kyc', /Apply for a small-business loan from Udaan Finance/],
  ])('%s is described', (path, text) => expect(describePage(path, 'Udaan Finance')).toMatch(text));

  it.each([
    ['/application/loan-offer', 'Loan offer'],
    ['/application/success/loan-offers', 'Success loan offers'],
    ['/apply-loan/mobile', 'Apply loan mobile'],
    ['/join-us/track', 'Track partner request'],
    ['/join-us', 'Partner Registration'],
    ['/', 'Home'],
    ['/application/mobile', 'Borrower Information'],
    ['/application/kyc', 'Borrowers Info'],
    ['/application/cpv-info', 'CPV info'],
    ['/application/personal-discussion', 'PD1 review'],
  ])('titleOf(%s) = %s', (path, title) => expect(titleOf(path)).toBe(title));
});
