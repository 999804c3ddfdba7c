// Titles of the pages for the tab, and descriptions of the public ones for search results and link previews. Kept
// out of the router, so the first download stays inside its budget.
import { msg } from '../../contracts/msg';
import { t } from '../i18n';

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
  const parts = path.split('/').filter(Boolean);
  const words = (parts[0] === 'application' ? parts.slice(1) : parts).join(' ').replace(/-/g, ' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Home';
}

const TITLES: Readonly<Record<string, string>> = {
  '/apply-loan/mobile': msg('Apply for a loan'),
  '/apply-loan/kyc': msg('Your KYC details'),
  '/apply-loan/business': msg('Your business'),
  '/apply-loan/employment': msg('Your employment'),
  '/apply-loan/co-applicants': msg('Co-applicants'),
  '/apply-loan/co-applicant-details': msg('Co-applicant details'),
  '/apply-loan/family-details': msg('Family members'),
  '/apply-loan/family-detail-form': msg('Family member'),
  '/apply-loan/references': msg('References'),
  '/apply-loan/reference-details': msg('Reference details'),
  '/apply-loan/success': msg('Application submitted'),
  '/apply-loan/rejection': msg('Application status'),
};

export const publicTitle = (path: string): string => (TITLES[path] ? t(TITLES[path]) : titleOf(path));

export function describePage(path: string, lender: string): string {
  if (path.startsWith('/join-us/track')) return t('Track your partner request with {lender} by your mobile number.', { lender });
  if (path.startsWith('/join-us'))
    return t('Register as a partner of {lender}: your details, bank account and documents, in a few minutes.', { lender });
  if (path.endsWith('/track')) return t('Track your loan application with {lender} by its External Loan Id.', { lender });
  return t(
    'Apply for a small-business loan from {lender}: verify your mobile, fill in your details and upload your documents. Your progress is saved on this device.',
    { lender },
  );
}
