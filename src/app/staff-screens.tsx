// Which component renders which signed-in path (the router has a route for each, typed by StaffPath). One module loaded on demand,
// beside the signed-in frame: the login and the public pages download none of it. Each screen loads on
// demand in turn (and is precached by the service worker for offline use).
import type { ComponentType } from 'react';
import { type LazyComponent, lazyComponent } from '../lib/lazy-component';
import { HomeScreen } from './screens';

const ProfileScreen = lazyComponent(() => import('../features/auth/profile-screen').then((m) => m.ProfileScreen));
const SyncCenterScreen = lazyComponent(() => import('../features/sync-center/sync-center-screen').then((m) => m.SyncCenterScreen));
const MobileStepScreen = lazyComponent(() => import('../features/borrower/mobile-step-screen').then((m) => m.MobileStepScreen));
const RejectionScreen = lazyComponent(() => import('../features/kyc/rejection-screen').then((m) => m.RejectionScreen));
const CoApplicantsScreen = lazyComponent(() => import('../features/co-applicants/co-applicants-screen').then((m) => m.CoApplicantsScreen));
const CoApplicantDetailsScreen = lazyComponent(() =>
  import('../features/co-applicants/co-applicant-details-screen').then((m) => m.CoApplicantDetailsScreen),
);
const FamilyDetailsScreen = lazyComponent(() => import('../features/family/family-screens').then((m) => m.FamilyDetailsScreen));
const FamilyDetailFormScreen = lazyComponent(() => import('../features/family/family-screens').then((m) => m.FamilyDetailFormScreen));
const BankAccountScreen = lazyComponent(() => import('../features/bank-account/bank-account-screen').then((m) => m.BankAccountScreen));
const BusinessScreen = lazyComponent(() => import('../features/business/business-screen').then((m) => m.BusinessScreen));
const EmploymentScreen = lazyComponent(() => import('../features/employment/employment-screen').then((m) => m.EmploymentScreen));
const ApplicationsScreen = lazyComponent(() => import('../features/applications/applications-screen').then((m) => m.ApplicationsScreen));
const CpvScreen = lazyComponent(() => import('../features/cpv/cpv-screen').then((m) => m.CpvScreen));
const ReferencesScreen = lazyComponent(() => import('../features/references/references-screen').then((m) => m.ReferencesScreen));
const ReferenceDetailsScreen = lazyComponent(() =>
  import('../features/references/reference-details-screen').then((m) => m.ReferenceDetailsScreen),
);
const DeviationsScreen = lazyComponent(() => import('../features/deviations/deviations-screen').then((m) => m.DeviationsScreen));
const CompleteApplicationScreen = lazyComponent(() =>
  import('../features/applications/complete-application-screen').then((m) => m.CompleteApplicationScreen),
);
const LoanOfferScreen = lazyComponent(() => import('../features/loan-offer/loan-offer-screen').then((m) => m.LoanOfferScreen));
const stageTwo = () => import('../features/second-stage/stage-two-screens');
const Pd1ReviewScreen = lazyComponent(() => stageTwo().then((m) => m.Pd1ReviewScreen));
const SuccessScreen = lazyComponent(() => stageTwo().then((m) => m.SuccessScreen));
const SuccessLoanOffersScreen = lazyComponent(() => stageTwo().then((m) => m.SuccessLoanOffersScreen));
const FinalSubmitScreen = lazyComponent(() => stageTwo().then((m) => m.FinalSubmitScreen));
const LoanTrackScreen = lazyComponent(() => import('../features/public/loan-track-screen').then((m) => m.LoanTrackScreen));
const KycScreen = lazyComponent(() => import('../features/kyc/kyc-screen').then((m) => m.KycScreen));

const SCREENS = {
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
} satisfies Record<string, ComponentType>;

/** The signed-in paths: the router declares one route for each, and each has its screen. */
export type StaffPath = keyof typeof SCREENS;

/** Asks for a signed-in path's screen ahead of its render (app-frame.tsx: while the PIN is typed). */
export function preloadStaffScreen(path: string): void {
  void (SCREENS[path as StaffPath] as Partial<LazyComponent<object>> | undefined)?.preload?.();
}

/** The screen of a signed-in path. */
export function StaffScreen({ path }: { path: StaffPath }) {
  const Screen: ComponentType = SCREENS[path];
  return <Screen />;
}
