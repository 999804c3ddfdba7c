// Which component renders which path. Paths not listed here render the placeholder.
// Screens beyond the first view load on demand (and are precached by the service worker for offline use).
import type { ComponentType } from 'react';
import type { TenantConfig } from '../../contracts/tenant';
import { lazyComponent } from '../lib/lazy-component';
import { SIGNED_OUT_PATHS } from './route-table';

// The public pages (issue 7) are one module loaded on demand: its layout and the page of each public path.
const publicPages = () => import('./public-pages');
export const PublicPage = lazyComponent(() => publicPages().then((m) => m.PublicPage));
// The layout waits for the page too, so both paint in one frame (the page's text is the visitor's largest paint).
export const PublicLayout = lazyComponent(() => PublicPage.preload().then(publicPages).then((m) => m.PublicLayout));
export const LoginScreen = lazyComponent(() => import('../features/auth/login-screen').then((m) => m.LoginScreen));
// The signed-in frame (sync runtime, PIN gate, Dexie) and the home load on demand too: a visitor or an officer at the
// login downloads none of it (issue 23: ≤ 120 KB of JS first). A signed-in start asks for both at once (preloadSignedInFrame).
export const AppFrame = lazyComponent<{ tenant: TenantConfig | null }>(() => import('./app-frame').then((m) => m.AppFrame));
const HomeScreen = lazyComponent(() => import('../features/home/home-screen').then((m) => m.HomeScreen));
const ProfileScreen = lazyComponent(() => import('../features/auth/profile-screen').then((m) => m.ProfileScreen));
const SyncCenterScreen = lazyComponent(() => import('../features/sync-center/sync-center-screen').then((m) => m.SyncCenterScreen));
const MobileStepScreen = lazyComponent(() => import('../features/borrower/mobile-step-screen').then((m) => m.MobileStepScreen));
const RejectionScreen = lazyComponent(() => import('../features/kyc/rejection-screen').then((m) => m.RejectionScreen));
const CoApplicantsScreen = lazyComponent(() => import('../features/co-applicants/co-applicants-screen').then((m) => m.CoApplicantsScreen));
const CoApplicantDetailsScreen = lazyComponent(() => import('../features/co-applicants/co-applicant-details-screen').then((m) => m.CoApplicantDetailsScreen));
const FamilyDetailsScreen = lazyComponent(() => import('../features/family/family-screens').then((m) => m.FamilyDetailsScreen));
const FamilyDetailFormScreen = lazyComponent(() => import('../features/family/family-screens').then((m) => m.FamilyDetailFormScreen));
const BankAccountScreen = lazyComponent(() => import('../features/bank-account/bank-account-screen').then((m) => m.BankAccountScreen));
const BusinessScreen = lazyComponent(() => import('../features/business/business-screen').then((m) => m.BusinessScreen));
const EmploymentScreen = lazyComponent(() => import('../features/employment/employment-screen').then((m) => m.EmploymentScreen));
const ApplicationsScreen = lazyComponent(() => import('../features/applications/applications-screen').then((m) => m.ApplicationsScreen));
const CpvScreen = lazyComponent(() => import('../features/cpv/cpv-screen').then((m) => m.CpvScreen));
const ReferencesScreen = lazyComponent(() => import('../features/references/references-screen').then((m) => m.ReferencesScreen));
const ReferenceDetailsScreen = lazyComponent(() => import('../features/references/reference-details-screen').then((m) => m.ReferenceDetailsScreen));
const DeviationsScreen = lazyComponent(() => import('../features/deviations/deviations-screen').then((m) => m.DeviationsScreen));
const CompleteApplicationScreen = lazyComponent(() => import('../features/applications/complete-application-screen').then((m) => m.CompleteApplicationScreen));
const LoanOfferScreen = lazyComponent(() => import('../features/loan-offer/loan-offer-screen').then((m) => m.LoanOfferScreen));
const stageTwo = () => import('../features/second-stage/stage-two-screens');
const Pd1ReviewScreen = lazyComponent(() => stageTwo().then((m) => m.Pd1ReviewScreen));
const SuccessScreen = lazyComponent(() => stageTwo().then((m) => m.SuccessScreen));
const SuccessLoanOffersScreen = lazyComponent(() => stageTwo().then((m) => m.SuccessLoanOffersScreen));
const FinalSubmitScreen = lazyComponent(() => stageTwo().then((m) => m.FinalSubmitScreen));
const LoanTrackScreen = lazyComponent(() => import('../features/public/loan-track-screen').then((m) => m.LoanTrackScreen));
const KycScreen = lazyComponent(() => import('../features/kyc/kyc-screen').then((m) => m.KycScreen));

export const SCREENS: Partial<Record<string, ComponentType>> = {
  '/': HomeScreen,
  '/profile': ProfileScreen,
  '/sync': SyncCenterScreen,
  '/application/mobile': MobileStepScreen,
  '/application/kyc': KycScreen,
  '/application/rejection': RejectionScreen,
  '/application/co-applicants': CoApplicantsScreen,
  '/application/co-applicant-details': CoApplicantDetailsScreen,
  '/application/family-details': FamilyDetailsScreen,
  '/application/family-detail-form': FamilyDetailFormScreen,
  '/application/bank-account-details': BankAccountScreen,
  '/application/business': BusinessScreen,
  '/application/employment': EmploymentScreen,
  '/applications': ApplicationsScreen,
  '/application/cpv-info': CpvScreen,
  '/application/references': ReferencesScreen,
  '/application/reference-details': ReferenceDetailsScreen,
  '/application/loan-offer': LoanOfferScreen,
  '/application/complete-application': CompleteApplicationScreen,
  '/application/deviations': DeviationsScreen,
  '/application/personal-discussion': Pd1ReviewScreen,
  '/application/success': SuccessScreen,
  '/application/success/loan-offers': SuccessLoanOffersScreen,
  '/application/final-submit': FinalSubmitScreen,
  '/application/track': LoanTrackScreen,
};

/**
 * A signed-out start knows its page from the address: its code is asked for at once, beside the runtime and tenant
 * configuration, instead of after them (one round of downloads less before a visitor's first page).
 */
export function preloadSignedOutScreen(path: string): void {
  const page = (SIGNED_OUT_PATHS as readonly string[]).includes(path) && path !== '/login' ? PublicLayout : LoginScreen;
  void page.preload();
}

/** A signed-in start: the frame and the home are fetched beside the runtime and tenant configuration. */
export function preloadSignedInFrame(path: string): void {
  void AppFrame.preload();
  if (path === '/') void HomeScreen.preload();
}
