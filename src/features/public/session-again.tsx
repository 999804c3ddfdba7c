import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { OtpSheet } from '../../components/ui/otp-sheet';
import { useApplication } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { useOnline } from '../../lib/use-online';
import { useSyncRuntime } from '../../sync/sync-runtime';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { GUEST_SESSION_ENDED } from './guest-session';
import { usePublicOtp } from './use-public-otp';
import { t } from '../../i18n';

/** The visitor's application is on this device but its guest token is gone: verify its mobile again, here. */
export function SessionAgain({ applicationId }: { applicationId: string }) {
  const db = useUserDb();
  const rt = useSyncRuntime();
  const online = useOnline();
  const row = useApplication(db, applicationId);
  const mobile = row?.data.phone;
  const [open, setOpen] = useState(false);
  const otp = usePublicOtp(() => {
    setOpen(false);
    void rt?.engine.resumeAfterSignIn();
  });

  if (row === undefined) return null;
  if (!mobile) {
    // Not on this device any more: the mobile page verifies it and finds the application.
    return (
      <aside className="session-again stack-tight" aria-label={t('Session ended')}>
        <MessageLine variant="warning">{t(GUEST_SESSION_ENDED)}</MessageLine>
        <Link to="/apply-loan/mobile" className="ui-btn ui-btn--default ui-btn--size-lg">
          {t('Verify mobile number')}
        </Link>
      </aside>
    );
  }
  return (
    <aside className="session-again stack-tight" aria-label={t('Session ended')}>
      <MessageLine variant="warning">{t(GUEST_SESSION_ENDED)}</MessageLine>
      <Button
        size="lg"
        disabled={!online}
        reason={t('You are offline. Verifying needs a network: connect and try again.')}
        onClick={() => {
          otp.reset();
          setOpen(true);
        }}
      >
        {t('Verify mobile number')}
      </Button>
      {open && (
        <OtpSheet
          title={t('Verify your mobile number')}
          sentTo={`+91 ${mobile}`}
          send={() => otp.send(mobile)}
          verify={otp.verify}
          onClose={() => setOpen(false)}
        />
      )}
    </aside>
  );
}
