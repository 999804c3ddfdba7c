import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { afterFirstPaint } from '../lib/after-first-paint';
import { SkipLink, SkipTarget } from '../components/ui/skip-link';
import { titleOf } from './staff-titles';
import type { TenantConfig } from '../../contracts/tenant';
import { SyncRuntimeProvider } from './officer-runtime';
import { useProfile } from '../session/profile-store';
import { useWholeApplication } from '../review/use-whole-application';
import { CopyAsOf } from '../review/copy-as-of';
import { PinGate } from '../features/lock/pin-gate';
import { SignInStalled } from '../features/auth/sign-in-stalled';
import { OfflineBanner } from '../features/sync-center/offline-banner';
import { StorageWarning } from '../features/sync-center/storage-warning';
import { SyncBadge } from '../features/sync-center/sync-badge';
import { ReturnToLastScreen } from './return-to-last-screen';
import { t, useLocale } from '../i18n';
import { useHeadingFocus } from '../lib/use-heading-focus';

const Icon = ({ d }: { d: string }) => (
  <svg
    width="24"
    height="24"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

/** Signed-in frame (and the user's sync runtime): logo, 'Hello {first} {last}', profile or home icon, 'Powered By' footer. */
/** The application the route names, fetched whole when the phone's copy is behind. */
function WholeApplication() {
  const id = useRouterState({ select: (s) => (s.location.search as { id?: unknown }).id });
  useWholeApplication(typeof id === 'string' ? id : undefined);
  return null;
}

/** Each screen change (and the unlock, which paints the first screen) starts the focus at the screen's heading. */
function HeadingFocus({ path }: { path: string }) {
  useHeadingFocus('app-main', path);
  return null;
}

/** Every application screen says how old the phone's copy of it is. */
function RouteCopyAsOf() {
  const id = useRouterState({ select: (s) => (s.location.search as { id?: unknown }).id });
  const path = useRouterState({ select: (s) => s.location.pathname });
  return typeof id === 'string' && path.startsWith('/application/') ? <CopyAsOf appId={id} /> : null;
}

export function AppFrame({ tenant }: { tenant: TenantConfig | null }) {
  const profile = useProfile();
  const path = useRouterState({ select: (s) => s.location.pathname });
  // A start opens on the PIN screen (the first paint): the screen behind it loads while the PIN is typed and checked,
  // not after the unlock (the cold start to the list). Asked for at boot instead, it was evaluated before
  // the PIN screen and delayed it.
  const startPath = useRef(path);
  useEffect(() => afterFirstPaint(() => void import('./staff-screens').then((m) => m.preloadStaffScreen(startPath.current))), []);
  // Every staff page has a title of its own ('Business · Sahayog'), not one for all, in the language of the moment.
  useLocale();
  const title = `${titleOf(path)} · ${tenant?.name ?? 'Field Loans'}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  // No officer known yet (the profile of a fresh sign-in is loading, or its load failed): the PIN and the database
  // wait for it, and the page says so with a way on, rather than painting nothing.
  if (profile.id === -1) return <SignInStalled />;
  return (
    <SyncRuntimeProvider userId={profile.id}>
      <PinGate>
        <WholeApplication />
        <ReturnToLastScreen />
        <HeadingFocus path={path} />
        <div className="frame">
          <SkipLink target="app-main" />
          <header className="app-header">
            {tenant && <img src={tenant.logo_url} alt={tenant.name} height={32} />}
            <span className="hello">{t('Hello {first} {last}', { first: profile.first_name ?? '', last: profile.last_name ?? '' })}</span>
            <SyncBadge />
            {path === '/' ? (
              <Link to="/profile" aria-label={t('Profile')}>
                <Icon d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0" />
              </Link>
            ) : (
              <Link to="/" aria-label={t('Home')}>
                <Icon d="M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10" />
              </Link>
            )}
          </header>
          <OfflineBanner />
          <StorageWarning />
          <SkipTarget id="app-main">
            <RouteCopyAsOf />
            <Outlet />
          </SkipTarget>
          <footer className="app-footer">
            {t('Powered By')} <img src="/icons/icon-192.png" alt="Field Loans" width={20} height={20} />
          </footer>
        </div>
      </PinGate>
    </SyncRuntimeProvider>
  );
}
