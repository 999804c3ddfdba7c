// The deviations of one application as the screens show them: the borrower's, the bank account's and each
// co-applicant's name mismatch, and money figures changed after PD2, with whose it is, the names compared or the figures
// before → after, who raised it, and where it stands (the server's status).
import { CO_APPLICANT_DEVIATIONS, type Deviation } from '../../contracts/deviations';

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
  BORROWER_NAME_MISMATCH_DEVIATION: 'Borrower name mismatch',
  CO_BORROWER_NAME_MISMATCH_DEVIATION: 'Co-borrower name mismatch',
  GUARANTOR_NAME_MISMATCH_DEVIATION: 'Guarantor name mismatch',
  BANK_NAME_MISMATCH_DEVIATION: 'Bank account holder name mismatch',
  FIGURES_CHANGE_DEVIATION: 'Money figures changed after PD2',
  IDENTITY_CHANGE_DEVIATION: 'Borrower or loan changed after the hand-over',
};

export const STATUS_TEXT = { PENDING: 'Waiting for the review role', APPROVED: 'Approved', REJECTED: 'Rejected' } as const;

/** Every deviation that is not a match, in the order a reviewer reads them: borrower, co-applicants, bank. */
export function deviationItems(app: AppWithDeviations | undefined, coApplicants: readonly CoRecord[] = []): DeviationItem[] {
  const mismatch = (d: Deviation) => d.info?.is_match !== true;
  const borrower = (app?.deviations ?? [])
    .filter(mismatch)
    .map((d) => ({ deviation: d, whose: app?.name ?? 'Borrower', key: `b-${d.type}` }));
  const cos = coApplicants
    .filter((c) => c.status !== 'REPLACED' && c.id)
    .flatMap((c) =>
      (c.deviations ?? [])
        .filter((d) => mismatch(d) && CO_APPLICANT_DEVIATIONS.includes(d.type))
        .map((d) => ({ deviation: d, recordId: c.id, whose: c.name ?? 'Co-applicant', key: `c-${c.id}-${d.type}` })),
    );
  const bank = (app?.bank_account?.deviations ?? [])
    .filter(mismatch)
    .map((d) => ({ deviation: d, whose: 'Bank account', key: `k-${d.type}` }));
  // A decided figures deviation stays beside a later pending one: each is its own item.
  const figures = (app?.figures_deviations ?? []).map((d, i) => ({ deviation: d, whose: 'Household figures', key: `f-${i}` }));
  const identity = (app?.identity_deviations ?? []).map((d, i) => ({ deviation: d, whose: 'Borrower and loan', key: `i-${i}` }));
  return [...borrower, ...cos, ...bank, ...figures, ...identity];
}

export const pendingCount = (items: readonly DeviationItem[]) =>
  items.filter((i) => (i.deviation.status ?? 'PENDING') === 'PENDING').length;
