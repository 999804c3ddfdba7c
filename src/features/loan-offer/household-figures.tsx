// The household test of the MFI product (contracts/household-income.ts) as the server assessed it with the offer.
import type { Household } from '../../../contracts/household-income';
import { formatRupees } from '../../lib/format';

export function HouseholdFigures({ household: h, maxAmount, tenure }: { household: Household; maxAmount: number | null; tenure: number }) {
  return (
    <>
      <h3>Household income test (microfinance)</h3>
      <dl className="details" aria-label="Household">
        <div>
          <dt>Household income</dt>
          <dd>{formatRupees(h.annual_income)} a year</dd>
        </div>
        <div>
          <dt>Monthly income (business, co-borrower, family)</dt>
          <dd>{formatRupees(h.monthly_income)}</dd>
        </div>
        <div>
          <dt>EMIs of existing loans</dt>
          <dd>{formatRupees(h.existing_emis)} a month</dd>
        </div>
        <div>
          <dt>Repayments allowed (50 % of income)</dt>
          <dd>{formatRupees(h.repayment_cap)} a month</dd>
        </div>
        {maxAmount !== null && (
          <div>
            <dt>Largest loan for {tenure} months</dt>
            <dd>{formatRupees(maxAmount)}</dd>
          </div>
        )}
      </dl>
    </>
  );
}
