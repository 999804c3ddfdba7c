// The public pages as one module loaded on demand (the first download has a 120 KB budget): the layout, and which
// screen each public path shows. The step screens are the staff ones (REQ-PUB-1 "the public flow is the same under
// /apply-loan/"); they run in the public flow set by the layout.
import { Link } from '@tanstack/react-router';
import { type ComponentProps, type ComponentType, useSyncExternalStore } from 'react';
import { subscribeCredentials } from '../api/credentials';
import { MessageLine } from '../components/ui/message-line';
import { OwnFields } from '../components/ui/own-fields';
import { lazyComponent } from '../lib/lazy-component';
import { guestSession } from '../features/public/guest-session';
import { publicTitle } from './page-meta';
import { JoinUsPage, LoanTrackPage, PartnerTrackPage, PublicMobileScreen } from './screens';
import { t } from '../i18n';

export { PublicLayout } from './public-layout';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyComponent(() => load().then((m) => m[name]));
// The borrower form (and its rules) loads after the mobile page has painted: a first visit on weak data sees the page first.
// A component, not an element: the fallback reads the language when it shows, not when this module loads.
const Loading = () => <p className="muted">{t('Loading...')}</p>;
const BorrowerForm = lazyComponent(() => import('../features/borrower/borrower-form').then((m) => m.BorrowerForm), <Loading />);

// The borrower form on a public page holds the visitor's own details: its fields name their purposes (own-fields.tsx).
const OwnBorrowerForm = (p: ComponentProps<typeof BorrowerForm>) => (
  <OwnFields>
    <BorrowerForm {...p} />
  </OwnFields>
);

const PAGES: Readonly<Record<string, ComponentType>> = {
  // The pages a visit starts on are asked for beside this module (screens.ts preloadSignedOutScreen).
  '/apply-loan/mobile': () => <PublicMobileScreen BorrowerForm={OwnBorrowerForm} />,
  '/apply-loan/success': named(() => import('../features/public/public-success-screen'), 'PublicSuccessScreen'),
  '/apply-loan/track': LoanTrackPage,
  '/join-us': JoinUsPage,
  '/join-us/track': PartnerTrackPage,
};
// The application's steps (the staff screens, behind the visitor's verified mobile) are a table of their own, loaded when
// one is opened: their long lists of code to fetch stay out of every visitor's first download.
const StepPage = lazyComponent<{ path: string }>(() => import('./public-steps').then((m) => m.PublicStepPage));
// The bar that verifies the mobile again after the queue found the guest token dead (reads the visitor's database).
const SessionAgain = lazyComponent<{ applicationId: string }>(() => import('../features/public/session-again').then((m) => m.SessionAgain));

const STEP_PATHS = new Set([
  '/apply-loan/kyc',
  '/apply-loan/co-applicants',
  '/apply-loan/co-applicant-details',
  '/apply-loan/family-details',
  '/apply-loan/family-detail-form',
  '/apply-loan/business',
  '/apply-loan/employment',
  '/apply-loan/references',
  '/apply-loan/reference-details',
  '/apply-loan/rejection',
]);

/** Pages anyone may open; the application's steps need the visitor's verified mobile (the guest token). */
const OPEN = new Set(['/apply-loan/mobile', '/apply-loan/success', '/apply-loan/track', '/join-us', '/join-us/track']);

export function PublicPage({ path }: { path: string }) {
  const token = useSyncExternalStore(subscribeCredentials, () => guestSession().token);
  const { applicationId } = guestSession();
  const Page = PAGES[path];
  if (!Page && !STEP_PATHS.has(path)) return null;
  const closed = !OPEN.has(path) && !token;
  if (closed && !applicationId) {
    return (
      <main className="page">
        <h1 className="page-title">{publicTitle(path)}</h1>
        <MessageLine variant="info">
          {t('Verify your mobile number to open your application. What you saved on this device is kept.')}
        </MessageLine>
        <Link to="/apply-loan/mobile" className="ui-btn ui-btn--default ui-btn--size-lg">
          {t('Verify mobile number')}
        </Link>
      </main>
    );
  }
  // A token the queue found dead (or one that ran out while away): the page stays as it is, the bar above it verifies
  // the mobile again; the page keeps its place in the tree, so nothing typed or opened on it is lost.
  return (
    <>
      {closed && applicationId && <SessionAgain applicationId={applicationId} />}
      {Page ? <Page /> : <StepPage path={path} />}
    </>
  );
}
