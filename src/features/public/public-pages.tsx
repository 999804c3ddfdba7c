// The public pages as one module loaded on demand (the first download has a 150 KB budget): the layout, and which
// screen each public path shows. The step screens are the staff ones (workflow §2 "the public flow is the same under
// /apply-loan/"); they run in the public flow set by the layout.
import { Link } from '@tanstack/react-router';
import { type ComponentType, useSyncExternalStore } from 'react';
import { subscribeCredentials } from '../../api/credentials';
import { MessageLine } from '../../components/ui/message-line';
import { lazyComponent } from '../../lib/lazy-component';
import { StagePlaceholder } from '../placeholder/stage-placeholder';
import { guestSession } from './guest-session';
import { publicTitle } from './page-meta';

import { PublicMobileScreen } from './public-screens';

export { PublicLayout } from './public-layout';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazyComponent(() => load().then((m) => m[name]));
const own = () => import('./public-screens');

const PAGES: Readonly<Record<string, ComponentType>> = {
  // The visitor's landing page comes with this module: one round of downloads after the app's own, not two.
  '/apply-loan/mobile': PublicMobileScreen,
  '/apply-loan/success': named(own, 'PublicSuccessScreen'),
  '/apply-loan/track': named(() => import('./loan-track-screen'), 'LoanTrackScreen'),
  '/join-us': named(() => import('./join-us-screen'), 'JoinUsScreen'),
  '/join-us/track': named(() => import('./partner-track-screen'), 'PartnerTrackScreen'),
  '/apply-loan/kyc': named(() => import('../application/kyc-screen'), 'KycScreen'),
  '/apply-loan/co-applicants': named(() => import('../co-applicants/co-applicants-screen'), 'CoApplicantsScreen'),
  '/apply-loan/co-applicant-details': named(() => import('../co-applicants/co-applicant-details-screen'), 'CoApplicantDetailsScreen'),
  '/apply-loan/family-details': named(() => import('../family/family-screens'), 'FamilyDetailsScreen'),
  '/apply-loan/family-detail-form': named(() => import('../family/family-screens'), 'FamilyDetailFormScreen'),
  '/apply-loan/business': named(() => import('../business/business-screen'), 'BusinessScreen'),
  '/apply-loan/employment': named(() => import('../employment/employment-screen'), 'EmploymentScreen'),
  '/apply-loan/references': named(() => import('../references/references-screen'), 'ReferencesScreen'),
  '/apply-loan/reference-details': named(() => import('../references/reference-details-screen'), 'ReferenceDetailsScreen'),
  '/apply-loan/rejection': named(() => import('../application/rejection-screen'), 'RejectionScreen'),
};

/** Pages anyone may open; the application's steps need the visitor's verified mobile (the guest token). */
const OPEN = new Set(['/apply-loan/mobile', '/apply-loan/success', '/apply-loan/track', '/join-us', '/join-us/track']);

export function PublicPage({ path }: { path: string }) {
  const token = useSyncExternalStore(subscribeCredentials, () => guestSession().token);
  const Page = PAGES[path];
  if (!Page) return <StagePlaceholder title={publicTitle(path)} />;
  if (!OPEN.has(path) && !token) {
    return (
      <main className="page">
        <h1 className="page-title">{publicTitle(path)}</h1>
        <MessageLine variant="info">Verify your mobile number to open your application. What you saved on this device is kept.</MessageLine>
        <Link to="/apply-loan/mobile" className="ui-btn ui-btn--default ui-btn--size-lg">Verify mobile number</Link>
      </main>
    );
  }
  return <Page />;
}
