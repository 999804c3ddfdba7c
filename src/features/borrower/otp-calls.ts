// The interactive checks that need the network: the borrower's mobile (validation OTP) and Aadhaar OTP.
import type { AadhaarOtpRequestAnswer, AadhaarOtpSubmitAnswer } from '../../../contracts/verification';
import { ApiFailure, softCall } from '../../api/http';
import type { OtpOutcome } from '../../components/ui/otp-sheet';
import { t } from '../../i18n';
import { resendMobileOtp, sendMobileOtp, verifyMobileOtp } from '../../api/validation/mobile-otp';

const failureText = (err: unknown) => (err instanceof ApiFailure ? err.message : t('Something went wrong!'));

/** What an OTP check waits for before its first send: null when it may go, else what to say (createAnswered). */
export type BeforeSend = () => Promise<string | null>;
const noWait: BeforeSend = async () => null;

/** Send, then resend on the same session: the sheet calls `send` for both. */
export function mobileOtpFlow(mobile: string, appId: string, before = noWait) {
  let sessionId: string | null = null;
  return {
    send: async (): Promise<OtpOutcome> => {
      try {
        const wait = sessionId ? null : await before();
        if (wait) return wait;
        if (sessionId) await resendMobileOtp(sessionId);
        else sessionId = (await sendMobileOtp(mobile, appId)).data.session_id;
        return null;
      } catch (err) {
        return failureText(err);
      }
    },
    verify: async (otp: string): Promise<{ ok: true } | { ok: false; message: string }> => {
      try {
        await verifyMobileOtp(sessionId ?? '', otp);
        return { ok: true };
      } catch (err) {
        return { ok: false, message: failureText(err) };
      }
    },
  };
}

export type AadhaarData = NonNullable<AadhaarOtpSubmitAnswer['data']>;
const statusOf = (a: { statusCode?: number; status_code?: number }) => a.statusCode ?? a.status_code ?? 0;

/** REQ-VER-4: 400 shows the server's message; 500 shows it and resets the dialog. */
export function aadhaarOtpFlow(aadhaar: string, appId: string, before = noWait) {
  let ref: { ref_id: string; origin: string } | null = null;
  const refusal = (a: { message?: string; statusCode?: number; status_code?: number }): OtpOutcome => {
    const message = a.message || t('Something went wrong!');

    return statusOf(a) >= 500 ? { message, reset: true } : message;
  };
  return {
    send: async (): Promise<OtpOutcome> => {
      const wait = ref ? null : await before();
      if (wait) return wait;
      const a = await softCall<AadhaarOtpRequestAnswer>('verification', '/v1/request_aadhaar_otp', {
        method: 'POST',
        body: { aadhaar, application_id: appId },
      });
      if (a.success !== false && a.data?.status === 'SUCCESS') {
        ref = { ref_id: a.data.ref_id, origin: a.data.origin };
        return null;
      }
      return refusal(a);
    },
    verify: async (otp: string): Promise<{ ok: true; data: AadhaarData } | { ok: false; outcome: OtpOutcome }> => {
      const a = await softCall<AadhaarOtpSubmitAnswer>('verification', '/v1/submit_aadhaar_otp', {
        method: 'POST',
        body: { ...(ref ?? { ref_id: '', origin: '' }), application_id: appId, otp },
      });
      if (a.success !== false && a.data) return { ok: true, data: a.data };
      return { ok: false, outcome: refusal(a) };
    },
  };
}
