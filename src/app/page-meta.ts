// Titles of the public pages for the tab, and their descriptions for search results and link previews. Kept out of
// the router, so the first download stays inside its budget; the staff pages' titles are in staff-titles.ts.
import { msg } from '../../contracts/msg';
import { t } from '../i18n';

const TITLES: Readonly<Record<string, string>> = {
  '/join-us': msg('Partner Registration'),
  '/join-us/track': msg('Track partner request'),
  '/apply-loan/track': msg('Track your loan'),
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

/** A path's last words as a title ('/application/loan-offer' → 'Loan offer'): for a page no table names. */
export function derivedTitle(path: string): string {
  const parts = path.split('/').filter(Boolean);
  const words = (parts[0] === 'application' ? parts.slice(1) : parts).join(' ').replace(/-/g, ' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : t('Home');
}

export const publicTitle = (path: string): string => (TITLES[path] ? t(TITLES[path]) : derivedTitle(path));

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
