// What a list row says about an application's standing, from the phone's copy: its status in words (Sanctioned,
// Rejected, PD1 review...) and the amount that matters now (the sanctioned amount once the offer is accepted, else the
// amount asked), so no list shows the requested amount of a loan sanctioned for less.
import { type AppState, appStateOf, type StateSource } from '../../contracts/authority';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';

export type FiguresApp = StateSource & {
  amount_requested?: number | null;
  loan_offer?: { final_suggested_loan_amount?: number; is_accepted?: boolean } | null;
};

export const STATUS_WORDS: Record<AppState, string> = {
  DRAFT: msg('Draft'),
  HANDED_OVER: msg('Handed over'),
  REJECTED: msg('Rejected'),
  PD1_REVIEW: msg('PD1 review'),
  CREDIT_APPROVED: msg('Credit approved'),
  PD2_COMPLETE: msg('PD2 complete'),
  SANCTIONED: msg('Sanctioned'),
};

export const rowStatus = (a: FiguresApp) => t(STATUS_WORDS[appStateOf(a)]);

/** The amount a row shows, with what it is; null when the phone knows none. */
export function rowAmount(a: FiguresApp): { label: 'Sanctioned' | 'Asked'; amount: number } | null {
  const offered = a.loan_offer?.final_suggested_loan_amount;
  if (appStateOf(a) === 'SANCTIONED' && typeof offered === 'number') return { label: 'Sanctioned', amount: offered };
  return typeof a.amount_requested === 'number' && a.amount_requested > 0 ? { label: 'Asked', amount: a.amount_requested } : null;
}
