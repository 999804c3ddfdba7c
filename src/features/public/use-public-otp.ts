// The visitor's mobile OTP (REQ-PUB-1, REQ-API-3): send, resend within the same session, verify into a guest
// session. Used by the mobile page and by the bar that verifies again after the queue found the guest token dead.
import { useRef } from 'react';
import { MSG } from '../../../contracts/messages';
import { ApiFailure } from '../../api/http';
import { resendPublicOtp, sendPublicOtp, verifyPublicOtp } from '../../api/public/public-otp';
import type { OtpOutcome } from '../../components/ui/otp-sheet';
import { startGuestSession } from './guest-session';

const failureText = (err: unknown) => (err instanceof ApiFailure && err.status !== 0 ? err.message : MSG.somethingWentWrong);

/** `onVerified` runs once the guest session has started with the answer's token and application. */
export function usePublicOtp(onVerified: (applicationId: string) => Promise<void> | void) {
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
      await onVerified(data.application_id);
      return null;
    } catch (err) {
      return err instanceof ApiFailure && err.status === 400 ? MSG.invalidOtpRetry : failureText(err);
    }
  };
  /** A new mobile typed: the next send starts a new OTP session. */
  const reset = () => {
    session.current = null;
  };
  return { send, verify, reset };
}
