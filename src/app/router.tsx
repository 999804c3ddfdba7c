import {
  type AnyRoute,
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  useRouterState,
} from '@tanstack/react-router';
import type { TenantConfig } from '../../contracts/tenant';
import { isSignedIn } from '../features/auth/session';
import {
  APP_SEARCH,
  CPV_SEARCH,
  LOAN_TRACK_SEARCH,
  MOBILE_SEARCH,
  PARTNER_TRACK_SEARCH,
  parseSearch,
  RECORD_SEARCH,
  type SearchSchema,
} from '../forms/route-search';
import { ErrorScreen } from './error-screen';
import { LoadingOverlay } from './loading-overlay';
import { SIGNED_IN_PATHS, SIGNED_OUT_PATHS, STAFF_STAGES } from './route-table';
import { AppFrame, LoginScreen, PublicLayout, PublicPage, StaffScreen } from './screens';

/** The schema of a path's search parameters; paths that take none have no validateSearch. */
function searchOf(path: string): SearchSchema | undefined {
  const page = path.replace(/^\/(application|apply-loan)\//, '');
  if (path === '/application/mobile') return MOBILE_SEARCH;
  if (path.endsWith('/track')) return path === '/join-us/track' ? PARTNER_TRACK_SEARCH : LOAN_TRACK_SEARCH;
  if (page === 'cpv-info') return CPV_SEARCH;
  if (['family-detail-form', 'co-applicant-details', 'reference-details'].includes(page)) return RECORD_SEARCH;
  return page !== path ? APP_SEARCH : undefined;
}

const validated = (path: string) => {
  const schema = searchOf(path);
  return schema ? { validateSearch: (raw: Record<string, unknown>) => parseSearch(schema, raw) } : {};
};

const screenFor = (path: string) => () => <StaffScreen path={path} />;

export function buildRouter(tenant: () => TenantConfig | null) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <LoadingOverlay />
      </>
    ),
    notFoundComponent: () => <ErrorScreen status={404} statusText="Not Found" />,
    errorComponent: ({ error }) => <ErrorScreen status={500} statusText={String((error as Error)?.message ?? error)} />,
  });
  const signedIn = createRoute({
    getParentRoute: () => root,
    id: 'signed-in',
    beforeLoad: () => {
      if (!isSignedIn()) throw redirect({ to: '/login', replace: true });
    },
    component: () => <AppFrame tenant={tenant()} />,
  });
  const signedOut = createRoute({
    getParentRoute: () => root,
    id: 'signed-out',
    beforeLoad: () => {
      if (isSignedIn()) throw redirect({ to: '/', replace: true });
    },
    component: Outlet,
  });
  const inPaths = [...SIGNED_IN_PATHS, ...STAFF_STAGES.map((s) => `/application/${s}`)];
  const inRoutes: AnyRoute[] = inPaths.map((path) =>
    createRoute({ getParentRoute: () => signedIn, path, component: screenFor(path), ...validated(path) }),
  );
  // Every signed-out page but the login sits in the public frame (brand, links, the visitor's own database and queue).
  const publicPages = createRoute({
    getParentRoute: () => signedOut,
    id: 'public',
    // The path is read here: a router state hook inside the lazy module split the router out of the first download.
    component: () => <PublicLayout tenant={tenant()} path={useRouterState({ select: (s) => s.location.pathname })} />,
  });
  const loginRoute = createRoute({ getParentRoute: () => signedOut, path: '/login', component: () => <LoginScreen tenant={tenant()} /> });
  const outRoutes: AnyRoute[] = SIGNED_OUT_PATHS.filter((p) => p !== '/login').map((path) =>
    createRoute({ getParentRoute: () => publicPages, path, component: () => <PublicPage path={path} />, ...validated(path) }),
  );
  const tree = root.addChildren([signedIn.addChildren(inRoutes), signedOut.addChildren([loginRoute, publicPages.addChildren(outRoutes)])]);
  return createRouter({ routeTree: tree, history: createHashHistory() });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof buildRouter>;
  }
}
