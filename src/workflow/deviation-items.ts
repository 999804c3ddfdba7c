// The deviations of one application as the screens show them: the borrower's, the bank account's and each
// co-applicant's name mismatch, and money figures changed after PD2, with whose it is, the names compared or the figures
// before → after, who raised it, and where it stands (the server's status).
import { isUnapprovedDeviation } from '../../contracts/cpv';
import { CO_APPLICANT_DEVIATIONS, type Deviation } from '../../contracts/deviations';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';

export type DeviationItem = { deviation: Deviation; recordId?: string; whose: string; key: string };
type AppWithDeviations = {
  name?: string;
  deviations?: Deviation[];
  bank_account?: { deviations?: Deviation[] };
  figures_deviations?: Deviation[];
  identity_deviations?: Deviation[];
};
type CoRecord = { id?: string; name?: string; type?: string; status?: string; deviations?: Deviation[] };

export const DEVIATION_LABELS: Record<Deviation['type'], string> = {
  BORROWER_NAME_MISMATCH_DEVIATION: msg('Borrower name mismatch'),
  CO_BORROWER_NAME_MISMATCH_DEVIATION: msg('Co-borrower name mismatch'),
  GUARANTOR_NAME_MISMATCH_DEVIATION: msg('Guarantor name mismatch'),
  BANK_NAME_MISMATCH_DEVIATION: msg('Bank account holder name mismatch'),
  FIGURES_CHANGE_DEVIATION: msg('Money figures changed after PD2'),
  IDENTITY_CHANGE_DEVIATION: msg('Borrower or loan changed after the hand-over'),
};

export const STATUS_TEXT = {
  PENDING: msg('Waiting for the review role'),
  APPROVED: msg('Approved'),
  REJECTED: msg('Rejected'),
} as const;

/** Every deviation that is not a match, in the order a reviewer reads them: borrower, co-applicants, bank. */
export function deviationItems(app: AppWithDeviations | undefined, coApplicants: readonly CoRecord[] = []): DeviationItem[] {
  const mismatch = (d: Deviation) => d.info?.is_match !== true;
  const borrower = (app?.deviations ?? [])
    .filter(mismatch)
    .map((d) => ({ deviation: d, whose: app?.name ?? t('Borrower'), key: `b-${d.type}` }));
  const cos = coApplicants
    .filter((c) => c.status !== 'REPLACED' && c.id)
    .flatMap((c) =>
      (c.deviations ?? [])
        .filter((d) => mismatch(d) && CO_APPLICANT_DEVIATIONS.includes(d.type))
        .map((d) => ({ deviation: d, recordId: c.id, whose: c.name ?? t('Co-applicant'), key: `c-${c.id}-${d.type}` })),
    );
  const bank = (app?.bank_account?.deviations ?? [])
    .filter(mismatch)
    .map((d) => ({ deviation: d, whose: t('Bank account'), key: `k-${d.type}` }));
  // A decided figures deviation stays beside a later pending one: each is its own item.
  const figures = (app?.figures_deviations ?? []).map((d, i) => ({ deviation: d, whose: t('Household figures'), key: `f-${i}` }));
  const identity = (app?.identity_deviations ?? []).map((d, i) => ({ deviation: d, whose: t('Borrower and loan'), key: `i-${i}` }));
  return [...borrower, ...cos, ...bank, ...figures, ...identity];
}

type GateApp = AppWithDeviations & { bank_account?: { deviations?: Deviation[] } };
type GateCo = { status?: string; deviations?: Deviation[] };

/**
 * The deviations that hold the visits and the loan as the server's sanction gate reads them: the borrower's (figures
 * and identity changes included), the bank account's and every co-applicant in force, until approved. The visit's
 * "N waiting" and the Deviations screen both count this, from the same records, so they always agree.
 */
export const waitingDeviations = (app: GateApp | undefined, coApplicants: readonly GateCo[] = []): Deviation[] =>
  [
    ...(app?.deviations ?? []),
    ...(app?.figures_deviations ?? []),
    ...(app?.identity_deviations ?? []),
    ...(app?.bank_account?.deviations ?? []),
    ...coApplicants.filter((c) => c.status !== 'REPLACED').flatMap((c) => c.deviations ?? []),
  ].filter(isUnapprovedDeviation);

export const pendingCount = (items: readonly DeviationItem[]) =>
  items.filter((i) => (i.deviation.status ?? 'PENDING') === 'PENDING').length;
