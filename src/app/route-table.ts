// Every route (REQ-NAV-2, REQ-NAV-3, REQ-PUB-1), with who may open it. Screens not built yet render a placeholder.

/** Stages under /application/ (signed-in only). */
export const STAFF_STAGES = [
  'mobile',
  'business',
  'employment',
  'family-details',
  'family-detail-form',
  'bank-account-details',
  'personal-discussion',
  'cpv-info',
  'complete-application',
  'loan-offer',
  'kyc',
  'co-applicants',
  'co-applicant-details',
  'references',
  'reference-details',
  'success',
  'success/loan-offers',
  'final-submit',
  'rejection',
] as const;

/** Signed-in routes besides the stages. */
export const SIGNED_IN_PATHS = ['/', '/applications', '/application/track', '/profile', '/sync', '/application/deviations'] as const;

/** Signed-out only: a signed-in user is sent to /. */
export const SIGNED_OUT_PATHS = [
  '/login',
  '/join-us',
  '/join-us/track',
  '/apply-loan/mobile',
  '/apply-loan/business',
  '/apply-loan/employment',
  '/apply-loan/kyc',
  '/apply-loan/co-applicants',
  '/apply-loan/co-applicant-details',
  '/apply-loan/success',
  '/apply-loan/track',
  // REQ-PUB-1 "the public flow is the same under /apply-loan/": family-detail-form and reference-details, and the
  // lists and the rejection page they belong with (docs/decisions.md "Public visitors, the client").
  '/apply-loan/family-details',
  '/apply-loan/family-detail-form',
  '/apply-loan/references',
  '/apply-loan/reference-details',
  '/apply-loan/rejection',
] as const;

const TITLES: Record<string, string> = {
  '/join-us': 'Partner Registration',
  '/join-us/track': 'Track partner request',
  '/apply-loan/track': 'Track your loan',
  '/application/track': 'Track a loan',
  '/applications': 'Applications',
};

/** Readable title for a path, used by placeholders: '/application/loan-offer' → 'Loan offer'. */
export function titleOf(path: string): string {
  const known = TITLES[path];
  if (known) return known;
  const parts = path.split('/').filter(Boolean);
  const words = (parts[0] === 'application' ? parts.slice(1) : parts).join(' ').replace(/-/g, ' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Home';
}
