// The public pages as one module loaded on demand (the first download has a 150 KB budget): the layout, and which
// screen each public path shows. The step screens are the staff ones (workflow §2 "the public flow is the same under
// /apply-loan/"); they run in the public flow set by the layout.
import { Link } from '@tanstack/react-router';
import { type ComponentType, useSyncExternalStore } from 'react';
import { subscribeCredentials } from '../api/credentials';
import { MessageLine } from '../components/ui/message-line';
import { lazyComponent } from '../lib/lazy-component';
import { StagePlaceholder } from './stage-placeholder';
import { guestSession } from '../features/public/guest-session';
import { SessionAgain } from '../features/public/session-again';
import { publicTitle } from './page-meta';

import { PublicMobileScreen } from '../features/public/apply-loan-screens';

export { PublicLayout } from './public-layout';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazyComponent(() => load().then((m) => m[name]));
// The borrower form (and its rules) loads after the mobile page has painted: a first visit on weak data sees the page first.
const BorrowerForm = lazyComponent(() => import('../features/borrower/borrower-form').then((m) => m.BorrowerForm), <p className="muted">Loading...</p>);
const own = () => import('../features/public/apply-loan-screens');

const PAGES: Readonly<Record<string, ComponentType>> = {
  // The visitor's landing page comes with this module: one round of downloads after the app's own, not two.
  '/apply-loan/mobile': () => <PublicMobileScreen BorrowerForm={BorrowerForm} />,
  '/apply-loan/success': named(own, 'PublicSuccessScreen'),
  '/apply-loan/track': named(() => import('../features/public/loan-track-screen'), 'LoanTrackScreen'),
  '/join-us': named(() => import('../features/public/join-us-screen'), 'JoinUsScreen'),
  '/join-us/track': named(() => import('../features/public/partner-track-screen'), 'PartnerTrackScreen'),
  '/apply-loan/kyc': named(() => import('../features/kyc/kyc-screen'), 'KycScreen'),
  '/apply-loan/co-applicants': named(() => import('../features/co-applicants/co-applicants-screen'), 'CoApplicantsScreen'),
  '/apply-loan/co-applicant-details': named(() => import('../features/co-applicants/co-applicant-details-screen'), 'CoApplicantDetailsScreen'),
  '/apply-loan/family-details': named(() => import('../features/family/family-screens'), 'FamilyDetailsScreen'),
  '/apply-loan/family-detail-form': named(() => import('../features/family/family-screens'), 'FamilyDetailFormScreen'),
  '/apply-loan/business': named(() => import('../features/business/business-screen'), 'BusinessScreen'),
  '/apply-loan/employment': named(() => import('../features/employment/employment-screen'), 'EmploymentScreen'),
  '/apply-loan/references': named(() => import('../features/references/references-screen'), 'ReferencesScreen'),
  '/apply-loan/reference-details': named(() => import('../features/references/reference-details-screen'), 'ReferenceDetailsScreen'),
  '/apply-loan/rejection': named(() => import('../features/kyc/rejection-screen'), 'RejectionScreen'),
};

/** Pages anyone may open; the application's steps need the visitor's verified mobile (the guest token). */
const OPEN = new Set(['/apply-loan/mobile', '/apply-loan/success', '/apply-loan/track', '/join-us', '/join-us/track']);

export function PublicPage({ path }: { path: string }) {
  const token = useSyncExternalStore(subscribeCredentials, () => guestSession().token);
  const { applicationId } = guestSession();
  const Page = PAGES[path];
  if (!Page) return <StagePlaceholder title={publicTitle(path)} />;
  const closed = !OPEN.has(path) && !token;
  if (closed && !applicationId) {
    return (
      <main className="page">
        <h1 className="page-title">{publicTitle(path)}</h1>
        <MessageLine variant="info">Verify your mobile number to open your application. What you saved on this device is kept.</MessageLine>
        <Link to="/apply-loan/mobile" className="ui-btn ui-btn--default ui-btn--size-lg">Verify mobile number</Link>
      </main>
    );
  }
  // A token the queue found dead (or one that ran out while away): the page stays as it is, the bar above it verifies
  // the mobile again; the page keeps its place in the tree, so nothing typed or opened on it is lost (issue 19).
  return (
    <>
      {closed && applicationId && <SessionAgain applicationId={applicationId} />}
      <Page />
    </>
  );
}
