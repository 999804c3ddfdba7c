// The Key Facts Statement as the borrower reads it (RBI/2024-25/18 Annex A: Part 1 interest and fees, Part 2 other
// information; Annex C: the repayment schedule). The same element prints (kfs-print.css).
import type { Kfs } from '../../../contracts/kfs';
import { FiguresP, withFigures } from '../../components/ui/figures';
import type { Language } from '../../../contracts/language';
import { LANG_TAG, tIn } from '../../i18n';
import { formatRupees } from '../../lib/format';
import './kfs-print.css';

/** Schedule cells: rupees and paise without the symbol (the caption says ₹), so six columns fit a 360 px phone. */
const amount = (x: number) => x.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const loanName = (type: Kfs['loan_type'], l: Language) =>
  type === 'MFI_BUSINESS_LOAN' ? tIn(l, 'MFI Business Loan') : tIn(l, 'Unsecured Business Loan');

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{withFigures(children)}</td>
    </tr>
  );
}

/** In the borrower's language (`language`), whatever the officer's screens are in. */
export function KfsView({ kfs, language = 'en' }: { kfs: Kfs; language?: Language }) {
  const { terms, figures, lender } = kfs;
  const l = language;
  const [fee, insurance] = kfs.fees;
  return (
    <section className="kfs" aria-labelledby="kfs-title" lang={LANG_TAG[l]}>
      <h2 id="kfs-title">{tIn(l, 'Key Facts Statement')}</h2>
      <FiguresP>
        {lender.lender_name} · {loanName(kfs.loan_type, l)}
        <br />
        {tIn(l, 'Proposal number')} <strong data-testid="kfs-number">{kfs.proposal_number}</strong> ·{' '}
        {tIn(l, 'issued {issued}, valid until {valid}', { issued: kfs.issued_on, valid: kfs.valid_until })}
      </FiguresP>
      <table className="kfs-table">
        <caption>{tIn(l, 'Part 1: interest rate and fees')}</caption>
        <tbody>
          <Row label={tIn(l, 'Sanctioned loan amount')}>{formatRupees(terms.amount)}</Row>
          <Row label={tIn(l, 'Disbursal')}>{tIn(l, '100 % upfront on {date}', { date: terms.disbursement_date })}</Row>
          <Row label={tIn(l, 'Loan term')}>{tIn(l, '{months} months', { months: terms.tenure_months })}</Row>
          <Row label={tIn(l, 'Instalments')}>
            {tIn(l, '{count} monthly EMIs of {emi}, the first on {date}', {
              count: terms.tenure_months,
              emi: formatRupees(figures.emi),
              date: figures.emi_start_date,
            })}
          </Row>
          <Row label={tIn(l, 'Interest rate')}>
            {tIn(l, '{rate} % a year, fixed, on the reducing balance', { rate: terms.interest_rate.toFixed(2) })}
          </Row>
          <Row label={tIn(l, '{fee}, to the lender', { fee: tIn(l, fee?.label ?? 'Processing fee') })}>
            {tIn(l, '{amount} (one time)', { amount: formatRupees(fee?.amount ?? 0) })}
          </Row>
          <Row label={tIn(l, '{fee}, to the insurer through the lender', { fee: tIn(l, insurance?.label ?? 'Insurance') })}>
            {tIn(l, '{amount} (one time)', { amount: formatRupees(insurance?.amount ?? 0) })}
          </Row>
          <Row label={tIn(l, 'Net disbursed amount')}>{formatRupees(figures.net_disbursed)}</Row>
          <Row label={tIn(l, 'Total interest')}>{formatRupees(figures.total_interest)}</Row>
          <Row label={tIn(l, 'Total amount to be paid')}>{formatRupees(figures.total_payable)}</Row>
          <Row label={tIn(l, 'Annual Percentage Rate (APR)')}>
            <strong data-testid="kfs-apr">{figures.apr.toFixed(2)} %</strong>
          </Row>
          <Row label={tIn(l, 'Contingent charges')}>{tIn(l, 'None: no fee or charge that is not in this statement will be taken')}</Row>
        </tbody>
      </table>
      <table className="kfs-table">
        <caption>{tIn(l, 'Part 2: other information')}</caption>
        <tbody>
          <Row label={tIn(l, 'Recovery')}>{lender.recovery_policy}</Row>
          <Row label={tIn(l, 'Grievance officer')}>
            {lender.grievance_officer.name}, {lender.grievance_officer.phone}, {lender.grievance_officer.email}
          </Row>
          <Row label={tIn(l, 'Cooling-off period')}>
            {tIn(l, '{days} days, in which the loan can be repaid without any penalty', { days: lender.cooling_off_days })}
          </Row>
          <Row label={tIn(l, 'May be transferred to another lender or securitised')}>
            {lender.may_be_transferred ? tIn(l, 'Yes') : tIn(l, 'No')}
          </Row>
        </tbody>
      </table>
      <table className="kfs-table kfs-schedule">
        <caption>{tIn(l, 'Repayment schedule (₹)')}</caption>
        <thead>
          <tr>
            <th scope="col">{tIn(l, 'No.')}</th>
            <th scope="col">{tIn(l, 'Due date')}</th>
            <th scope="col">{tIn(l, 'EMI')}</th>
            <th scope="col">{tIn(l, 'Principal')}</th>
            <th scope="col">{tIn(l, 'Interest')}</th>
            <th scope="col">{tIn(l, 'Balance')}</th>
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
