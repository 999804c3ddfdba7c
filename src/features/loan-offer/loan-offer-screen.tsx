// /application/loan-offer?id=: the offer (REQ-OFFER-1 to REQ-OFFER-3). Fetched when online into the phone's copy;
// amount, tenure and disbursement date are edited with the EMI and EMI start date computed on the phone (to discuss it
// offline); 'Update Loan Offer' sends is_accepted false. 'Accept Offer' first shows the Key Facts Statement built from
// the terms on the screen (RBI/2024-25/18); the borrower's acceptance sends is_accepted true with the KFS's number,
// version and hash, the time and the geotag, locks and goes to final-submit. The MFI product's household limits bound
// the amount.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { householdIssue, mfiLimit } from '../../../contracts/household-income';
import { KFS_MSG, type Kfs } from '../../../contracts/kfs';
import { disbursementDateIssue, emi, LOAN_OFFER_MSG, LOAN_OFFER_TABLE, offerRangeIssue } from '../../../contracts/loan-offer';
import { PRODUCTS } from '../../../contracts/products';
import { productRoleOf } from '../../../contracts/roles';
import { fetchLoanOffer } from '../../api/loan-offer/fetch-loan-offer';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { Select } from '../../components/ui/select';
import { HouseholdFigures } from './household-figures';
import { KfsView } from './kfs-view';
import { BorrowerLanguagePicker, useBorrowerLanguage } from '../../components/ui/borrower-language';
import { keepAnswer, refreshKfs, useOfferCache } from './offer-cache';
import { useOfferKfs } from './use-offer-kfs';
import { useEmiStart } from './use-emi-start';
import { useAppRecords, useApplication } from '../../db/hooks';
import { acceptBlockers } from '../../workflow/hand-over-gate';
import { useUserDb } from '../../db/user-db-context';
import { formatRupees } from '../../lib/format';
import { captureGeoTag } from '../../lib/geotag';
import { digitsToNumber } from '../../lib/number-input';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { enqueue } from '../../sync/enqueue';
import { answerOf, OP_CATALOGUE } from '../../sync/op-catalogue';
import { useProfile } from '../../session/profile-store';
import { offerControls } from '../../workflow/stage-two-rules';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';
import { awaitAnswer } from '../../ops/settle-step';
import { NoApplication } from '../../forms/use-step-form';
import { t } from '../../i18n';
import { msg } from '../../../contracts/msg';

/** A rule's message in the officer's language (the rules keep their English source). */
const textOf = (message: string | null | undefined) => (message ? t(message) : undefined);

export const OFFER_KIND = OP_CATALOGUE.loanOffer.kind;

export function LoanOfferScreen() {
  const { id } = useRouteSearch(APP_SEARCH);
  const appId = id ?? '';
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const profile = useProfile();
  const role = productRoleOf(profile.role, profile.mfi_employee?.designation);
  const data = useApplication(db, appId)?.data;
  const parties = useAppRecords(db, 'coApplicants', appId).map((r) => r.data);
  const cached = useOfferCache(db, appId);
  const extras = cached?.extras;
  const offer = data?.loan_offer;
  const loanType = data?.loan_type ?? 'MFI_BUSINESS_LOAN';
  const [amount, setAmount] = useState<number | null>(null);
  const [tenure, setTenure] = useState<number | null>(null);
  const [date, setDate] = useState('');
  const [showKfs, setShowKfs] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // The language the borrower reads the KFS in, recorded with the acceptance.
  const [kfsLanguage, chooseKfsLanguage, kfsLanguageFailed] = useBorrowerLanguage();

  useEffect(() => {
    if (!db || !appId || !online) return;
    fetchLoanOffer(appId)
      .then((r) => keepAnswer(db, appId, r.data))
      .then(() => refreshKfs(db, appId))
      .catch(() => undefined);
  }, [db, appId, online]);
  useEffect(() => {
    if (!offer) return;
    setAmount((a) => a ?? offer.final_suggested_loan_amount);
    setTenure((t) => t ?? offer.risk_category_and_loan_type_wise_max_tenure);
    setDate((d) => d || offer.disbursement_date);
  }, [offer]);

  const kfs = useOfferKfs({
    appId,
    loanType,
    offer,
    server: cached?.kfs,
    date,
    amount: amount ?? offer?.final_suggested_loan_amount ?? 0,
    tenure: tenure ?? offer?.risk_category_and_loan_type_wise_max_tenure ?? 0,
  });

  const emiStart = useEmiStart(date, online, !!offer && !offer.is_accepted);

  if (!id) return <NoApplication />;
  if (!offer)
    return (
      <main className="page">
        <h2>{t('Loan offer')}</h2>
        <MessageLine>
          {online ? t('Loading the offer...') : t('The offer is not on this phone yet. Open it once with a network.')}
        </MessageLine>
      </main>
    );

  const controls = offerControls(role, {
    is_pd2_complete: data?.is_pd2_complete,
    is_accepted: offer.is_accepted,
    status: data?.status,
    stages: data?.stages,
    sanctioned: data?.sanctioned,
  });
  const rate = LOAN_OFFER_TABLE[loanType].interestRatePct;
  const a = amount ?? offer.final_suggested_loan_amount;
  const months = tenure ?? offer.risk_category_and_loan_type_wise_max_tenure;
  const household = extras?.household;
  const limit = household && loanType === 'MFI_BUSINESS_LOAN' ? mfiLimit(household, rate, months) : null;
  const issue =
    offerRangeIssue(loanType, a, months) ?? (household && !offer.is_accepted ? householdIssue(loanType, household, a, rate, months) : null);
  const start = emiStart;
  const dateIssue = offer.is_accepted ? null : disbursementDateIssue(date);
  const monthly = issue ? null : emi(a, rate, months);
  // A disabled offer action says why beside it (the field's own message stays under the field too).
  const held = issue ?? dateIssue ?? (start ? null : LOAN_OFFER_MSG.invalidDisbursementDate);
  // The sanction gate's other blockers hold the accept, in the server's words (contracts/sanction-gate.ts).
  const acceptHeld =
    held ??
    acceptBlockers(data, parties)[0]?.message ??
    (kfs ? null : t(`{required}: open the offer once with a network to load the lender's statement.`, { required: t(KFS_MSG.required) }));
  const accepting = controls.primary === 'Accept Offer';

  const send = async (accepted: Kfs | null) => {
    if (!db || issue || dateIssue || !start) return;
    const accept = accepted !== null;
    setBusy(true);
    try {
      const kfs = accepted && {
        proposal_number: accepted.proposal_number,
        version: accepted.version,
        hash: accepted.hash,
        accepted_at: new Date().toISOString(),
        geo_tag: await captureGeoTag(),
        language: kfsLanguage,
      };
      const op = await enqueue(db, OP_CATALOGUE.loanOffer, {
        appId,
        at: {},
        label: accept ? msg('Accept loan offer') : msg('Update loan offer'),
        body: {
          application_id: appId,
          updated_info: {
            final_suggested_loan_amount: a,
            risk_category_and_loan_type_wise_max_tenure: months,
            disbursement_date: date,
            emi_start_date: start,
          },
          is_accepted: accept,
          ...(kfs ? { kfs } : {}),
        },
      });
      const answered = await awaitAnswer(db, op, online);
      if (answered?.state === 'needs-attention') {
        setRefused(answered.lastError?.message ?? null);
        return void toast.error(t(accept ? LOAN_OFFER_MSG.acceptFailed : (answered.lastError?.message ?? LOAN_OFFER_MSG.acceptFailed)));
      }
      const updated = answerOf(OP_CATALOGUE.loanOffer, answered?.result)?.data.updated_info;
      if (updated) await keepAnswer(db, appId, updated, accept ? { sanctioned: true } : {});
      toast.success(
        answered?.state === 'done'
          ? accept
            ? t('Loan offer accepted')
            : t('Loan offer updated')
          : t('Saved on this phone. It will be sent when the phone is online.'),
      );
      if (accept) await navigate({ to: '/application/final-submit', search: { id: appId } });
    } finally {
      setBusy(false);
    }
  };

  if (showKfs && kfs) {
    return (
      <main className="page">
        <BorrowerLanguagePicker value={kfsLanguage} onChoose={(l) => void chooseKfsLanguage(l)} failed={kfsLanguageFailed} />
        <KfsView kfs={kfs} language={kfsLanguage} />
        <div className="stack kfs-actions">
          {refused && <MessageLine variant="error">{t(refused)}</MessageLine>}
          <p>
            {t(
              'Explain the statement to the borrower in a language they understand. Accepting records this statement, the time and the place.',
            )}
          </p>
          <Button size="lg" busy={busy} busyText={t('Accepting...')} onClick={() => void send(kfs)}>
            {t('The borrower accepts this KFS')}
          </Button>
          <Button variant="outline" onClick={() => window.print()}>
            {t('Print or save as PDF')}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => setShowKfs(false)}>
            {t('Back to the offer')}
          </Button>
        </div>
      </main>
    );
  }

  return (
    <main className="page">
      <h2>{t('Loan offer')}</h2>
      <dl className="details" aria-label={t('Offer')}>
        <div>
          <dt>{t('BRE score')}</dt>
          <dd>{offer.bre_score}</dd>
        </div>
        <div>
          <dt>{t('Decision')}</dt>
          <dd>{offer.decision}</dd>
        </div>
        {offer.reason && (
          <div>
            <dt>{t('Reason')}</dt>
            <dd>{offer.reason}</dd>
          </div>
        )}
        <div>
          <dt>{t('Interest rate')}</dt>
          <dd>{t('{rate} % a year', { rate: rate.toFixed(2) })}</dd>
        </div>
        <div>
          <dt>{t('EMI')}</dt>
          <dd>{monthly === null ? '–' : formatRupees(monthly)}</dd>
        </div>
        <div>
          <dt>{t('Processing fee')}</dt>
          <dd>{formatRupees(offer.total_processing_fee_amount)}</dd>
        </div>
        <div>
          <dt>{t('Insurance')}</dt>
          <dd>{formatRupees(offer.insurance_fee)}</dd>
        </div>
        <div>
          <dt>{t('APR (all costs)')}</dt>
          <dd>{kfs && !issue ? `${kfs.figures.apr.toFixed(2)} %` : '–'}</dd>
        </div>
        <div>
          <dt>{t('EMI start date')}</dt>
          <dd>{start ?? '–'}</dd>
        </div>
      </dl>
      {household ? (
        <HouseholdFigures household={household} maxAmount={limit && !limit.refusal ? limit.maxAmount : null} tenure={months} />
      ) : (
        <MessageLine>{t('The household figures appear once the offer is opened with a network.')}</MessageLine>
      )}
      {limit?.refusal && <MessageLine variant="warning">{t(limit.refusal)}</MessageLine>}
      <div className="stack">
        <FloatingInput
          label={t('Loan amount (₹)')}
          inputMode="numeric"
          value={amount ?? ''}
          readOnly={controls.readOnly}
          onChange={(e) => setAmount(digitsToNumber(e.target.value))}
          error={issue && !issue.startsWith('Loan tenure') ? t(issue) : undefined}
        />
        <Select
          label={t('Tenure (months)')}
          value={months}
          disabled={controls.readOnly}
          clearable={false}
          options={PRODUCTS[loanType].tenures.map((n) => ({ value: n, label: t('{months} months', { months: n }) }))}
          onChange={(n) => setTenure(n)}
        />
        <FloatingInput
          label={t('Disbursement date (DD-MM-YYYY)')}
          inputMode="numeric"
          mask="dmy"
          maxLength={10}
          value={date}
          readOnly={controls.readOnly}
          onChange={(e) => setDate(e.target.value)}
          error={date && !offer.is_accepted ? textOf(disbursementDateIssue(date)) : undefined}
        />
        {offer.is_accepted && (
          <MessageLine variant="success">
            {offer.kfs_acceptance
              ? t('This offer is accepted with KFS {number}.', { number: offer.kfs_acceptance.proposal_number })
              : t('This offer is accepted.')}
          </MessageLine>
        )}
        {controls.canUpdate && (
          <Button
            variant="outline"
            size="lg"
            disabled={busy || !!held}
            reason={accepting || !held ? null : t(held)}
            onClick={() => void send(null)}
          >
            {t('Update Loan Offer')}
          </Button>
        )}
        {accepting ? (
          <Button size="lg" disabled={busy || !!acceptHeld} reason={acceptHeld ? t(acceptHeld) : null} onClick={() => setShowKfs(true)}>
            {t('Accept Offer')}
          </Button>
        ) : (
          <Button size="lg" onClick={() => void navigate({ to: '/application/final-submit', search: { id: appId } })}>
            {t('Finish Process')}
          </Button>
        )}
      </div>
    </main>
  );
}
