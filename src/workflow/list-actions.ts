// REQ-LIST-2: what each role is offered for an application, by status and progress.
// The rows are tried in the order the specification lists them; the first that matches wins (docs/decisions.md).
import { type Action, actorOf, appStateOf, mayDo } from '../../contracts/authority';
import type { Deviation } from '../../contracts/deviations';
import { msg } from '../../contracts/msg';
import type { ProductRole } from '../../contracts/roles';
import { type GateParty, partyBlockers } from '../../contracts/sanction-gate';
import type { RoutePath } from '../lib/route-path';

export type ListApp = {
  status?: string;
  stages?: readonly string[];
  is_pd1_complete?: boolean;
  is_pd2_complete?: boolean;
  sanctioned?: boolean;
  cpv_business?: { shop_selfie_photo_file?: string };
  cpv_residence?: { house_selfie_photo_file?: string };
  approval_checks?: { decision?: string } | null;
  deviations?: readonly Deviation[];
  bank_account?: { deviations?: readonly Deviation[] };
  /** Pending co-applicant deviations, counted by the server's list (their records are not on the row). */
  co_deviations_pending?: number;
  loan_type?: string;
  /** The co-applicants in force as the server's list answers them (partySummary); absent on a row the list did not send. */
  co_parties?: readonly GateParty[];
};

/**
 * The sanction gate's party blockers of a row (a required co-borrower or guarantor missing or rejected): the same words
 * the server refuses the hand-over and the visits with. None when the row does not carry its parties.
 */
export const rowPartyBlockers = (a: ListApp) => (a.co_parties ? partyBlockers(a.loan_type, a.co_parties) : []);

/** What a row held by its parties says instead of a visit or the offer. */
export const PARTY_HELD = { rejected: msg('CO-APPLICANT REJECTED'), missing: msg('CO-APPLICANT MISSING') } as const;
const heldLabel = (a: ListApp) => {
  const b = rowPartyBlockers(a);
  if (b.length === 0) return null;
  return b.some((x) => x.code === 'CO_APPLICANT_REJECTED' || x.code === 'CO_APPLICANT_STALE') ? PARTY_HELD.rejected : PARTY_HELD.missing;
};

// Labels stay the English source (msg): code reads them (the home counts 'Complete…' rows); the row shows t(label).
export type ListAction = { kind: 'link'; label: string; to: RoutePath; search?: Record<string, string> } | { kind: 'text'; label: string };

const link = (label: string, to: RoutePath, search?: Record<string, string>): ListAction => ({ kind: 'link', label, to, search });

/** Deviations still waiting for the review role: the borrower's and bank account's, and the co-applicants' count. */
export const pendingDeviations = (a: ListApp) =>
  [...(a.deviations ?? []), ...(a.bank_account?.deviations ?? [])].filter((d) => (d.status ?? 'PENDING') === 'PENDING').length +
  (a.co_deviations_pending ?? 0);

/**
 * The row's action: the specification's rule for the role and status, offered only where the authority table lets the
 * role do what it leads to (never a link to a step the server would refuse, e.g. a visit on a rejected
 * application or before the first stage is in); a pending deviation comes first (the review role decides it; the
 * visits wait for it).
 */
export function listAction(role: ProductRole | null, a: ListApp): ListAction {
  const status = a.status ?? 'DRAFT';
  const draft = status === 'DRAFT';
  const bank = (a.stages ?? []).includes('BANK_ACCOUNT');
  const neither = !a.is_pd1_complete && !a.is_pd2_complete;
  // The list is the officer's own work: an initiating officer reads it as the owner.
  const may = (action: Action) => mayDo(action, role === 'INITIATING_OFFICER' ? 'OWNER' : actorOf({ isOwner: false, role }), appStateOf(a));
  // A rejected application leads nowhere: it says so, for every role (not 'PD1 INCOMPLETE').
  if (appStateOf(a) === 'REJECTED') return { kind: 'text', label: msg('REJECTED') };
  // A sanctioned loan is finished: no step is left for any role, and the row says so (not the status it was sanctioned in).
  if (appStateOf(a) === 'SANCTIONED') return { kind: 'text', label: msg('SANCTIONED') };
  const deviations = pendingDeviations(a);
  if (deviations > 0 && may('deviation.decide')) return link(msg('Review deviations'), '/application/deviations');
  // The sanction gate holds the visits and the offer of a loan whose required party is missing or rejected: no link.
  const held = heldLabel(a);
  if (role === 'VERIFICATION') {
    if (deviations > 0 && may('cpv.visit')) return { kind: 'text', label: msg('DEVIATION PENDING') };
    if (held && may('cpv.visit')) return { kind: 'text', label: held };
    // Once one visit is in and the other not, the row names the missing one (REQ-LIST-2's 'Complete Business /
    // Residence Verification', read with 'no shop selfie' / 'no house selfie'); before either, 'Complete PD1'.
    const shopIn = !!a.cpv_business?.shop_selfie_photo_file;
    const houseIn = !!a.cpv_residence?.house_selfie_photo_file;
    if (draft && bank && shopIn !== houseIn && may('cpv.visit'))
      return shopIn
        ? link(msg('Complete Residence Verification'), '/application/cpv-info', { type: 'RESIDENCE_VERIFICATION' })
        : link(msg('Complete Business Verification'), '/application/cpv-info', { type: 'BUSINESS_PLACE_VERIFICATION' });
    if (draft && bank && may('cpv.visit')) return link(msg('Complete PD1'), '/application/cpv-info');
    if (status === 'PD1_REVIEW' && may('pd1.review')) return link(msg('PD1 Review'), '/application/personal-discussion');
    if (draft && !a.cpv_business?.shop_selfie_photo_file && may('cpv.visit'))
      return link(msg('Complete Business Verification'), '/application/cpv-info', { type: 'BUSINESS_PLACE_VERIFICATION' });
    if (draft && !a.cpv_residence?.house_selfie_photo_file && may('cpv.visit'))
      return link(msg('Complete Residence Verification'), '/application/cpv-info', { type: 'RESIDENCE_VERIFICATION' });
  }
  if (role === 'INITIATING_OFFICER') {
    if (draft && bank && neither) return { kind: 'text', label: msg('PD1 INCOMPLETE') };
    if (draft && neither && may('borrower.submit')) return link(msg('Complete Application'), '/application/complete-application');
  }
  if (role === 'REVIEW') {
    if (held && (may('cpv.visit') || may('loan_offer.update'))) return { kind: 'text', label: held };
    if (status === 'CREDIT_APPROVED' && a.is_pd1_complete && may('cpv.visit')) return link(msg('Complete PD2'), '/application/cpv-info');
    if (status === 'PD2_COMPLETE' && a.is_pd2_complete && !a.sanctioned && may('loan_offer.update'))
      return link(msg('Loan Offer'), '/application/loan-offer');
  }
  return { kind: 'text', label: status.replace(/_/g, ' ') };
}

/**
 * REQ-LIST-1 (reading recorded in docs/decisions.md): only the initiating officer opens an application from its row.
 */
export const rowOpensApplication = (role: ProductRole | null) => role === 'INITIATING_OFFICER';

/** The roles that visit (verification, and review for PD2) take applications offline at the branch. */
export const rowTakesOffline = (role: ProductRole | null) => role === 'VERIFICATION' || role === 'REVIEW';
