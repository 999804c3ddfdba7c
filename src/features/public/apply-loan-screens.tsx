// /apply-loan/mobile, the visitor's first page: they prove their mobile with the public OTP (the answer is the guest
// token and their one application), then fill the borrower form the officers use. Its first screen needs neither the
// visitor's database nor react-hook-form (≤ 120 KB of JS first): the mobile is a one-field form, the OTP
// sheet and the verified visitor's application load on demand and are asked for once the page has painted.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { PublicMobileForm as MobileForm } from '../../../contracts/public-otp';
import { subscribeCredentials } from '../../api/credentials';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { useUserDb } from '../../db/user-db-context';
import { afterFirstPaint } from '../../lib/after-first-paint';
import { lazyComponent } from '../../lib/lazy-component';
import { useOnline } from '../../lib/use-online';
import { useSyncRuntime } from '../../sync/sync-runtime';
import { useOneFieldForm } from '../../forms/one-field-form';
import { StepNotes } from '../../forms/step-notes';
import { useDraft } from '../../forms/use-draft';
import { guestSession } from './guest-session';
import { usePublicOtp } from './use-public-otp';
import type { BorrowerFormComponent } from './visitor-application';
import { t } from '../../i18n';

export const PUBLIC_MOBILE_DRAFT = 'public:mobile';

// A component, not an element: the fallback reads the language when it shows, not when this module loads.
const Loading = () => <p className="muted">{t('Loading...')}</p>;
const OtpSheet = lazyComponent(() => import('../../components/ui/otp-sheet').then((m) => m.OtpSheet));
const visitor = () => import('./visitor-application');
const VisitorApplication = lazyComponent(() => visitor().then((m) => m.VisitorApplication), <Loading />);
const StartOver = lazyComponent(() => visitor().then((m) => m.StartOver));
const HeldApplication = lazyComponent(() => visitor().then((m) => m.HeldApplication), <Loading />);
const findApplication = (...args: Parameters<typeof import('../../workflow/find-application').findApplication>) =>
  import('../../workflow/find-application').then((m) => m.findApplication(...args));

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
  const form = useOneFieldForm(MobileForm, 'mobile', '');
  const draft = useDraft(form.draftForm, PUBLIC_MOBILE_DRAFT);
  // What comes after this screen (the OTP sheet, the verified visitor's application) downloads once it has painted.
  useEffect(() => afterFirstPaint(() => void Promise.all([OtpSheet.preload(), visitor()])), []);
  const [sheetFor, setSheetFor] = useState<string | null>(null);
  const otp = usePublicOtp(async (applicationId) => {
    if (db) await findApplication(db, { kind: 'id', value: applicationId }, true);
    await draft.clear();
    setSheetFor(null);
    // Steps saved while the last token ran out go now.
    void rt?.engine.resumeAfterSignIn();
    await navigate({ to: '/apply-loan/mobile', search: { id: applicationId }, replace: true });
  });

  const onSubmit = form.handleSubmit((values) => {
    otp.reset();
    setSheetFor(values.mobile);
  });
  return (
    <>
      <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('Start your application')}>
        {again ? (
          <MessageLine variant="info">
            {t('Verify your mobile number again to continue your application. Nothing you saved is lost.')}
          </MessageLine>
        ) : (
          <p className="muted">
            {t(
              'Apply in a few minutes: verify your mobile number, tell us about yourself and your business, and upload your documents. What you type is saved on this device as you go.',
            )}
          </p>
        )}
        <StepNotes draft={draft} />
        <div className="phone-row">
          <span className="prefix" aria-hidden="true">
            +91
          </span>
          <FloatingInput
            label={t('Mobile number')}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            error={form.error}
            {...form.field}
          />
        </div>
        <Button type="submit" size="lg" disabled={!online} reason={t('You are offline. The OTP needs a network: connect and try again.')}>
          {t('Get OTP')}
        </Button>
      </form>
      {sheetFor && (
        <OtpSheet
          title={t('Verify your mobile number')}
          sentTo={`+91 ${sheetFor}`}
          send={() => otp.send(sheetFor)}
          verify={otp.verify}
          onClose={() => setSheetFor(null)}
        />
      )}
    </>
  );
}

export function PublicMobileScreen({ BorrowerForm }: { BorrowerForm: BorrowerFormComponent }) {
  const session = useGuestSession();
  return (
    <main className="page">
      <h1 className="page-title">{t('Apply for a loan')}</h1>
      {session.token && session.applicationId ? (
        <>
          <VisitorApplication id={session.applicationId} BorrowerForm={BorrowerForm} />
          <StartOver />
        </>
      ) : session.applicationId ? (
        // A token the queue found dead: with the application on this device the form stays and a bar above it
        // verifies the mobile again; without it, the mobile page as before.
        <HeldApplication id={session.applicationId} BorrowerForm={BorrowerForm} otherwise={<VerifyMobile again />} />
      ) : (
        <VerifyMobile again={false} />
      )}
    </main>
  );
}
