// Second-stage rules as pure functions (REQ-CPV-4, REQ-REF-2, REQ-OFFER-3): where the officer goes after a CPV submit
// and after references, and which loan-offer controls each role gets.
import { appMay } from './app-authority';
import type { ProductRole } from '../../contracts/roles';

type Progress = { is_pd1_complete?: boolean; is_pd2_complete?: boolean };

/** After CPV submit: PD2 complete → references; the initiating or verification role with PD1 complete → references; else success. */
export function afterCpv(role: ProductRole | null, p: Progress): '/application/references' | '/application/success' {
  if (p.is_pd2_complete) return '/application/references';
  if ((role === 'INITIATING_OFFICER' || role === 'VERIFICATION') && p.is_pd1_complete) return '/application/references';
  return '/application/success';
}

export type VisitType = 'BUSINESS_PLACE_VERIFICATION' | 'RESIDENCE_VERIFICATION';
type Visits = { status?: string; cpv_business?: unknown; cpv_residence?: unknown; pd2_cpv?: readonly string[] };

/**
 * The visit 'Continue your process' leads to after a CPV success: the one of this round not yet made or queued on the
 * phone (the review role's PD2 round counts its own visits, `pd2_cpv`), business place first; null when both are.
 */
export function nextVisit(role: ProductRole | null, app: Visits, queued: readonly ('business' | 'residence')[] = []): VisitType | null {
  const pd2 = role === 'REVIEW' && app.status === 'CREDIT_APPROVED';
  const made = (kind: 'business' | 'residence') =>
    queued.includes(kind) || (pd2 ? (app.pd2_cpv ?? []).includes(kind) : !!(kind === 'business' ? app.cpv_business : app.cpv_residence));
  if (!made('business')) return 'BUSINESS_PLACE_VERIFICATION';
  if (!made('residence')) return 'RESIDENCE_VERIFICATION';
  return null;
}

/** After references submit. */
export const AFTER_REFERENCES = '/application/success/loan-offers';

export type OfferControls = { readOnly: boolean; canUpdate: boolean; primary: 'Accept Offer' | 'Finish Process' };

/** What the offer screen reads of the application: its state, or the PD2 flag and the offer's own acceptance. */
export type OfferState = {
  is_pd2_complete?: boolean;
  is_accepted?: boolean;
  status?: string;
  stages?: readonly string[];
  sanctioned?: boolean;
};

/**
 * Loan offer: 'Update Loan Offer' (is_accepted false) where the authority table lets the user change the offer (the
 * review role); 'Accept Offer' only where it lets them accept (PD2 complete, not accepted), otherwise 'Finish Process';
 * every other role sees the offer read-only (REQ-OFFER-3).
 */
export function offerControls(role: ProductRole | null, o: OfferState): OfferControls {
  const status = o.status ?? (o.is_pd2_complete ? 'PD2_COMPLETE' : 'CREDIT_APPROVED');
  const app = { status, stages: o.stages, sanctioned: o.sanctioned === true || o.is_accepted === true };
  const readOnly = !appMay('loan_offer.update', role, app);
  return { readOnly, canUpdate: !readOnly, primary: appMay('loan_offer.accept', role, app) ? 'Accept Offer' : 'Finish Process' };
}
