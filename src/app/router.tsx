import { createHashHistory, createRootRoute, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router';
import type { TenantConfig } from '../../contracts/tenant';
import { LoginScreen } from '../features/auth/login-screen';
import { isSignedIn } from '../features/auth/session';
import { AppFrame } from '../features/home/app-frame';
import { HomeScreen } from '../features/home/home-screen';
import { ProfileScreen } from '../features/home/profile-screen';
import { ErrorScreen } from './error-screen';

export function buildRouter(tenant: () => TenantConfig | null) {
  const root = createRootRoute({
    component: Outlet,
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
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    beforeLoad: () => {
      if (isSignedIn()) throw redirect({ to: '/', replace: true });
    },
    component: () => <LoginScreen tenant={tenant()} />,
  });
  const home = createRoute({ getParentRoute: () => signedIn, path: '/', component: HomeScreen });
  const profile = createRoute({ getParentRoute: () => signedIn, path: '/profile', component: ProfileScreen });
  const tree = root.addChildren([login, signedIn.addChildren([home, profile])]);
  return createRouter({ routeTree: tree, history: createHashHistory() });
}
