// /apply-loan/success: the External Loan Id to track the visitor's application; once everything has reached the lender,
// nothing of the application stays in this browser.
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication, useOutboxCounts } from '../../db/hooks';
import { clearPersonalData } from '../../db/records';
import { useUserDb } from '../../db/user-db-context';
import { guestSession, lastTrackerId, rememberTrackerId } from './guest-session';
import { t } from '../../i18n';

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
  // The id stays in its own element wherever the language puts it in the sentence.
  const [before, after] = t('Your External Loan Id is {id}. Keep it to track your application.', { id: '\u0000' }).split('\u0000');
  return (
    <main className="page">
      <h1 className="page-title">{t('Application submitted')}</h1>
      {sent ? (
        <MessageLine variant="success">
          {t(
            'Thank you. Your application has reached us; our officer will call you for the next steps. Nothing of it is kept in this browser.',
          )}
        </MessageLine>
      ) : (
        <MessageLine variant="info">
          {t('Your application is saved on this device and is being sent. Keep this page open, or come back when you are online.')}
        </MessageLine>
      )}
      {trackerId && (
        <section className="stack" aria-label={t('External Loan Id')}>
          <p>
            {before}
            <strong className="tracker-id">{trackerId}</strong>
            {after}
          </p>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              void navigator.clipboard?.writeText(trackerId).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? t('Copied') : t('Copy External Loan Id')}
          </Button>
          <Link to="/apply-loan/track" search={{ tracker_id: trackerId }} className="ui-btn ui-btn--default ui-btn--size-lg">
            {t('Track your application')}
          </Link>
        </section>
      )}
    </main>
  );
}
