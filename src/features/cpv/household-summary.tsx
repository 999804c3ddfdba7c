// PD2's household test (docs/regulatory.md "Household income"): the server's assessment (the bureau's EMIs are known only
// there), kept on the phone (the encrypted `offers` table, row `household:{id}`) for visits without a network, with the
// business part redone from the figures being typed.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import {
  BUSINESS_COSTS,
  businessNetMonthly,
  HOUSEHOLD_MSG,
  MFI_ANNUAL_INCOME_LIMIT,
  REPAYMENT_CAP_PCT,
} from '../../../contracts/household-income';
import { round2 } from '../../../contracts/loan-offer';
import { getHousehold, type HouseholdAnswer } from '../../api/household/get-household';
import { MessageLine } from '../../components/ui/message-line';
import { cacheRecords } from '../../db/records';
import { useUserDb } from '../../db/user-db-context';
import { formatRupees } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { t } from '../../i18n';

const rowId = (appId: string) => `household:${appId}`;
const FIGURES = ['monthly_sales', 'gross_margin_percentage', ...BUSINESS_COSTS] as const;

/** `control`: the visit form's; only this part re-renders as its business figures are typed. */
export function HouseholdSummary<T extends FieldValues>({ appId, control, mfi }: { appId: string; control: Control<T>; mfi: boolean }) {
  const db = useUserDb();
  const typed = useWatch({ control, name: FIGURES as readonly string[] as Path<T>[] }) as unknown[];
  const visit = Object.fromEntries(FIGURES.map((k, i) => [k, typed[i]]));
  const online = useOnline();
  const known = useLiveQuery(
    async () => (db ? ((await db.offers.get(rowId(appId)))?.data as HouseholdAnswer | undefined) : undefined),
    [db, appId],
  );
  useEffect(() => {
    if (db && online)
      getHousehold(appId)
        .then((r) => cacheRecords(db, 'offers', [{ id: rowId(appId), appId, data: r.data }]))
        .catch(() => undefined);
  }, [db, appId, online]);
  if (!known) return <MessageLine>{t(`The household's income and loans appear once this screen is opened with a network.`)}</MessageLine>;
  const monthly = round2(known.monthly_income - known.business_net_monthly + businessNetMonthly(visit, known.method));
  const annual = round2(monthly * 12);
  const cap = round2((monthly * REPAYMENT_CAP_PCT) / 100);
  return (
    <>
      <dl className="details" aria-label={t('Household (with these figures)')}>
        <div>
          <dt>{t('Household income')}</dt>
          <dd>{t('{amount} a year', { amount: formatRupees(annual) })}</dd>
        </div>
        <div>
          <dt>{t('Monthly income (business, co-borrower, family)')}</dt>
          <dd>{formatRupees(monthly)}</dd>
        </div>
        <div>
          <dt>{t('EMIs of existing loans')}</dt>
          <dd>{t('{amount} a month', { amount: formatRupees(known.existing_emis) })}</dd>
        </div>
        <div>
          <dt>{t('Repayments allowed (50 % of income)')}</dt>
          <dd>{t('{amount} a month', { amount: formatRupees(cap) })}</dd>
        </div>
        <div>
          <dt>{t(`Left for this loan's EMI`)}</dt>
          <dd>{t('{amount} a month', { amount: formatRupees(Math.max(0, round2(cap - known.existing_emis))) })}</dd>
        </div>
      </dl>
      {mfi && annual > MFI_ANNUAL_INCOME_LIMIT && <MessageLine variant="warning">{t(HOUSEHOLD_MSG.incomeLimit)}</MessageLine>}
    </>
  );
}
