// /application/loan-offer?id=: the offer (workflow §3/§4/§8). Fetched when online into the phone's copy; amount, tenure
// and disbursement date are edited with the EMI and EMI start date computed on the phone (to discuss it offline);
// 'Update Loan Offer' sends is_accepted false, 'Accept Offer' asks first, sends true, locks and goes to final-submit.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { emi, emiStartDate, LOAN_OFFER_MSG, LOAN_OFFER_TABLE, type LoanOffer, offerRangeIssue } from '../../../contracts/loan-offer';
import type { LoanType } from '../../../contracts/products';
import { PRODUCTS } from '../../../contracts/products';
import { productRoleOf } from '../../../contracts/roles';
import { mainCall } from '../../api/http';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { Select } from '../../components/ui/select';
import { useApplication } from '../../db/hooks';
import { patchCachedApplication } from '../../db/records';
import { useUserDb } from '../../db/user-db-context';
import { formatRupees } from '../../lib/format';
import { digitsToNumber } from '../../lib/number-input';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { enqueue } from '../../sync/enqueue';
import { waitForOp } from '../../sync/wait-for-op';
import { useProfile } from '../../forms/profile-store';
import { maskDmy } from '../../forms/borrower-form-values';
import { offerControls } from '../../forms/stage-two-rules';

export const OFFER_KIND = 'application.loan-offer';
const OfferAnswer = envelope(v.looseObject({ final_suggested_loan_amount: v.number() }));
type AppData = { loan_type?: LoanType; loan_offer?: LoanOffer; is_pd2_complete?: boolean };

export function LoanOfferScreen() {
  const { id } = useSearch({ strict: false }) as { id?: string };
  const appId = id ?? '';
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const profile = useProfile();
  const role = productRoleOf(profile.role, profile.mfi_employee?.designation);
  const data = useApplication(db, appId)?.data as AppData | undefined;
  const offer = data?.loan_offer;
  const loanType = data?.loan_type ?? 'MFI_BUSINESS_LOAN';
  const [amount, setAmount] = useState<number | null>(null);
  const [tenure, setTenure] = useState<number | null>(null);
  const [date, setDate] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!db || !appId || !online) return;
    mainCall(OfferAnswer, '/v1/bureau/bre', { method: 'POST', body: { application_id: appId }, silent: true })
      .then((r) => patchCachedApplication(db, appId, () => ({ loan_offer: r.data })))
      .catch(() => undefined);
  }, [db, appId, online]);
  useEffect(() => {
    if (!offer) return;
    setAmount((a) => a ?? offer.final_suggested_loan_amount);
    setTenure((t) => t ?? offer.risk_category_and_loan_type_wise_max_tenure);
    setDate((d) => d || offer.disbursement_date);
  }, [offer]);

  if (!id) return <main className="page"><MessageLine variant="warning">Open an application first.</MessageLine></main>;
  if (!offer) return <main className="page"><h2>Loan offer</h2><MessageLine>{online ? 'Loading the offer...' : 'The offer is not on this phone yet. Open it once with a network.'}</MessageLine></main>;

  const controls = offerControls(role, { is_pd2_complete: data?.is_pd2_complete, is_accepted: offer.is_accepted });
  const rate = LOAN_OFFER_TABLE[loanType].interestRatePct;
  const a = amount ?? offer.final_suggested_loan_amount;
  const t = tenure ?? offer.risk_category_and_loan_type_wise_max_tenure;
  const issue = offerRangeIssue(loanType, a, t);
  const start = emiStartDate(date);
  const monthly = issue ? null : emi(a, rate, t);

  const send = async (accept: boolean) => {
    if (!db || issue || !start) return;
    setBusy(true);
    try {
      const op = await enqueue(db, {
        appId, kind: OFFER_KIND, method: 'PATCH', path: '/v1/bureau/bre', label: accept ? 'Accept loan offer' : 'Update loan offer',
        body: { application_id: appId, updated_info: { final_suggested_loan_amount: a, risk_category_and_loan_type_wise_max_tenure: t, disbursement_date: date, emi_start_date: start }, is_accepted: accept },
      });
      const answered = online ? await waitForOp(db, op.id, 15_000) : op;
      if (answered?.state === 'needs-attention') return void toast.error(accept ? LOAN_OFFER_MSG.acceptFailed : (answered.lastError?.message ?? LOAN_OFFER_MSG.acceptFailed));
      const updated = (answered?.result as { data?: { updated_info?: LoanOffer } } | undefined)?.data?.updated_info;
      if (updated) await patchCachedApplication(db, appId, () => ({ loan_offer: updated, ...(accept ? { sanctioned: true } : {}) }));
      toast.success(answered?.state === 'done' ? (accept ? 'Loan offer accepted' : 'Loan offer updated') : 'Saved on this phone. It will be sent when the phone is online.');
      if (accept) await navigate({ to: '/application/final-submit', search: { id: appId } });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <main className="page">
      <h2>Loan offer</h2>
      <dl className="details" aria-label="Offer">
        <div><dt>BRE score</dt><dd>{offer.bre_score}</dd></div>
        <div><dt>Decision</dt><dd>{offer.decision}</dd></div>
        <div><dt>Interest rate</dt><dd>{rate.toFixed(2)} % a year</dd></div>
        <div><dt>EMI</dt><dd>{monthly === null ? '–' : formatRupees(monthly)}</dd></div>
        <div><dt>Processing fee</dt><dd>{formatRupees(offer.total_processing_fee_amount)}</dd></div>
        <div><dt>Insurance</dt><dd>{formatRupees(offer.insurance_fee)}</dd></div>
        <div><dt>EMI start date</dt><dd>{start ?? '–'}</dd></div>
      </dl>
      <div className="stack">
        <FloatingInput label="Loan amount (₹)" inputMode="numeric" value={amount ?? ''} readOnly={controls.readOnly}
          onChange={(e) => setAmount(digitsToNumber(e.target.value))} error={issue?.startsWith('Loan amount') ? issue : undefined} />
        <Select label="Tenure (months)" value={t} disabled={controls.readOnly} clearable={false}
          options={PRODUCTS[loanType].tenures.map((n) => ({ value: n, label: `${n} months` }))} onChange={(n) => setTenure(n)} />
        <FloatingInput label="Disbursement date (DD-MM-YYYY)" inputMode="numeric" maxLength={10} value={date} readOnly={controls.readOnly}
          onChange={(e) => setDate(maskDmy(e.target.value))} error={date && !start ? LOAN_OFFER_MSG.invalidDisbursementDate : undefined} />
        {offer.is_accepted && <MessageLine variant="success">This offer is accepted.</MessageLine>}
        {controls.canUpdate && <Button variant="outline" size="lg" disabled={busy || !!issue || !start} onClick={() => void send(false)}>Update Loan Offer</Button>}
        {controls.primary === 'Accept Offer' ? (
          confirming ? (
            <div className="confirm" role="alertdialog" aria-label="Accept the offer">
              <p>Accept {formatRupees(a)} for {t} months at {formatRupees(monthly ?? 0)} a month? The offer is locked after this.</p>
              <Button size="lg" busy={busy} busyText="Accepting..." onClick={() => void send(true)}>Yes, accept</Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>Cancel</Button>
            </div>
          ) : (
            <Button size="lg" disabled={busy || !!issue || !start} onClick={() => setConfirming(true)}>Accept Offer</Button>
          )
        ) : (
          <Button size="lg" onClick={() => void navigate({ to: '/application/final-submit', search: { id: appId } })}>Finish Process</Button>
        )}
      </div>
    </main>
  );
}
