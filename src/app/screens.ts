// Which component renders which path. Paths not listed here render the placeholder.
// Screens beyond the first view load on demand (and are precached by the service worker for offline use).
import { type ComponentType, lazy } from 'react';
import { HomeScreen } from '../features/home/home-screen';

// The public pages (issue 7) are one module loaded on demand: its layout and the page of each public path.
const publicPages = () => import('../features/public/public-pages');
export const PublicLayout = lazy(() => publicPages().then((m) => ({ default: m.PublicLayout })));
export const PublicPage = lazy(() => publicPages().then((m) => ({ default: m.PublicPage })));
export const LoginScreen = lazy(() => import('../features/auth/login-screen').then((m) => ({ default: m.LoginScreen })));
const ProfileScreen = lazy(() => import('../features/home/profile-screen').then((m) => ({ default: m.ProfileScreen })));
const SyncCenterScreen = lazy(() => import('../features/sync/sync-center-screen').then((m) => ({ default: m.SyncCenterScreen })));
const MobileStepScreen = lazy(() => import('../features/application/mobile-step-screen').then((m) => ({ default: m.MobileStepScreen })));
const RejectionScreen = lazy(() => import('../features/application/rejection-screen').then((m) => ({ default: m.RejectionScreen })));
const CoApplicantsScreen = lazy(() => import('../features/co-applicants/co-applicants-screen').then((m) => ({ default: m.CoApplicantsScreen })));
const CoApplicantDetailsScreen = lazy(() => import('../features/co-applicants/co-applicant-details-screen').then((m) => ({ default: m.CoApplicantDetailsScreen })));
const FamilyDetailsScreen = lazy(() => import('../features/family/family-screens').then((m) => ({ default: m.FamilyDetailsScreen })));
const FamilyDetailFormScreen = lazy(() => import('../features/family/family-screens').then((m) => ({ default: m.FamilyDetailFormScreen })));
const BankAccountScreen = lazy(() => import('../features/bank-account/bank-account-screen').then((m) => ({ default: m.BankAccountScreen })));
const BusinessScreen = lazy(() => import('../features/business/business-screen').then((m) => ({ default: m.BusinessScreen })));
const EmploymentScreen = lazy(() => import('../features/employment/employment-screen').then((m) => ({ default: m.EmploymentScreen })));
const ApplicationsScreen = lazy(() => import('../features/applications/applications-screen').then((m) => ({ default: m.ApplicationsScreen })));
const CpvScreen = lazy(() => import('../features/cpv/cpv-screen').then((m) => ({ default: m.CpvScreen })));
const ReferencesScreen = lazy(() => import('../features/references/references-screen').then((m) => ({ default: m.ReferencesScreen })));
const ReferenceDetailsScreen = lazy(() => import('../features/references/reference-details-screen').then((m) => ({ default: m.ReferenceDetailsScreen })));
const LoanOfferScreen = lazy(() => import('../features/loan-offer/loan-offer-screen').then((m) => ({ default: m.LoanOfferScreen })));
const stageTwo = () => import('../features/second-stage/stage-two-screens');
const Pd1ReviewScreen = lazy(() => stageTwo().then((m) => ({ default: m.Pd1ReviewScreen })));
const SuccessScreen = lazy(() => stageTwo().then((m) => ({ default: m.SuccessScreen })));
const SuccessLoanOffersScreen = lazy(() => stageTwo().then((m) => ({ default: m.SuccessLoanOffersScreen })));
const FinalSubmitScreen = lazy(() => stageTwo().then((m) => ({ default: m.FinalSubmitScreen })));
const LoanTrackScreen = lazy(() => import('../features/public/loan-track-screen').then((m) => ({ default: m.LoanTrackScreen })));
const KycScreen = lazy(() => import('../features/application/kyc-screen').then((m) => ({ default: m.KycScreen })));

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
  '/application/personal-discussion': Pd1ReviewScreen,
  '/application/success': SuccessScreen,
  '/application/success/loan-offers': SuccessLoanOffersScreen,
  '/application/final-submit': FinalSubmitScreen,
  '/application/track': LoanTrackScreen,
};
