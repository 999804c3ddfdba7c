import { describe, expect, it } from 'vitest';
import {
  assessHousehold,
  businessNetMonthly,
  DEFAULT_HOUSEHOLD_METHOD,
  HOUSEHOLD_MSG,
  type HouseholdInput,
  householdIssue,
  maxAmountWithinRoom,
  mfiLimit,
} from './household-income';
import { emi } from './loan-offer';

const SPOUSE = { type: 'CO_BORROWER', relationship: 'SPOUSE', income: 15000, status: 'APPROVED', existing_emis: 1200 };
const input = (over: Partial<HouseholdInput>): HouseholdInput => ({
  business: { monthly_sales: 50000, gross_margin_percentage: 20, rent: 4000 },
  co_applicants: [SPOUSE],
  family_members: [],
  borrower_existing_emis: 2500,
  ...over,
});

describe('business net income from the visit', () => {
  it.each([
    ['margin given: 90,000 × 8 % − rent 6,000', { monthly_sales: 90000, gross_margin_percentage: 8, rent: 6000 }, 1200],
    ["no margin: the method's 20 %", { monthly_sales: 90000, rent: 6000 }, 12000],
    [
      'every cost deducted (numbers as text too)',
      {
        monthly_sales: '100000',
        gross_margin_percentage: 30,
        rent: 1000,
        salary: 2000,
        electricity_and_fuel: 500,
        machinery_repairs: 500,
        transportation_and_petrol: 1000,
        admin_operating_expenses: 500,
        others: 500,
      },
      24000,
    ],
    [
      'household costs are not business costs',
      { monthly_sales: 10000, gross_margin_percentage: 50, house_rent: 3000, food_expenses: 7000 },
      5000,
    ],
    ['costs above the margin → 0, not negative', { monthly_sales: 10000, gross_margin_percentage: 10, rent: 6000 }, 0],
    ['no visit → 0', undefined, 0],
  ] as const)('%s', (_n, visit, want) => expect(businessNetMonthly(visit, DEFAULT_HOUSEHOLD_METHOD)).toBe(want));
});

describe('the household', () => {
  it('the e2e journey: business 1,200 + spouse co-borrower 15,000 + daughter 8,000 = 24,200 a month, 2,90,400 a year', () => {
    const h = assessHousehold(
      input({ business: { monthly_sales: 90000, gross_margin_percentage: 8, rent: 6000 }, family_members: [{ income: 8000 }] }),
      DEFAULT_HOUSEHOLD_METHOD,
    );
    expect(h).toEqual({
      business_net_monthly: 1200,
      co_borrower_monthly: 15000,
      family_monthly: 8000,
      monthly_income: 24200,
      annual_income: 290400,
      existing_emis: 3700,
      repayment_cap: 12100,
      emi_room: 8400,
    });
  });
  it('a co-borrower outside the household (a father), a guarantor, or a replaced one: neither income nor loans count', () => {
    const others = [
      { ...SPOUSE, relationship: 'FATHER' },
      { ...SPOUSE, type: 'GUARANTOR' },
      { ...SPOUSE, status: 'REPLACED' },
    ];
    const h = assessHousehold(input({ co_applicants: others }), DEFAULT_HOUSEHOLD_METHOD);
    expect(h).toMatchObject({ co_borrower_monthly: 0, existing_emis: 2500, monthly_income: 6000 });
  });
  it('a family member who is also the co-borrower (same PAN) is counted once', () => {
    const h = assessHousehold(
      input({
        co_applicants: [{ ...SPOUSE, pan: 'SUNTA7654D' }],
        family_members: [
          { income: 15000, pan: ' sunta7654d' },
          { income: 8000, pan: 'GEETA1234K' },
        ],
      }),
      DEFAULT_HOUSEHOLD_METHOD,
    );
    expect(h).toMatchObject({ co_borrower_monthly: 15000, family_monthly: 8000, monthly_income: 29000 });
  });
  it("the tenant's method decides which relationships are the household", () => {
    const h = assessHousehold(input({ co_applicants: [{ ...SPOUSE, relationship: 'OTHERS' }] }), {
      ...DEFAULT_HOUSEHOLD_METHOD,
      household_relationships: ['SPOUSE', 'OTHERS'],
    });
    expect(h.co_borrower_monthly).toBe(15000);
  });
  it('existing loans above the cap leave no room (never negative)', () => {
    expect(assessHousehold(input({ borrower_existing_emis: 50000 }), DEFAULT_HOUSEHOLD_METHOD).emi_room).toBe(0);
  });
});

describe('the 50 % cap and the ₹3,00,000 limit for the MFI product', () => {
  // Business 6,000 + spouse 15,000 = 21,000 a month: cap 10,500, existing 3,700, room 6,800.
  const h = assessHousehold(input({}), DEFAULT_HOUSEHOLD_METHOD);
  it('room 6,800 a month', () => expect(h.emi_room).toBe(6800));
  it.each([
    [18, 101900, null],
    [24, 125000, null],
    [12, 71900, HOUSEHOLD_MSG.noRoom],
  ] as const)('%d months: at most %d', (months, max, refusal) => {
    expect(mfiLimit(h, 24, months)).toEqual({ maxAmount: max, refusal });
  });
  it('the largest amount is the largest whose EMI fits, to ₹100', () => {
    const p = maxAmountWithinRoom(6800, 24, 18);
    expect(emi(p, 24, 18)).toBeLessThanOrEqual(6800);
    expect(emi(p + 100, 24, 18)).toBeGreaterThan(6800);
    expect(maxAmountWithinRoom(0, 24, 18)).toBe(0);
  });
  it('an offer above the maximum is refused with the maximum named; at it, allowed', () => {
    expect(householdIssue('MFI_BUSINESS_LOAN', h, 101900, 24, 18)).toBeNull();
    expect(householdIssue('MFI_BUSINESS_LOAN', h, 102000, 24, 18)).toBe(
      "The household's loan repayments would be above 50 % of its monthly income: the loan can be at most ₹1,01,900.00",
    );
  });
  it('above ₹3,00,000 a year the MFI product is refused, whatever the amount; the unsecured product is not tested here', () => {
    const rich = assessHousehold(
      input({ business: { monthly_sales: 150000, gross_margin_percentage: 20, rent: 6000 } }),
      DEFAULT_HOUSEHOLD_METHOD,
    );
    expect(rich.annual_income).toBe(468000);
    expect(householdIssue('MFI_BUSINESS_LOAN', rich, 75000, 24, 24)).toBe(HOUSEHOLD_MSG.incomeLimit);
    expect(householdIssue('UNSECURED_BUSINESS_LOAN', rich, 500000, 21, 36)).toBeNull();
  });
  it('exactly ₹3,00,000 a year is still a microfinance household', () => {
    const edge = assessHousehold(
      input({
        business: { monthly_sales: 50000, gross_margin_percentage: 20, rent: 0 },
        co_applicants: [{ ...SPOUSE, existing_emis: 0 }],
        borrower_existing_emis: 0,
      }),
      DEFAULT_HOUSEHOLD_METHOD,
    );
    expect(edge.annual_income).toBe(300000);
    expect(mfiLimit(edge, 24, 24).refusal).toBeNull();
  });
});
