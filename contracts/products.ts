// REQ-PROD-1: the two loan products and their ranges.
export type LoanType = 'MFI_BUSINESS_LOAN' | 'UNSECURED_BUSINESS_LOAN';
export type ProductRule = {
  readonly minAmount: number;
  readonly maxAmount: number;
  readonly minTenure: number;
  readonly maxTenure: number;
  readonly tenures: readonly number[];
};
export const PRODUCTS: Readonly<Record<LoanType, ProductRule>> = {
  MFI_BUSINESS_LOAN: { minAmount: 75_000, maxAmount: 125_000, minTenure: 12, maxTenure: 24, tenures: [12, 18, 24] },
  UNSECURED_BUSINESS_LOAN: {
    minAmount: 100_000,
    maxAmount: 500_000,
    minTenure: 12,
    maxTenure: 36,
    tenures: [12, 18, 24, 30, 36],
  },
};
