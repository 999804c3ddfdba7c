// Every route with the search parameters it takes, declared together: the router is registered below, so `to`,
// `params` and `search` are checked at every Link and navigate. The screens load on demand (screens.ts).
import { createHashHistory, createRootRoute, createRoute, createRouter, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import type { TenantConfig } from '../../contracts/tenant';
import { t, useLocale } from '../i18n';
import { isSignedIn } from '../features/auth/session';
import {
  APP_SEARCH,
  CPV_SEARCH,
  LOAN_TRACK_SEARCH,
  MOBILE_SEARCH,
  PARTNER_TRACK_SEARCH,
  RECORD_SEARCH,
  type SearchSchema,
} from '../forms/route-search';
import { ErrorScreen } from './error-screen';
import { LoadingOverlay } from './loading-overlay';
import { LoginScreen, PublicLayout, PublicPage, SignedInStart, StaffScreen } from './screens';
import type { StaffPath } from './staff-screens';

/**
 * Renders a route's screen, again when the language changes: the router memoises its matches, so a screen would
 * otherwise keep the old language until it re-rendered for its own reasons. Nothing remounts: typed text and
 * react-hook-form's fields are kept.
 */
function InLanguage({ render }: { render: () => React.ReactNode }) {
  useLocale();
  return render();
}
const inLanguage = (render: () => React.ReactNode) => () => <InLanguage render={render} />;

export function buildRouter(tenant: () => TenantConfig | null) {
  const root = createRootRoute({
    component: inLanguage(() => (
      <>
        <Outlet />
        <LoadingOverlay />
      </>
    )),
    notFoundComponent: () => <ErrorScreen status={404} statusText={t('Not Found')} />,
    errorComponent: ({ error }) => <ErrorScreen status={500} statusText={String((error as Error)?.message ?? error)} />,
  });
  const signedIn = createRoute({
    getParentRoute: () => root,
    id: 'signed-in',
    beforeLoad: () => {
      if (!isSignedIn()) throw redirect({ to: '/login', replace: true });
    },
    component: inLanguage(() => <SignedInStart tenant={tenant()} />),
  });
  const signedOut = createRoute({
    getParentRoute: () => root,
    id: 'signed-out',
    beforeLoad: () => {
      if (isSignedIn()) throw redirect({ to: '/', replace: true });
    },
    component: Outlet,
  });
  // Every signed-out page but the login sits in the public frame (brand, links, the visitor's own database and queue).
  const publicPages = createRoute({
    getParentRoute: () => signedOut,
    id: 'public',
    // The path is read here: a router state hook inside the lazy module split the router out of the first download.
    component: inLanguage(() => <PublicLayout tenant={tenant()} path={useRouterState({ select: (s) => s.location.pathname })} />),
  });
  const loginRoute = createRoute({
    getParentRoute: () => signedOut,
    path: '/login',
    component: inLanguage(() => <LoginScreen tenant={tenant()} />),
  });

  // A screen that takes no search leaves it as it came; one that does validates it with its schema.
  const staff = <const P extends StaffPath>(path: P) =>
    createRoute({ getParentRoute: () => signedIn, path, component: inLanguage(() => <StaffScreen path={path} />) });
  const staffWith = <const P extends StaffPath, S extends SearchSchema>(path: P, validateSearch: S) =>
    createRoute({ getParentRoute: () => signedIn, path, validateSearch, component: inLanguage(() => <StaffScreen path={path} />) });
  const open = <const P extends string>(path: P) =>
    createRoute({ getParentRoute: () => publicPages, path, component: inLanguage(() => <PublicPage path={path} />) });
  const openWith = <const P extends string, S extends SearchSchema>(path: P, validateSearch: S) =>
    createRoute({ getParentRoute: () => publicPages, path, validateSearch, component: inLanguage(() => <PublicPage path={path} />) });

  const tree = root.addChildren([
    signedIn.addChildren([
      staff('/'),
      staff('/applications'),
      staff('/profile'),
      staff('/sync'),
      staffWith('/application/track', LOAN_TRACK_SEARCH),
      staffWith('/application/deviations', APP_SEARCH),
      staffWith('/application/mobile', MOBILE_SEARCH),
      staffWith('/application/business', APP_SEARCH),
      staffWith('/application/employment', APP_SEARCH),
      staffWith('/application/family-details', APP_SEARCH),
      staffWith('/application/family-detail-form', RECORD_SEARCH),
      staffWith('/application/bank-account-details', APP_SEARCH),
      staffWith('/application/personal-discussion', APP_SEARCH),
      staffWith('/application/cpv-info', CPV_SEARCH),
      staffWith('/application/complete-application', APP_SEARCH),
      staffWith('/application/loan-offer', APP_SEARCH),
      staffWith('/application/kyc', APP_SEARCH),
      staffWith('/application/co-applicants', APP_SEARCH),
      staffWith('/application/co-applicant-details', RECORD_SEARCH),
      staffWith('/application/references', APP_SEARCH),
      staffWith('/application/reference-details', RECORD_SEARCH),
      staffWith('/application/success', APP_SEARCH),
      staffWith('/application/success/loan-offers', APP_SEARCH),
      staffWith('/application/final-submit', APP_SEARCH),
      staffWith('/application/rejection', APP_SEARCH),
    ]),
    signedOut.addChildren([
      loginRoute,
      publicPages.addChildren([
        open('/join-us'),
        openWith('/join-us/track', PARTNER_TRACK_SEARCH),
        openWith('/apply-loan/track', LOAN_TRACK_SEARCH),
        openWith('/apply-loan/mobile', APP_SEARCH),
        openWith('/apply-loan/business', APP_SEARCH),
        openWith('/apply-loan/employment', APP_SEARCH),
        openWith('/apply-loan/kyc', APP_SEARCH),
        openWith('/apply-loan/co-applicants', APP_SEARCH),
        openWith('/apply-loan/co-applicant-details', RECORD_SEARCH),
        openWith('/apply-loan/family-details', APP_SEARCH),
        openWith('/apply-loan/family-detail-form', RECORD_SEARCH),
        openWith('/apply-loan/references', APP_SEARCH),
        openWith('/apply-loan/reference-details', RECORD_SEARCH),
        openWith('/apply-loan/success', APP_SEARCH),
        openWith('/apply-loan/rejection', APP_SEARCH),
      ]),
    ]),
  ]);
  return createRouter({ routeTree: tree, history: createHashHistory() });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof buildRouter>;
  }
}
