// Titles of the staff pages for the tab: a title says the screen as its heading does ('Borrower Information', not
// the path's last word). Apart from the public pages' titles, which a visitor's first download carries.
import { msg } from '../../contracts/msg';
import { t } from '../i18n';
import { derivedTitle } from './page-meta';

const PAGE_TITLES: Readonly<Record<string, string>> = {
  '/join-us': msg('Partner Registration'),
  '/join-us/track': msg('Track partner request'),
  '/apply-loan/track': msg('Track your loan'),
  '/application/track': msg('Track a loan'),
  '/applications': msg('Applications'),
  // A title says the screen as its heading does, not the path's last word ('Mobile', 'Kyc').
  '/sync': msg('Sync'),
  '/application/mobile': msg('Borrower Information'),
  '/application/kyc': msg('Borrowers Info'),
  '/application/rejection': msg('Application rejected'),
  '/application/co-applicant-details': msg('Co-applicant details'),
  '/application/family-details': msg('Family members'),
  '/application/family-detail-form': msg('Family member'),
  '/application/bank-account-details': msg('Bank account details'),
  '/application/business': msg('Business details'),
  '/application/employment': msg('Employment and house verification'),
  '/application/cpv-info': msg('CPV info'),
  '/application/reference-details': msg('Reference details'),
  '/application/complete-application': msg('Complete Application'),
  '/application/personal-discussion': msg('PD1 review'),
  '/application/final-submit': msg('Final submit'),
  '/': msg('Home'),
  '/profile': msg('Profile'),
  '/login': msg('Welcome Back'),
  '/application/co-applicants': msg('Co-applicants'),
  '/application/references': msg('References'),
  '/application/loan-offer': msg('Loan offer'),
  '/application/deviations': msg('Deviations'),
  '/application/success': msg('Application submitted'),
};

/** Readable title for a path: '/application/loan-offer' → 'Loan offer'. */
export function titleOf(path: string): string {
  const known = PAGE_TITLES[path];
  if (known) return t(known);
  return derivedTitle(path);
}
