// The visitor's application steps under /apply-loan/: the staff step screens (REQ-PUB-1 "the public flow is the same
// under /apply-loan/"), each loaded on demand; the public flow they run in is set by the public layout.
import type { ComponentType } from 'react';
import { lazyComponent } from '../lib/lazy-component';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyComponent(() => load().then((m) => m[name]));

const STEPS: Readonly<Record<string, ComponentType>> = {
  '/apply-loan/kyc': named(() => import('../features/kyc/kyc-screen'), 'KycScreen'),
  '/apply-loan/co-applicants': named(() => import('../features/co-applicants/co-applicants-screen'), 'CoApplicantsScreen'),
  '/apply-loan/co-applicant-details': named(
    () => import('../features/co-applicants/co-applicant-details-screen'),
    'CoApplicantDetailsScreen',
  ),
  '/apply-loan/family-details': named(() => import('../features/family/family-screens'), 'FamilyDetailsScreen'),
  '/apply-loan/family-detail-form': named(() => import('../features/family/family-screens'), 'FamilyDetailFormScreen'),
  '/apply-loan/business': named(() => import('../features/business/business-screen'), 'BusinessScreen'),
  '/apply-loan/employment': named(() => import('../features/employment/employment-screen'), 'EmploymentScreen'),
  '/apply-loan/references': named(() => import('../features/references/references-screen'), 'ReferencesScreen'),
  '/apply-loan/reference-details': named(() => import('../features/references/reference-details-screen'), 'ReferenceDetailsScreen'),
  '/apply-loan/rejection': named(() => import('../features/kyc/rejection-screen'), 'RejectionScreen'),
};

export function PublicStepPage({ path }: { path: string }) {
  const Page = STEPS[path];
  return Page ? <Page /> : null;
}
