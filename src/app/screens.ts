// The screens the router names at start: the public frame and pages, the login, the signed-in frame and its screens,
// each loaded on demand (and precached by the service worker for offline use).
import type { ComponentType } from 'react';
import type { TenantConfig } from '../../contracts/tenant';
import type { BorrowerAppData } from '../forms/borrower-form-values';
import { lazyComponent } from '../lib/lazy-component';
import type { StaffPath } from './staff-screens';

// The public pages are one module loaded on demand: its layout and the page of each public path.
const publicPages = () => import('./public-pages');
export const PublicPage = lazyComponent(() => publicPages().then((m) => m.PublicPage));
// The layout waits for the page too, so both paint in one frame (the page's text is the visitor's largest paint).
export const PublicLayout = lazyComponent(() =>
  PublicPage.preload()
    .then(publicPages)
    .then((m) => m.PublicLayout),
);
// The public pages a visit can start on are modules of their own, each asked for beside the public frame at a start on
// it (preloadSignedOutScreen): one round of downloads, and no page downloads another's code.
export const PublicMobileScreen = lazyComponent<{ BorrowerForm: ComponentType<{ app: BorrowerAppData }> }>(() =>
  import('../features/public/apply-loan-screens').then((m) => m.PublicMobileScreen),
);
export const LoanTrackPage = lazyComponent(() => import('../features/public/loan-track-screen').then((m) => m.LoanTrackScreen));
export const JoinUsPage = lazyComponent(() => import('../features/public/join-us-screen').then((m) => m.JoinUsScreen));
export const PartnerTrackPage = lazyComponent(() => import('../features/public/partner-track-screen').then((m) => m.PartnerTrackScreen));
const LANDING: Record<string, { preload: () => Promise<void> }> = {
  '/apply-loan/mobile': PublicMobileScreen,
  '/apply-loan/track': LoanTrackPage,
  '/join-us': JoinUsPage,
  '/join-us/track': PartnerTrackPage,
};
export const LoginScreen = lazyComponent(() => import('../features/auth/login-screen').then((m) => m.LoginScreen));
// The signed-in frame (sync runtime, PIN gate, Dexie) and the home load on demand too: a visitor or an officer at the
// login downloads none of it (≤ 120 KB of JS first). A signed-in start asks for both at once (preloadSignedInFrame).
// A signed-in start's first screen (the PIN) and the frame it opens on (signed-in-start.tsx).
export const SignedInStart = lazyComponent<{ tenant: TenantConfig | null }>(() => import('./signed-in-start').then((m) => m.SignedInStart));
export const AppFrame = lazyComponent<{ tenant: TenantConfig | null }>(() => import('./app-frame').then((m) => m.AppFrame));
// The home is named here so a signed-in start asks for it at once (preloadSignedInFrame), beside the frame and the table.
export const HomeScreen = lazyComponent(() => import('../features/home/home-screen').then((m) => m.HomeScreen));
// The signed-in screen table (staff-screens.tsx), one module on demand.
const staffScreens = () => import('./staff-screens');
export const StaffScreen = lazyComponent<{ path: StaffPath }>(() => staffScreens().then((m) => m.StaffScreen));

/**
 * A signed-out start knows its page from the address: its code is asked for at once, beside the runtime and tenant
 * configuration, instead of after them (one round of downloads less before a visitor's first page).
 */
export function preloadSignedOutScreen(path: string, publicPage: boolean): void {
  const page = publicPage ? PublicLayout : LoginScreen;
  void page.preload();
  void LANDING[path]?.preload();
}

/**
 * A signed-in start: the PIN screen's module and the vault row it opens with are asked for beside the runtime and
 * tenant configuration. The frame, the database, the engine and the screens behind the PIN are asked for only after
 * the PIN screen has painted (signed-in-start.tsx): asked for at boot, they were 90 KB more to download, parse and run
 * before the PIN screen worked. The row is asked for first, its module being the smaller: it is what the PIN screen
 * waits for longest. Resolves once it is read (or could not be) and the screen's module is loaded.
 */
export function preloadSignedInFrame(): Promise<unknown> {
  const vault = import('./start-vault').then(
    (m) => m.peekStartVault(),
    () => null,
  );
  // The first render waits for the PIN screen's module too: it then takes over the PIN form drawn before the app
  // (public/early-form.js), which that render's commit replaces; a first render without it would wipe the form, digits and all.
  return Promise.all([vault, SignedInStart.preload().catch(() => undefined)]);
}
