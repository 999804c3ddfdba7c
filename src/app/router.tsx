import {
  type AnyRoute, createHashHistory, createRootRoute, createRoute, createRouter, Outlet, redirect,
} from '@tanstack/react-router';
import type { TenantConfig } from '../../contracts/tenant';
import { isSignedIn } from '../features/auth/session';
import { AppFrame } from '../features/home/app-frame';
import { StagePlaceholder } from '../features/placeholder/stage-placeholder';
import { ErrorScreen } from './error-screen';
import { LoadingOverlay } from './loading-overlay';
import { SIGNED_IN_PATHS, SIGNED_OUT_PATHS, STAFF_STAGES, titleOf } from './route-table';
import { LoginScreen, SCREENS } from './screens';

function screenFor(path: string) {
  const Screen = SCREENS[path];
  return Screen ? () => <Screen /> : () => <StagePlaceholder title={titleOf(path)} />;
}

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
    createRoute({ getParentRoute: () => signedIn, path, component: screenFor(path) }),
  );
  const outRoutes: AnyRoute[] = SIGNED_OUT_PATHS.map((path) =>
    createRoute({
      getParentRoute: () => signedOut,
      path,
      component: path === '/login' ? () => <LoginScreen tenant={tenant()} /> : screenFor(path),
    }),
  );
  const tree = root.addChildren([signedIn.addChildren(inRoutes), signedOut.addChildren(outRoutes)]);
  return createRouter({ routeTree: tree, history: createHashHistory() });
}
