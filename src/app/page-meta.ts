// Titles of the pages for the tab, and descriptions of the public ones for search results and link previews. Kept
// out of the router, so the first download stays inside its budget.

const PAGE_TITLES: Readonly<Record<string, string>> = {
  '/join-us': 'Partner Registration',
  '/join-us/track': 'Track partner request',
  '/apply-loan/track': 'Track your loan',
  '/application/track': 'Track a loan',
  '/applications': 'Applications',
  // A title says the screen as its heading does, not the path's last word ('Mobile', 'Kyc').
  '/sync': 'Sync',
  '/application/mobile': 'Borrower Information',
  '/application/kyc': 'Borrowers Info',
  '/application/rejection': 'Application rejected',
  '/application/co-applicant-details': 'Co-applicant details',
  '/application/family-details': 'Family members',
  '/application/family-detail-form': 'Family member',
  '/application/bank-account-details': 'Bank account details',
  '/application/business': 'Business details',
  '/application/employment': 'Employment and house verification',
  '/application/cpv-info': 'CPV info',
  '/application/reference-details': 'Reference details',
  '/application/complete-application': 'Complete Application',
  '/application/personal-discussion': 'PD1 review',
  '/application/final-submit': 'Final submit',
};

/** Readable title for a path: '/application/loan-offer' → 'Loan offer'. */
export function titleOf(path: string): string {
  const known = PAGE_TITLES[path];
  if (known) return known;
  const parts = path.split('/').filter(Boolean);
  const words = (parts[0] === 'application' ? parts.slice(1) : parts).join(' ').replace(/-/g, ' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Home';
}

const TITLES: Readonly<Record<string, string>> = {
  '/apply-loan/mobile': 'Apply for a loan',
  '/apply-loan/kyc': 'Your KYC details',
  '/apply-loan/business': 'Your business',
  '/apply-loan/employment': 'Your employment',
  '/apply-loan/co-applicants': 'Co-applicants',
  '/apply-loan/co-applicant-details': 'Co-applicant details',
  '/apply-loan/family-details': 'Family members',
  '/apply-loan/family-detail-form': 'Family member',
  '/apply-loan/references': 'References',
  '/apply-loan/reference-details': 'Reference details',
  '/apply-loan/success': 'Application submitted',
  '/apply-loan/rejection': 'Application status',
};

export const publicTitle = (path: string): string => TITLES[path] ?? titleOf(path);

export function describePage(path: string, lender: string): string {
  if (path.startsWith('/join-us/track')) return `Track your partner request with ${lender} by your mobile number.`;
  if (path.startsWith('/join-us')) return `Register as a partner of ${lender}: your details, bank account and documents, in a few minutes.`;
  if (path.endsWith('/track')) return `Track your loan application with ${lender} by its External Loan Id.`;
  return `Apply for a small-business loan from ${lender}: verify your mobile, fill in your details and upload your documents. Your progress is saved on this device.`;
}
