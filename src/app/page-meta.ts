// Titles and descriptions of the public pages for the tab, search results and link previews. Kept
// here, not in the route table, so the first download stays inside its budget.
import { titleOf } from './route-table';

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
