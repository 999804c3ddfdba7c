// The end of the officer's first stage: once the bank account is in, the application is the verification
// role's to visit; the officer lands here (the stage router, REQ-HOME-3, goes from the bank account to cpv-info,
// whose form is not theirs) and reads that the stage is complete and who takes it next, and what still holds it.
import { Link } from '@tanstack/react-router';
import { CPV_MSG } from '../../../contracts/cpv';
import { MessageLine } from '../../components/ui/message-line';
import { DeviationsPanel } from '../../review/deviations-panel';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';

export const HANDED_OVER_MSG = {
  title: msg('First stage complete'),
  done: msg(
    'The first stage is complete and handed over to the verification role (branch manager) for the business place and residence visits.',
  ),
} as const;

export function HandedOver({ appId, trackerId, waiting }: { appId: string; trackerId?: string; waiting: number }) {
  return (
    <section className="stack" aria-label={t(HANDED_OVER_MSG.title)}>
      <h3>{t(HANDED_OVER_MSG.title)}</h3>
      <MessageLine variant="success">{t(HANDED_OVER_MSG.done)}</MessageLine>
      {trackerId && (
        <p>
          {t('External Loan Id:')} <strong>{trackerId}</strong>
        </p>
      )}
      {waiting > 0 && (
        <MessageLine variant="error">
          {t('{reason}: {count} waiting. The visits start once the review role (branch credit manager) approves them.', {
            reason: t(CPV_MSG.unapprovedDeviations),
            count: waiting,
          })}
        </MessageLine>
      )}
      <DeviationsPanel appId={appId} />
      <Link to="/applications" className="ui-btn ui-btn--default ui-btn--size-lg">
        {t('Applications')}
      </Link>
      <Link to="/" className="ui-btn ui-btn--outline ui-btn--size-lg">
        {t('Back to home')}
      </Link>
    </section>
  );
}
