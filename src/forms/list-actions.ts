// Workflow §4 "Applications list actions": what each role is offered for an application, by status and progress.
// The rows are tried in the order the specification lists them; the first that matches wins (docs/decisions.md).
import type { ProductRole } from '../../contracts/roles';

export type ListApp = {
  status?: string;
  stages?: readonly string[];
  is_pd1_complete?: boolean;
  is_pd2_complete?: boolean;
  sanctioned?: boolean;
  cpv_business?: { shop_selfie_photo_file?: string };
  cpv_residence?: { house_selfie_photo_file?: string };
};

export type ListAction = { kind: 'link'; label: string; to: string; search?: Record<string, string> } | { kind: 'text'; label: string };

const link = (label: string, to: string, search?: Record<string, string>): ListAction => ({ kind: 'link', label, to, search });

export function listAction(role: ProductRole | null, a: ListApp): ListAction {
  const status = a.status ?? 'DRAFT';
  const draft = status === 'DRAFT';
  const bank = (a.stages ?? []).includes('BANK_ACCOUNT');
  const neither = !a.is_pd1_complete && !a.is_pd2_complete;
  if (role === 'VERIFICATION') {
    if (draft && bank) return link('Complete PD1', '/application/cpv-info');
    if (status === 'PD1_REVIEW') return link('PD1 Review', '/application/personal-discussion');
    if (draft && !a.cpv_business?.shop_selfie_photo_file) return link('Complete Business Verification', '/application/cpv-info', { type: 'BUSINESS_PLACE_VERIFICATION' });
    if (draft && !a.cpv_residence?.house_selfie_photo_file) return link('Complete Residence Verification', '/application/cpv-info', { type: 'RESIDENCE_VERIFICATION' });
  }
  if (role === 'INITIATING_OFFICER') {
    if (draft && bank && neither) return { kind: 'text', label: 'PD1 INCOMPLETE' };
    if (draft && neither) return link('Complete Application', '/application/mobile');
  }
  if (role === 'REVIEW') {
    if (status === 'CREDIT_APPROVED' && a.is_pd1_complete) return link('Complete PD2', '/application/cpv-info');
    if (status === 'PD2_COMPLETE' && a.is_pd2_complete && !a.sanctioned) return link('Loan Offer', '/application/loan-offer');
  }
  return { kind: 'text', label: status.replace(/_/g, ' ') };
}

/** Workflow §6 (reading recorded in docs/decisions.md): only the initiating officer opens an application from its row. */
export const rowOpensApplication = (role: ProductRole | null) => role === 'INITIATING_OFFICER';

/** Issue 6 item 8: the roles that visit (verification, and review for PD2) take applications offline at the branch. */
export const rowTakesOffline = (role: ProductRole | null) => role === 'VERIFICATION' || role === 'REVIEW';
