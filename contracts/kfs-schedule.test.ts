import { describe, expect, it } from 'vitest';
import { firstIssue } from './borrower';
import { KFS_PREVIEW_MSG, type KfsTerms, KfsPreviewRequest, kfsFigures, monthlyIrr, repaymentSchedule } from './kfs-schedule';

// Expected figures were worked out independently (Python, decimal arithmetic, half-up rounding; the script's method is
// in docs/regulatory.md), not read back from this code.
const terms = (over: Partial<KfsTerms>): KfsTerms => ({
  amount: 100000,
  tenure_months: 12,
  interest_rate: 12,
  processing_fee: 0,
  insurance_fee: 0,
  disbursement_date: '10-12-2026',
  ...over,
});

/** Σ instalment / (1 + apr/1200)^k − net: what the APR must bring to about 0 (it is rounded to 2 decimals). */
const npvAtApr = (f: NonNullable<ReturnType<typeof kfsFigures>>) =>
  f.schedule.reduce((s, row) => s + row.emi / (1 + f.apr / 1200) ** row.no, -f.net_disbursed);

// The RBI's own illustration: Annex II (APR) and Annex III (repayment schedule) of the Master Direction on microfinance
// loans as amended by the KFS circular RBI/2024-25/18 (its ¶ 6A.4): ₹20,000, 24 monthly EMIs of ₹969.73 (970 in the
// annex's rupees), 15 % fixed, fees ₹400 (240 to the lender, 160 to a third party), first EMI 30 days after sanction.
// The annex: total interest ₹3,274, net disbursed ₹19,600, total payable ₹23,274, APR 17.07 %.
describe('the RBI annex, reproduced', () => {
  const f = kfsFigures({
    amount: 20000,
    tenure_months: 24,
    interest_rate: 15,
    processing_fee: 240,
    insurance_fee: 160,
    disbursement_date: '05-12-2026',
  })!;
  it('EMI, total interest, total payable, net disbursed and APR as the annex states them', () => {
    expect(f.emi).toBe(969.73);
    expect(Math.round(f.total_interest)).toBe(3274);
    expect(Math.round(f.total_payable)).toBe(23274);
    expect(f.net_disbursed).toBe(19600);
    expect(f.apr).toBe(17.07);
  });
  // Annex III, in rupees: [outstanding principal at the start of the instalment, principal, interest].
  const ANNEX_III = [
    [20000, 720, 250],
    [19280, 729, 241],
    [18552, 738, 232],
    [17814, 747, 223],
    [17067, 756, 213],
    [16310, 766, 204],
    [15544, 775, 194],
    [14769, 785, 185],
    [13984, 795, 175],
    [13189, 805, 165],
    [12384, 815, 155],
    [11569, 825, 145],
    [10744, 835, 134],
    [9909, 846, 124],
    [9063, 856, 113],
    [8206, 867, 103],
    [7339, 878, 92],
    [6461, 889, 81],
    [5572, 900, 70],
    [4672, 911, 58],
    [3761, 923, 47],
    [2838, 934, 35],
    [1904, 946, 24],
    [958, 958, 12],
  ];
  it("every row of the annex's repayment schedule, to the rupee", () => {
    const ours = f.schedule.map((r, i) => [
      Math.round(i === 0 ? 20000 : f.schedule[i - 1]!.balance),
      Math.round(r.principal),
      Math.round(r.interest),
    ]);
    expect(ours).toEqual(ANNEX_III);
  });
});

describe('worked examples', () => {
  const CASES: [
    string,
    Partial<KfsTerms>,
    { emi: number; total_interest: number; total_payable: number; net_disbursed: number; apr: number },
  ][] = [
    [
      '1,00,000 × 12 at 12 %, fees 3,000 (2,000 to the lender, 1,000 to a third party)',
      { processing_fee: 2000, insurance_fee: 1000 },
      { emi: 8884.88, total_interest: 6618.53, total_payable: 106618.53, net_disbursed: 97000, apr: 17.82 },
    ],
    [
      'MFI table: 1,00,000 × 12 at 24 %, fee 1,180 + insurance 500',
      { interest_rate: 24, processing_fee: 1180, insurance_fee: 500 },
      { emi: 9455.96, total_interest: 13471.53, total_payable: 113471.53, net_disbursed: 98320, apr: 27.32 },
    ],
    [
      'no fee: APR = the interest rate',
      { amount: 125000, tenure_months: 24, interest_rate: 24 },
      { emi: 6608.89, total_interest: 33613.26, total_payable: 158613.26, net_disbursed: 125000, apr: 24 },
    ],
    [
      '0 % interest with a fee still costs: APR 1.86',
      { amount: 120000, interest_rate: 0, processing_fee: 1200 },
      { emi: 10000, total_interest: 0, total_payable: 120000, net_disbursed: 118800, apr: 1.86 },
    ],
  ];
  it.each(CASES)('%s', (_name, over, want) => {
    const f = kfsFigures(terms(over))!;
    expect(f).toMatchObject(want);
    expect(Math.abs(npvAtApr(f))).toBeLessThan(f.net_disbursed * 1e-4);
  });

  it('the schedule: reducing balance, dates from the EMI start date, the last instalment clears the rounding', () => {
    const f = kfsFigures(terms({ processing_fee: 2000, insurance_fee: 1000, disbursement_date: '21-12-2026' }))!;
    expect(f.emi_start_date).toBe('05-02-2027');
    expect(f.schedule[0]).toEqual({ no: 1, due_date: '05-02-2027', emi: 8884.88, principal: 7884.88, interest: 1000, balance: 92115.12 });
    expect(f.schedule[11]).toEqual({ no: 12, due_date: '05-01-2028', emi: 8884.85, principal: 8796.88, interest: 87.97, balance: 0 });
    expect(f.schedule.map((r) => r.due_date.slice(3))).toEqual([
      '02-2027',
      '03-2027',
      '04-2027',
      '05-2027',
      '06-2027',
      '07-2027',
      '08-2027',
      '09-2027',
      '10-2027',
      '11-2027',
      '12-2027',
      '01-2028',
    ]);
    const principal = f.schedule.reduce((s, r) => s + r.principal, 0);
    expect(Math.round(principal * 100) / 100).toBe(100000);
  });

  it('no fee: the APR equals the rate for every product tenure', () => {
    for (const [rate, months] of [
      [24, 12],
      [24, 18],
      [21, 36],
      [21, 30],
    ] as const) {
      expect(kfsFigures(terms({ interest_rate: rate, tenure_months: months }))!.apr).toBe(rate);
    }
  });

  it('a fee raises the APR above the rate, and more fee raises it more', () => {
    const a = kfsFigures(terms({ interest_rate: 24, processing_fee: 1000 }))!.apr;
    const b = kfsFigures(terms({ interest_rate: 24, processing_fee: 2000 }))!.apr;
    expect(a).toBeGreaterThan(24);
    expect(b).toBeGreaterThan(a);
  });

  it('an unreal disbursement date → null', () => expect(kfsFigures(terms({ disbursement_date: '31-02-2027' }))).toBeNull());
});

describe('monthlyIrr and repaymentSchedule', () => {
  it('1 % a month for an annuity priced at 1 %', () => expect(monthlyIrr(100000, Array(12).fill(8884.878867)) * 100).toBeCloseTo(1, 6));
  it('nothing more repaid than lent → 0', () => expect(monthlyIrr(1000, [500, 500])).toBe(0));
  it('a net amount of one paisa: a huge but finite rate, found without looping for ever', () => {
    const r = monthlyIrr(0.01, [1e8]);
    expect(Number.isFinite(r)).toBe(true);
    expect(r).toBeGreaterThan(1e9);
  });
  it('one month: the balance is the whole principal', () => {
    expect(repaymentSchedule(5000, 12, 1, '05-01-2027')).toEqual([
      { no: 1, due_date: '05-01-2027', emi: 5050, principal: 5000, interest: 50, balance: 0 },
    ]);
  });
});

describe('the preview request', () => {
  const ok = {
    amount: 100000,
    tenure_months: 12,
    interest_rate: 24,
    processing_fee: 1180,
    insurance_fee: 500,
    disbursement_date: '10-12-2026',
  };
  it.each([
    ['valid', {}, null],
    ['amount as text', { amount: '100000' }, KFS_PREVIEW_MSG.amount],
    ['amount 0', { amount: 0 }, KFS_PREVIEW_MSG.amount],
    ['amount huge', { amount: 1e12 }, KFS_PREVIEW_MSG.amount],
    ['tenure 12.5', { tenure_months: 12.5 }, KFS_PREVIEW_MSG.tenure],
    ['tenure 0', { tenure_months: 0 }, KFS_PREVIEW_MSG.tenure],
    ['rate 101', { interest_rate: 101 }, KFS_PREVIEW_MSG.rate],
    ['negative fee', { insurance_fee: -1 }, KFS_PREVIEW_MSG.fee],
    ['fees eat the loan', { processing_fee: 99000, insurance_fee: 1000 }, KFS_PREVIEW_MSG.feesBelowAmount],
    ['fees leave less than a paisa', { processing_fee: 99999.996, insurance_fee: 0 }, KFS_PREVIEW_MSG.feesBelowAmount],
    ['ISO date', { disbursement_date: '2026-12-10' }, KFS_PREVIEW_MSG.date],
    ['no date', { disbursement_date: undefined }, KFS_PREVIEW_MSG.date],
    ['a real date in year 9999 (its EMIs would fall in year 10000)', { disbursement_date: '31-12-9999' }, KFS_PREVIEW_MSG.date],
  ] as const)('%s', (_n, over, want) => expect(firstIssue(KfsPreviewRequest, { ...ok, ...over })).toBe(want));
});
