// Second-stage pages (REQ-NAV-2, REQ-ROLE-2 to REQ-ROLE-4): the verification role's PD1 review, the success pages
// ('Continue your process' hidden for the initiating officer) and the final submit.
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { PD1_REVIEW_MSG } from '../../../contracts/cpv';
import { productRoleOf } from '../../../contracts/roles';
import { Button } from '../../components/ui/button';
import { FloatingTextarea } from '../../components/ui/floating-textarea';
import { MessageLine } from '../../components/ui/message-line';
import { useAppRecords, useApplication, useOutboxOps } from '../../db/hooks';
import { pd1Blockers } from '../../workflow/hand-over-gate';
import { useUserDb } from '../../db/user-db-context';
import { formatRupees } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { enqueue } from '../../sync/enqueue';
import { ReviewSummary, type SummaryApp } from '../../review/review-summary';
import { useProfile } from '../../session/profile-store';
import { submitStep } from '../../ops/settle-step';
import { nextVisit } from '../../workflow/stage-two-rules';
import { NO_APPLICATION, NoApplication } from '../../forms/use-step-form';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';
import { OP_CATALOGUE } from '../../sync/op-catalogue';
import type { RoutePath } from '../../lib/route-path';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';

export const PD1_REVIEW_KIND = OP_CATALOGUE.pd1Review.kind;
type AppData = Parameters<typeof nextVisit>[1] &
  SummaryApp & {
    name?: string;
    phone?: string;
    status?: string;
    remarks?: string;
    tracker_id?: string | null;
    loan_offer?: {
      final_suggested_loan_amount?: number;
      final_suggested_emi?: number;
      is_accepted?: boolean;
      reason?: string;
      decision?: string;
    };
    sanctioned?: boolean;
  };

export const FINAL_SUBMIT_MSG = {
  accepted: msg('The loan offer is accepted and the application is complete.'),
  queued: msg('The acceptance is kept on this phone and is sent when it is back online.'),
  notAccepted: msg('The process is finished without an accepted offer: the application waits for the borrower to accept the loan offer.'),
} as const;

/** What happened, in the words final-submit shows: an accepted offer, one still on its way, or none. */
export function finalOutcome(
  app: AppData | undefined,
  acceptQueued: boolean,
): Array<{ variant: 'success' | 'info' | 'warning'; text: string }> {
  if (app?.sanctioned || app?.loan_offer?.is_accepted) return [{ variant: 'success', text: FINAL_SUBMIT_MSG.accepted }];
  if (acceptQueued)
    return [
      { variant: 'success', text: FINAL_SUBMIT_MSG.accepted },
      { variant: 'info', text: FINAL_SUBMIT_MSG.queued },
    ];
  return [{ variant: 'warning', text: FINAL_SUBMIT_MSG.notAccepted }];
}
const useRole = () => {
  const p = useProfile();
  return productRoleOf(p.role, p.mfi_employee?.designation);
};
const useApp = (id: string) => useApplication(useUserDb(), id)?.data;

export function Pd1ReviewScreen() {
  const { id } = useRouteSearch(APP_SEARCH);
  const appId = id ?? '';
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const role = useRole();
  const app = useApp(appId);
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const remarksRef = useRef<HTMLTextAreaElement>(null);
  // The sanction gate holds the approval (not the send-back) while the loan has a blocker, in the server's words.
  const gate = pd1Blockers(
    app,
    useAppRecords(db, 'coApplicants', appId).map((r) => r.data),
  );
  if (!id) return <NoApplication />;
  const decide = async (decision: 'APPROVE' | 'SEND_BACK') => {
    if (!db) return;
    if (decision === 'SEND_BACK' && !remarks.trim()) {
      // Like a step form's first error: the message in the banner, the field focused and marked invalid.
      setError(t(PD1_REVIEW_MSG.remarks));
      return remarksRef.current?.focus();
    }
    setBusy(true);
    const queue = () =>
      enqueue(db, OP_CATALOGUE.pd1Review, {
        appId,
        at: { appId },
        body: { decision, remarks: remarks.trim() },
        label: decision === 'APPROVE' ? msg('PD1 approved') : msg('PD1 sent back'),
      });
    const afterAnswer = () => void setBusy(false);
    await submitStep(db, online, queue, { appId, navigate, next: '/applications' }, { afterAnswer });
    setBusy(false);
  };
  return (
    <main className="page">
      <h2>{t('PD1 review')}</h2>
      {/* The verification role decides with the application, the visits and the documents in front of it. */}
      <ReviewSummary appId={appId} app={app} />
      {app?.remarks && (
        <section className="remarks-box" aria-label={t('Pd1 Review Remarks')}>
          <h3>{t('Pd1 Review Remarks')}</h3>
          <p>{app.remarks}</p>
        </section>
      )}
      {role !== 'VERIFICATION' ? (
        <MessageLine variant="warning">{t(PD1_REVIEW_MSG.verificationRoleOnly)}</MessageLine>
      ) : app?.status !== 'PD1_REVIEW' ? (
        <MessageLine>{t(PD1_REVIEW_MSG.notInReview)}</MessageLine>
      ) : (
        <div className="stack">
          {error && <MessageLine variant="error">{error}</MessageLine>}
          <FloatingTextarea
            ref={remarksRef}
            label={t('Remarks')}
            value={remarks}
            error={error || undefined}
            onChange={(e) => {
              setRemarks(e.target.value);
              setError('');
            }}
          />
          {gate.map((b) => (
            <MessageLine key={`${b.code}:${b.subject ?? ''}`} variant="warning">
              {t(b.message)}
            </MessageLine>
          ))}
          <Button
            size="lg"
            busy={busy}
            busyText={t('Saving...')}
            disabled={busy || gate.length > 0}
            reason={gate[0] ? t(gate[0].message) : null}
            onClick={() => void decide('APPROVE')}
          >
            {t('Approve PD1')}
          </Button>
          <Button variant="outline" size="lg" disabled={busy} onClick={() => void decide('SEND_BACK')}>
            {t('Send back with remarks')}
          </Button>
        </div>
      )}
    </main>
  );
}

function Done({ title, text, next, nextSearch }: { title: string; text: string; next?: RoutePath; nextSearch?: Record<string, string> }) {
  const { id } = useRouteSearch(APP_SEARCH);
  const role = useRole();
  const app = useApp(id ?? '');
  return (
    <main className="page">
      <h2>{title}</h2>
      <MessageLine variant="success">{text}</MessageLine>
      {app?.tracker_id && (
        <p>
          {t('External Loan Id:')} <strong>{app.tracker_id}</strong>
        </p>
      )}
      <div className="stack">
        {/* REQ-ROLE-2: the initiating officer does not see 'Continue your process'. */}
        {next && id && role !== 'INITIATING_OFFICER' && (
          <Link to={next} search={{ id, ...nextSearch }} className="ui-btn ui-btn--default ui-btn--size-lg">
            {t('Continue your process')}
          </Link>
        )}
        <Link to="/" className="ui-btn ui-btn--outline ui-btn--size-lg">
          {t('Back to home')}
        </Link>
      </div>
    </main>
  );
}

/** After a CPV success the verification and review roles continue with the visit still to make, then PD1 review. */
export function SuccessScreen() {
  const { id } = useRouteSearch(APP_SEARCH);
  const role = useRole();
  const app = useApp(id ?? '');
  const queued = useOutboxOps(useUserDb())
    .filter((o) => o.appId === id && o.state !== 'done')
    .flatMap((o) => /\/(business|residence)-cpv-info$/.exec(o.path)?.[1] ?? []) as Array<'business' | 'residence'>;
  const visit = nextVisit(role, app ?? {}, queued);
  const next = visit ? '/application/cpv-info' : role === 'VERIFICATION' ? '/application/personal-discussion' : undefined;
  return (
    <Done
      title={t('Success')}
      text={t('The details are saved. The application moves on to verification.')}
      next={next}
      nextSearch={visit ? { type: visit } : undefined}
    />
  );
}
export const SuccessLoanOffersScreen = () => (
  <Done title={t('Success')} text={t('References are added. The loan offer is next.')} next="/application/loan-offer" />
);

export function FinalSubmitScreen() {
  const { id } = useRouteSearch(APP_SEARCH);
  const app = useApp(id ?? '');
  const offer = app?.loan_offer;
  const acceptQueued = useOutboxOps(useUserDb()).some(
    (o) =>
      o.appId === id &&
      o.state !== 'done' &&
      o.path === '/v1/bureau/bre' &&
      (o.body as { is_accepted?: boolean } | undefined)?.is_accepted === true,
  );
  return (
    <main className="page">
      <h2>{t('Final submit')}</h2>
      {!id ? (
        <MessageLine variant="warning">{t(NO_APPLICATION)}</MessageLine>
      ) : (
        <>
          {finalOutcome(app, acceptQueued).map((m) => (
            <MessageLine key={m.text} variant={m.variant}>
              {t(m.text)}
            </MessageLine>
          ))}
          <dl className="details">
            {app?.tracker_id && (
              <div>
                <dt>{t('External Loan Id')}</dt>
                <dd>{app.tracker_id}</dd>
              </div>
            )}
            {offer?.final_suggested_loan_amount ? (
              <div>
                <dt>{t('Loan amount')}</dt>
                <dd>{formatRupees(offer.final_suggested_loan_amount)}</dd>
              </div>
            ) : null}
            {offer?.final_suggested_emi ? (
              <div>
                <dt>{t('EMI')}</dt>
                <dd>{formatRupees(offer.final_suggested_emi)}</dd>
              </div>
            ) : null}
            {offer?.decision && (
              <div>
                <dt>{t('Offer decision')}</dt>
                <dd>{offer.decision}</dd>
              </div>
            )}
            {offer?.reason && (
              <div>
                <dt>{t('Reason')}</dt>
                <dd>{offer.reason}</dd>
              </div>
            )}
          </dl>
        </>
      )}
      <Link to="/" className="ui-btn ui-btn--outline ui-btn--size-lg">
        {t('Back to home')}
      </Link>
    </main>
  );
}
