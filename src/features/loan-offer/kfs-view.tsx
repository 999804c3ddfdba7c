// The Key Facts Statement as the borrower reads it (RBI/2024-25/18 Annex A: Part 1 interest and fees, Part 2 other
// information; Annex C: the repayment schedule). The same element prints (kfs-print.css).
import type { Kfs } from '../../../contracts/kfs';
import { FiguresP, withFigures } from '../../components/ui/figures';
import { formatRupees } from '../../lib/format';
import './kfs-print.css';

/** Schedule cells: rupees and paise without the symbol (the caption says ₹), so six columns fit a 360 px phone. */
const amount = (x: number) => x.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const LOAN_NAMES = { MFI_BUSINESS_LOAN: 'MFI Business Loan', UNSECURED_BUSINESS_LOAN: 'Unsecured Business Loan' } as const;

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
      <h2 id="kfs-title">Key Facts Statement</h2>
      <FiguresP>
        {lender.lender_name} · {LOAN_NAMES[kfs.loan_type]}
        <br />
        Proposal number <strong data-testid="kfs-number">{kfs.proposal_number}</strong> · issued {kfs.issued_on}, valid until{' '}
        {kfs.valid_until}
      </FiguresP>
      <table className="kfs-table">
        <caption>Part 1: interest rate and fees</caption>
        <tbody>
          <Row label="Sanctioned loan amount">{formatRupees(terms.amount)}</Row>
          <Row label="Disbursal">100 % upfront on {terms.disbursement_date}</Row>
          <Row label="Loan term">{terms.tenure_months} months</Row>
          <Row label="Instalments">
            {terms.tenure_months} monthly EMIs of {formatRupees(figures.emi)}, the first on {figures.emi_start_date}
          </Row>
          <Row label="Interest rate">{terms.interest_rate.toFixed(2)} % a year, fixed, on the reducing balance</Row>
          <Row label={`${fee?.label ?? 'Processing fee'}, to the lender`}>{formatRupees(fee?.amount ?? 0)} (one time)</Row>
          <Row label={`${insurance?.label ?? 'Insurance'}, to the insurer through the lender`}>
            {formatRupees(insurance?.amount ?? 0)} (one time)
          </Row>
          <Row label="Net disbursed amount">{formatRupees(figures.net_disbursed)}</Row>
          <Row label="Total interest">{formatRupees(figures.total_interest)}</Row>
          <Row label="Total amount to be paid">{formatRupees(figures.total_payable)}</Row>
          <Row label="Annual Percentage Rate (APR)">
            <strong data-testid="kfs-apr">{figures.apr.toFixed(2)} %</strong>
          </Row>
          <Row label="Contingent charges">None: no fee or charge that is not in this statement will be taken</Row>
        </tbody>
      </table>
      <table className="kfs-table">
        <caption>Part 2: other information</caption>
        <tbody>
          <Row label="Recovery">{lender.recovery_policy}</Row>
          <Row label="Grievance officer">
            {lender.grievance_officer.name}, {lender.grievance_officer.phone}, {lender.grievance_officer.email}
          </Row>
          <Row label="Cooling-off period">{lender.cooling_off_days} days, in which the loan can be repaid without any penalty</Row>
          <Row label="May be transferred to another lender or securitised">{lender.may_be_transferred ? 'Yes' : 'No'}</Row>
        </tbody>
      </table>
      <table className="kfs-table kfs-schedule">
        <caption>Repayment schedule (₹)</caption>
        <thead>
          <tr>
            <th scope="col">No.</th>
            <th scope="col">Due date</th>
            <th scope="col">EMI</th>
            <th scope="col">Principal</th>
            <th scope="col">Interest</th>
            <th scope="col">Balance</th>
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
