// The OTP modal of REQ-VER-4 (borrower mobile, Aadhaar): send on open, 6 digits, resend after a 30 s countdown.
import { useEffect, useRef, useState } from 'react';
import { MSG } from '../../../contracts/messages';
import { OTP_LENGTH, OTP_PATTERN, RESEND_COUNTDOWN_S } from '../../../contracts/patterns';
import { BottomSheet } from './bottom-sheet';
import { Button } from './button';
import { FloatingInput } from './floating-input';
import { MessageLine } from './message-line';
import { toast } from '../../lib/toast';
import { useCountdown } from '../../lib/use-countdown';
import { t } from '../../i18n';

/**
 * `send` and `verify` resolve to null when they worked, else the message to show. `reset` (REQ-VER-4: Aadhaar OTP
 * answered 500) shows the message and puts the dialog back to its start: no OTP typed, nothing counted as sent, and
 * 'Resend OTP' at once, which asks for a new OTP. The sheet stays open: closing it left the officer with no word.
 */
export type OtpOutcome = null | string | { message: string; reset: true };

type Props = {
  title: string;
  sentTo: string;
  send: () => Promise<OtpOutcome>;
  verify: (otp: string) => Promise<OtpOutcome>;
  onClose: () => void;
};

export function OtpSheet({ title, sentTo, send, verify, onClose }: Props) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'send' | 'verify' | null>('send');
  const [sent, setSent] = useState(false);
  const [left, startCountdown] = useCountdown();
  const started = useRef(false);

  const apply = (outcome: OtpOutcome) => {
    if (outcome === null) return true;
    // REQ-API-3: a failed call shows an error toast with the server's message; the sheet says it too, where typed.
    const message = typeof outcome === 'object' ? outcome.message : outcome;
    toast.error(message);
    setError(message);
    if (typeof outcome === 'object') {
      setOtp('');
      setSent(false);
      startCountdown(0);
    }
    return false;
  };

  const doSend = async () => {
    setBusy('send');
    setError('');
    const outcome = await send();
    setBusy(null);
    if (apply(outcome)) {
      setSent(true);
      startCountdown(RESEND_COUNTDOWN_S);
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void doSend();
  });

  const onVerify = async () => {
    if (!OTP_PATTERN.test(otp)) return setError(MSG.invalidOtp);
    setBusy('verify');
    setError('');
    const outcome = await verify(otp);
    setBusy(null);
    if (outcome !== null) setOtp('');
    apply(outcome);
  };

  return (
    <BottomSheet open title={title} onClose={onClose}>
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          void onVerify();
        }}
      >
        <p className="muted">{sent ? t('Enter the OTP sent to {to}', { to: sentTo }) : t('Sending OTP to {to}...', { to: sentTo })}</p>
        <FloatingInput
          label="OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={otp}
          autoFocus
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          error={error || undefined}
        />
        <div className="row">
          {left > 0 ? (
            <span className="muted small">{t('Resend OTP in {seconds}s', { seconds: left })}</span>
          ) : (
            <Button type="button" variant="link" size="link" disabled={busy !== null} onClick={() => void doSend()}>
              {t('Resend OTP')}
            </Button>
          )}
        </div>
        {!sent && busy === null && error && <MessageLine variant="error">{error}</MessageLine>}
        <Button type="submit" size="lg" busy={busy === 'verify'} busyText={t('Verifying...')} disabled={!sent || busy !== null}>
          {t('Verify OTP')}
        </Button>
      </form>
    </BottomSheet>
  );
}
