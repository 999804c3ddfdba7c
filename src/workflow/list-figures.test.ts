import { describe, expect, it } from 'vitest';
import { type FiguresApp, rowAmount, rowStatus } from './list-figures';

const BANK = ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'BUSINESS_INFO', 'BANK_ACCOUNT'];

describe('what a list row says', () => {
  it.each<[string, FiguresApp, string, ReturnType<typeof rowAmount>]>([
    ['new', { status: 'DRAFT', stages: [], amount_requested: 300_000 }, 'Draft', { label: 'Asked', amount: 300_000 }],
    ['handed over', { status: 'DRAFT', stages: BANK, amount_requested: 300_000 }, 'Handed over', { label: 'Asked', amount: 300_000 }],
    [
      'offered less, not accepted yet',
      { status: 'PD2_COMPLETE', amount_requested: 300_000, loan_offer: { final_suggested_loan_amount: 250_000 } },
      'PD2 complete',
      { label: 'Asked', amount: 300_000 },
    ],
    [
      'sanctioned for less than asked',
      {
        status: 'PD2_COMPLETE',
        sanctioned: true,
        amount_requested: 300_000,
        loan_offer: { final_suggested_loan_amount: 250_000, is_accepted: true },
      },
      'Sanctioned',
      { label: 'Sanctioned', amount: 250_000 },
    ],
    ['rejected by the bureau', { status: 'DRAFT', approval_checks: { decision: 'REJECTED' } }, 'Rejected', null],
    ['credit approved', { status: 'CREDIT_APPROVED', amount_requested: 90_000 }, 'Credit approved', { label: 'Asked', amount: 90_000 }],
  ])('%s', (_n, app, status, amount) => {
    expect(rowStatus(app)).toBe(status);
    expect(rowAmount(app)).toEqual(amount);
  });
});
