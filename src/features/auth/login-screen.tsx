import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { safeParse } from 'valibot';
import { LoginMobileForm, LoginOtpForm } from '../../../contracts/auth';
import { msg } from '../../../contracts/msg';
import { MSG } from '../../../contracts/messages';
import { RESEND_COUNTDOWN_S } from '../../../contracts/patterns';
import type { TenantConfig } from '../../../contracts/tenant';
import { resendOtp } from '../../api/auth/resend-otp';
import { sendOtp } from '../../api/auth/send-otp';
import { verifyOtp } from '../../api/auth/verify-otp';
import { setToken } from '../../api/credentials';
import { ApiFailure } from '../../api/http';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { MessageLine } from '../../components/ui/message-line';
import { t } from '../../i18n';
import { toast } from '../../lib/toast';
import { useCountdown } from '../../lib/use-countdown';

/** Ours: 'Get OTP' with no network must say why nothing happens. */
export const OFFLINE_OTP = msg('You are offline. Connect to the internet to get an OTP.');

/** REQ-AUTH-3 login: mobile step, OTP step with a 30 s resend countdown. */
export function LoginScreen({ tenant }: { tenant: TenantConfig | null }) {
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [otp, setOtp] = useState('');
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [seconds, startCountdown] = useCountdown();
  const [info, setInfo] = useState('');
  // The focus follows the step (OTP after 'Get OTP', mobile after 'Change Number'), never lost to the body.
  const mobileRef = useRef<HTMLInputElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    (sessionId ? otpRef : mobileRef).current?.focus();
  }, [sessionId]);

  async function onSend(e: React.FormEvent) {
    e.preventDefault();
    const parsed = safeParse(LoginMobileForm, { mobile });
    if (!parsed.success) {
      mobileRef.current?.focus();
      return setError(MSG.invalidMobile);
    }
    if (!navigator.onLine) return setError(OFFLINE_OTP);
    setError('');
    setBusy(true);
    try {
      const res = await sendOtp({ mobile: parsed.output.mobile, hostname: window.location.hostname });
      moved.current = true;
      setSessionId(res.data.session_id);
      startCountdown(RESEND_COUNTDOWN_S);
    } catch (err) {
      // REQ-AUTH-6: a 400 stays on mobile entry with the server's message; other failures are logged only.
      if (err instanceof ApiFailure && err.status === 400) toast.error(t(err.message));
      else if (err instanceof ApiFailure && err.status === 0) setError(OFFLINE_OTP);
      else console.warn('send OTP failed', err instanceof ApiFailure ? err.status : 'unknown');
    } finally {
      setBusy(false);
    }
  }

  async function onResend() {
    if (!sessionId || seconds > 0) return;
    startCountdown(RESEND_COUNTDOWN_S);
    try {
      const res = await resendOtp(sessionId);
      toast.success(t(res.message));
      setInfo(res.message);
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 400) setSessionId(null);
      else console.warn('resend OTP failed', err);
    }
  }

  async function onVerify(e: React.FormEvent) {
    e.preventDefault();
    const parsed = safeParse(LoginOtpForm, { otp });
    if (!parsed.success || !sessionId) {
      otpRef.current?.focus();
      return setError(MSG.invalidOtp);
    }
    setError('');
    setBusy(true);
    try {
      const res = await verifyOtp(sessionId, parsed.output.otp);
      setToken(res.data.token);
      await navigate({ to: '/', replace: true });
    } catch (err) {
      setOtp('');
      const msg =
        err instanceof ApiFailure && err.status >= 400 && err.status < 500
          ? err.status === 429
            ? err.message
            : MSG.invalidOtpRetry
          : MSG.verifyOtpFailed;
      setError(msg);
      toast.error(t(msg));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login">
      {tenant && <img className="login-logo" src={tenant.logo_url} alt={tenant.name} />}
      <h1>{t('Welcome Back')}</h1>
      {!sessionId ? (
        <form onSubmit={onSend} noValidate>
          <p className="muted">{t('Sign in with your mobile number')}</p>
          <label className="field">
            <span className="prefix">+91</span>
            <input
              ref={mobileRef}
              aria-label={t('Mobile number')}
              inputMode="numeric"
              maxLength={10}
              placeholder={t('Enter 10-digit mobile number')}
              value={mobile}
              onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'login-error' : undefined}
            />
          </label>
          {error && (
            <MessageLine id="login-error" variant="error">
              {t(error)}
            </MessageLine>
          )}
          <button className="btn" type="submit" disabled={busy}>
            {busy ? t('Sending OTP...') : t('Get OTP')}
          </button>
        </form>
      ) : (
        <form onSubmit={onVerify} noValidate>
          <p className="muted">{t('Enter the OTP sent to your mobile')}</p>
          <label className="field">
            <input
              ref={otpRef}
              aria-label={t('OTP')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('6-digit OTP')}
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'login-error' : undefined}
            />
          </label>
          {error && (
            <MessageLine id="login-error" variant="error">
              {t(error)}
            </MessageLine>
          )}
          {info && (
            <p role="status" className="success">
              {t(info)}
            </p>
          )}
          <div className="row">
            {seconds > 0 ? (
              <span className="muted">{t('Resend OTP in {seconds}s', { seconds })}</span>
            ) : (
              <button type="button" className="btn-link" onClick={onResend}>
                {t('Resend OTP')}
              </button>
            )}
            <button
              type="button"
              className="btn-link"
              onClick={() => {
                setSessionId(null);
                setOtp('');
                setError('');
              }}
            >
              {t('Change Number')}
            </button>
          </div>
          <button className="btn" type="submit" disabled={busy}>
            {busy ? t('Verifying...') : t('Verify OTP')}
          </button>
        </form>
      )}
      <footer className="login-footer">
        <LanguageSwitch />
        <a href={tenant?.terms_url ?? '/terms.html'}>{t('Terms of Service')}</a> ·{' '}
        <a href={tenant?.privacy_url ?? '/privacy.html'}>{t('Privacy Policy')}</a>
        <p>
          {t("Don't have an account?")} <a href={tenant?.contact_url ?? '/contact.html'}>{t('contact us')}</a>
        </p>
      </footer>
    </main>
  );
}
