// The household test of the MFI product (contracts/household-income.ts) as the server assessed it with the offer.
import type { Household } from '../../../contracts/household-income';
import { formatRupees } from '../../lib/format';
import { t } from '../../i18n';

export function HouseholdFigures({ household: h, maxAmount, tenure }: { household: Household; maxAmount: number | null; tenure: number }) {
  return (
    <>
      <h3>{t('Household income test (microfinance)')}</h3>
      <dl className="details" aria-label={t('Household')}>
        <div>
          <dt>{t('Household income')}</dt>
          <dd>{t('{amount} a year', { amount: formatRupees(h.annual_income) })}</dd>
        </div>
        <div>
          <dt>{t('Monthly income (business, co-borrower, family)')}</dt>
          <dd>{formatRupees(h.monthly_income)}</dd>
        </div>
        <div>
          <dt>{t('EMIs of existing loans')}</dt>
          <dd>{t('{amount} a month', { amount: formatRupees(h.existing_emis) })}</dd>
        </div>
        <div>
          <dt>{t('Repayments allowed (50 % of income)')}</dt>
          <dd>{t('{amount} a month', { amount: formatRupees(h.repayment_cap) })}</dd>
        </div>
        {maxAmount !== null && (
          <div>
            <dt>{t('Largest loan for {months} months', { months: tenure })}</dt>
            <dd>{formatRupees(maxAmount)}</dd>
          </div>
        )}
      </dl>
    </>
  );
}
