// The Key Facts Statement as the borrower reads it (RBI/2024-25/18 Annex A: Part 1 interest and fees, Part 2 other
// information; Annex C: the repayment schedule). The same element prints (kfs-print.css).
import type { Kfs } from '../../../contracts/kfs';
import { FiguresP, withFigures } from '../../components/ui/figures';
import { formatRupees } from '../../lib/format';
import './kfs-print.css';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';

/** Schedule cells: rupees and paise without the symbol (the caption says ₹), so six columns fit a 360 px phone. */
const amount = (x: number) => x.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const LOAN_NAMES = { MFI_BUSINESS_LOAN: msg('MFI Business Loan'), UNSECURED_BUSINESS_LOAN: msg('Unsecured Business Loan') } as const;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{withFigures(children)}</td>
    </tr>
  );
}

export function KfsView({ kfs }: { kfs: Kfs }) {
  const { terms, figures, lender } = kfs;
  const [fee, insurance] = kfs.fees;
  return (
    <section className="kfs" aria-labelledby="kfs-title">
      <h2 id="kfs-title">{t('Key Facts Statement')}</h2>
      <FiguresP>
        {lender.lender_name} · {t(LOAN_NAMES[kfs.loan_type])}
        <br />
        {t('Proposal number')} <strong data-testid="kfs-number">{kfs.proposal_number}</strong> ·{' '}
        {t('issued {issued}, valid until {valid}', { issued: kfs.issued_on, valid: kfs.valid_until })}
      </FiguresP>
      <table className="kfs-table">
        <caption>{t('Part 1: interest rate and fees')}</caption>
        <tbody>
          <Row label={t('Sanctioned loan amount')}>{formatRupees(terms.amount)}</Row>
          <Row label={t('Disbursal')}>{t('100 % upfront on {date}', { date: terms.disbursement_date })}</Row>
          <Row label={t('Loan term')}>{t('{months} months', { months: terms.tenure_months })}</Row>
          <Row label={t('Instalments')}>
            {t('{count} monthly EMIs of {emi}, the first on {date}', {
              count: terms.tenure_months,
              emi: formatRupees(figures.emi),
              date: figures.emi_start_date,
            })}
          </Row>
          <Row label={t('Interest rate')}>
            {t('{rate} % a year, fixed, on the reducing balance', { rate: terms.interest_rate.toFixed(2) })}
          </Row>
          <Row label={t('{fee}, to the lender', { fee: fee ? t(fee.label) : t('Processing fee') })}>
            {t('{amount} (one time)', { amount: formatRupees(fee?.amount ?? 0) })}
          </Row>
          <Row label={t('{fee}, to the insurer through the lender', { fee: insurance ? t(insurance.label) : t('Insurance') })}>
            {t('{amount} (one time)', { amount: formatRupees(insurance?.amount ?? 0) })}
          </Row>
          <Row label={t('Net disbursed amount')}>{formatRupees(figures.net_disbursed)}</Row>
          <Row label={t('Total interest')}>{formatRupees(figures.total_interest)}</Row>
          <Row label={t('Total amount to be paid')}>{formatRupees(figures.total_payable)}</Row>
          <Row label={t('Annual Percentage Rate (APR)')}>
            <strong data-testid="kfs-apr">{figures.apr.toFixed(2)} %</strong>
          </Row>
          <Row label={t('Contingent charges')}>{t('None: no fee or charge that is not in this statement will be taken')}</Row>
        </tbody>
      </table>
      <table className="kfs-table">
        <caption>{t('Part 2: other information')}</caption>
        <tbody>
          <Row label={t('Recovery')}>{lender.recovery_policy}</Row>
          <Row label={t('Grievance officer')}>
            {lender.grievance_officer.name}, {lender.grievance_officer.phone}, {lender.grievance_officer.email}
          </Row>
          <Row label={t('Cooling-off period')}>
            {t('{days} days, in which the loan can be repaid without any penalty', { days: lender.cooling_off_days })}
          </Row>
          <Row label={t('May be transferred to another lender or securitised')}>{lender.may_be_transferred ? t('Yes') : t('No')}</Row>
        </tbody>
      </table>
      <table className="kfs-table kfs-schedule">
        <caption>{t('Repayment schedule (₹)')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('No.')}</th>
            <th scope="col">{t('Due date')}</th>
            <th scope="col">{t('EMI')}</th>
            <th scope="col">{t('Principal')}</th>
            <th scope="col">{t('Interest')}</th>
            <th scope="col">{t('Balance')}</th>
          </tr>
        </thead>
        <tbody>
          {figures.schedule.map((r) => (
            <tr key={r.no}>
              <td>{r.no}</td>
              <td>{r.due_date}</td>
              <td>{amount(r.emi)}</td>
              <td>{amount(r.principal)}</td>
              <td>{amount(r.interest)}</td>
              <td>{amount(r.balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">
        KFS {kfs.version} · {kfs.hash.slice(0, 16)}
      </p>
    </section>
  );
}
