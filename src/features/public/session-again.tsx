// Platform §8 for the visitor (issue 19): the queue met a 401 and removed the dead guest token. The page the visitor is
// on stays as it is (what they typed, an open sheet); this bar says so and verifies the same mobile again in a sheet,
// after which the paused queue sends what was saved, once.
import { MSG } from '../../../contracts/messages';
import { ApiFailure } from '../../api/http';
import { resendPublicOtp, sendPublicOtp, verifyPublicOtp } from '../../api/public/public-otp';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { type OtpOutcome, OtpSheet } from '../../components/ui/otp-sheet';
import { useApplication } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { useOnline } from '../../lib/use-online';
import { useSyncRuntime } from '../../sync/sync-runtime';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { GUEST_SESSION_ENDED, startGuestSession } from './guest-session';

const failureText = (err: unknown) => (err instanceof ApiFailure && err.status !== 0 ? err.message : MSG.somethingWentWrong);

/** The visitor's application is on this device but its guest token is gone: verify its mobile again, here. */
export function SessionAgain({ applicationId }: { applicationId: string }) {
  const db = useUserDb();
  const rt = useSyncRuntime();
  const online = useOnline();
  const row = useApplication(db, applicationId);
  const mobile = row?.data.phone;
  const [open, setOpen] = useState(false);
  const session = useRef<string | null>(null);

  const send = async (): Promise<OtpOutcome> => {
    try {
      if (session.current) await resendPublicOtp(session.current);
      else session.current = (await sendPublicOtp(mobile ?? '')).data.session_id;
      return null;
    } catch (err) {
      return failureText(err);
    }
  };
  const verify = async (otp: string): Promise<OtpOutcome> => {
    try {
      const { data } = await verifyPublicOtp(session.current ?? '', otp);
      startGuestSession(data.token, data.application_id);
      setOpen(false);
      void rt?.engine.resumeAfterSignIn();
      return null;
    } catch (err) {
      return err instanceof ApiFailure && err.status === 400 ? MSG.invalidOtpRetry : failureText(err);
    }
  };

  if (row === undefined) return null;
  if (!mobile) {
    // Not on this device any more: the mobile page verifies it and finds the application.
    return (
      <aside className="session-again stack-tight" aria-label="Session ended">
        <MessageLine variant="warning">{GUEST_SESSION_ENDED}</MessageLine>
        <Link to="/apply-loan/mobile" className="ui-btn ui-btn--default ui-btn--size-lg">Verify mobile number</Link>
      </aside>
    );
  }
  return (
    <aside className="session-again stack-tight" aria-label="Session ended">
      <MessageLine variant="warning">{GUEST_SESSION_ENDED}</MessageLine>
      <Button size="lg" disabled={!online} reason="You are offline. Verifying needs a network: connect and try again." onClick={() => {
        session.current = null;
        setOpen(true);
      }}>Verify mobile number</Button>
      {open && <OtpSheet title="Verify your mobile number" sentTo={`+91 ${mobile}`} send={send} verify={verify} onClose={() => setOpen(false)} />}
    </aside>
  );
}
