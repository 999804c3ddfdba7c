// /apply-loan/mobile and /apply-loan/success: the visitor proves their mobile with the public OTP (the answer is the
// guest token and their one application), then fills the borrower form the officers use; the success page gives the
// External Loan Id to track it.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ComponentType, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { MSG } from '../../../contracts/messages';
import { PublicMobileForm as MobileForm } from '../../../contracts/public-otp';
import { subscribeCredentials } from '../../api/credentials';
import { ApiFailure } from '../../api/http';
import { resendPublicOtp, sendPublicOtp, verifyPublicOtp } from '../../api/public/public-otp';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication, useOutboxCounts } from '../../db/hooks';
import { clearPersonalData } from '../../db/records';
import { useUserDb } from '../../db/user-db-context';
import { useOnline } from '../../lib/use-online';
import { useSyncRuntime } from '../../sync/sync-runtime';
import { findApplication, stagesOf } from '../../forms/find-application';
import type { BorrowerAppData } from '../../forms/borrower-form-values';
import { type OtpOutcome, OtpSheet } from '../../components/ui/otp-sheet';
import { useDraft } from '../../forms/use-draft';
import { StepPair } from '../../forms/step-pairs';
import { SessionAgain } from './session-again';
import { endGuestSession, guestSession, lastTrackerId, rememberTrackerId, startGuestSession } from './guest-session';
import { visitorNextPath } from '../../forms/public-route';
import { StepNotes } from '../../forms/use-step-form';

/** The staff borrower form, given by the page table (src/app/public-pages.tsx): a feature imports no other feature. */
type BorrowerFormComponent = ComponentType<{ app: BorrowerAppData }>;

export const PUBLIC_MOBILE_DRAFT = 'public:mobile';

const failureText = (err: unknown) => (err instanceof ApiFailure && err.status !== 0 ? err.message : MSG.somethingWentWrong);

function useGuestSession() {
  const token = useSyncExternalStore(subscribeCredentials, () => guestSession().token);
  return { token, applicationId: guestSession().applicationId };
}

/** The mobile step: a 10-digit mobile, the OTP sheet, then the visitor's application (made or found by the server). */
function VerifyMobile({ again }: { again: boolean }) {
  const db = useUserDb();
  const rt = useSyncRuntime();
  const online = useOnline();
  const navigate = useNavigate();
  const form = useForm<MobileForm>({ resolver: valibotResolver(MobileForm), defaultValues: { mobile: '' }, mode: 'onTouched' });
  const draft = useDraft(form, PUBLIC_MOBILE_DRAFT);
  const [sheetFor, setSheetFor] = useState<string | null>(null);
  const session = useRef<string | null>(null);

  const send = async (mobile: string): Promise<OtpOutcome> => {
    try {
      if (session.current) await resendPublicOtp(session.current);
      else session.current = (await sendPublicOtp(mobile)).data.session_id;
      return null;
    } catch (err) {
      return failureText(err);
    }
  };
  const verify = async (otp: string): Promise<OtpOutcome> => {
    try {
      const { data } = await verifyPublicOtp(session.current ?? '', otp);
      startGuestSession(data.token, data.application_id);
      if (db) await findApplication(db, { kind: 'id', value: data.application_id }, true);
      await draft.clear();
      setSheetFor(null);
      // Steps saved while the last token ran out go now.
      void rt?.engine.resumeAfterSignIn();
      await navigate({ to: '/apply-loan/mobile', search: { id: data.application_id }, replace: true });
      return null;
    } catch (err) {
      return err instanceof ApiFailure && err.status === 400 ? MSG.invalidOtpRetry : failureText(err);
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    session.current = null;
    setSheetFor(values.mobile);
  });
  const { errors } = form.formState;
  return (
    <>
      <form className="stack" onSubmit={onSubmit} noValidate aria-label="Start your application">
        {again ? (
          <MessageLine variant="info">Verify your mobile number again to continue your application. Nothing you saved is lost.</MessageLine>
        ) : (
          <p className="muted">Apply in a few minutes: verify your mobile number, tell us about yourself and your business, and upload your documents. What you type is saved on this device as you go.</p>
        )}
        <StepNotes draft={draft} />
        <div className="phone-row">
          <span className="prefix" aria-hidden="true">+91</span>
          <FloatingInput label="Mobile number" inputMode="numeric" autoComplete="tel-national" maxLength={10}
            error={errors.mobile?.message} {...form.register('mobile')} />
        </div>
        <Button type="submit" size="lg" disabled={!online} reason="You are offline. The OTP needs a network: connect and try again.">Get OTP</Button>
      </form>
      {sheetFor && (
        <OtpSheet title="Verify your mobile number" sentTo={`+91 ${sheetFor}`} send={() => send(sheetFor)} verify={verify}
          onClose={() => setSheetFor(null)} />
      )}
    </>
  );
}

/** The visitor's application: the borrower form until it is sent, then where it continues. */
function VisitorApplication({ id, BorrowerForm }: { id: string; BorrowerForm: BorrowerFormComponent }) {
  const db = useUserDb();
  const online = useOnline();
  const app = useApplication(db, id);
  const [fetching, setFetching] = useState(false);
  useEffect(() => {
    if (!db || app !== null || !online) return;
    setFetching(true);
    void findApplication(db, { kind: 'id', value: id }, true).catch(() => null).finally(() => setFetching(false));
  }, [db, app, online, id]);

  if (app === undefined || fetching) return <p className="muted">Loading...</p>;
  const data = app?.data;
  if (!data) return <MessageLine variant="warning">Your application is not on this device yet. Connect to the internet, then try again.</MessageLine>;
  const next = visitorNextPath(stagesOf(data));
  return (
    <>
      {data.tracker_id && <p className="muted small">External Loan Id: <strong>{data.tracker_id}</strong></p>}
      <StepPair pair="borrower" current={0} appId={id} />
      {next ? (
        <div className="stack">
          <MessageLine variant="success">Your details are saved. Continue where you left off.</MessageLine>
          <Link to={next} search={{ id }} className="ui-btn ui-btn--default ui-btn--size-lg">Continue</Link>
        </div>
      ) : (
        <BorrowerForm key={id} app={{ ...data, id, phone: data.phone ?? '' }} />
      )}
    </>
  );
}

export function PublicMobileScreen({ BorrowerForm }: { BorrowerForm: BorrowerFormComponent }) {
  const session = useGuestSession();
  const held = useApplication(useUserDb(), session.applicationId ?? '');
  // A token the queue found dead, with the application on this device: the form stays, the bar verifies again (issue 19).
  const again = !session.token && !!held;
  return (
    <main className="page">
      <h1 className="page-title">Apply for a loan</h1>
      {session.applicationId && (session.token || again) ? (
        <>
          {again && <SessionAgain applicationId={session.applicationId} />}
          <VisitorApplication id={session.applicationId} BorrowerForm={BorrowerForm} />
          <StartOver />
        </>
      ) : (
        <VerifyMobile again={!!session.applicationId} />
      )}
    </main>
  );
}

/**
 * Another mobile on this device: the session ends and the visitor's data goes from this browser (what was sent stays
 * with the lender). Work not yet sent is lost, so the visitor is asked first.
 */
function StartOver() {
  const db = useUserDb();
  const navigate = useNavigate();
  const { pending } = useOutboxCounts(db);
  const onClick = async () => {
    if (pending > 0 && !window.confirm(unsentWarning(pending))) return;
    if (db) await clearPersonalData(db);
    endGuestSession();
    await navigate({ to: '/apply-loan/mobile', search: {} });
  };
  return (
    <p className="muted small">
      Not your application?{' '}
      <Button type="button" variant="link" size="link" onClick={() => void onClick()}>Use another mobile number</Button>
    </p>
  );
}

export const unsentWarning = (n: number) =>
  `${n} item${n === 1 ? '' : 's'} on this device ${n === 1 ? 'has' : 'have'} not been sent yet and will be lost. Use another mobile number anyway?`;

export function PublicSuccessScreen() {
  const db = useUserDb();
  const { applicationId } = guestSession();
  const app = useApplication(db, applicationId ?? '');
  const trackerId = app?.data?.tracker_id ?? lastTrackerId();
  const counts = useOutboxCounts(db);
  const sent = counts.pending === 0 && counts.needsAttention === 0;
  // Once everything has reached the lender, nothing of the application stays in this browser (a shared computer).
  useEffect(() => {
    if (!trackerId) return;
    rememberTrackerId(trackerId);
    if (sent && db) void clearPersonalData(db);
  }, [trackerId, sent, db]);
  const [copied, setCopied] = useState(false);
  return (
    <main className="page">
      <h1 className="page-title">Application submitted</h1>
      {sent ? (
        <MessageLine variant="success">Thank you. Your application has reached us; our officer will call you for the next steps. Nothing of it is kept in this browser.</MessageLine>
      ) : (
        <MessageLine variant="info">Your application is saved on this device and is being sent. Keep this page open, or come back when you are online.</MessageLine>
      )}
      {trackerId && (
        <section className="stack" aria-label="External Loan Id">
          <p>Your External Loan Id is <strong className="tracker-id">{trackerId}</strong>. Keep it to track your application.</p>
          <Button type="button" variant="outline" onClick={() => void navigator.clipboard?.writeText(trackerId).then(() => setCopied(true), () => setCopied(false))}>
            {copied ? 'Copied' : 'Copy External Loan Id'}
          </Button>
          <Link to="/apply-loan/track" search={{ tracker_id: trackerId }} className="ui-btn ui-btn--default ui-btn--size-lg">Track your application</Link>
        </section>
      )}
    </main>
  );
}
