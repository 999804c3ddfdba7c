// Where the statement analysis (CAM) of this application stands: waiting behind the business details, ready, or failed
// (REQ-BIZ-4: said, never blocking). Read from the phone's outbox, so details captured offline show it once landed.
import { BUSINESS_MSG } from '../../../contracts/business';
import { msg } from '../../../contracts/msg';
import { MessageLine } from '../../components/ui/message-line';
import { useOutboxOps } from '../../db/hooks';
import type { UserDb } from '../../db/user-db';
import { t } from '../../i18n';
import { CAM_KIND, camUrlOf } from './business-step';

export const CAM_WAITING = msg('Statement analysis (CAM) runs once the business details reach the lender.');
export const CAM_READY = msg('Statement analysis (CAM) is ready.');

export function CamOutcome({ db, appId }: { db: UserDb | null; appId: string }) {
  const op = useOutboxOps(db)
    .filter((o) => o.appId === appId && o.kind === CAM_KIND)
    .at(-1);
  // Held behind a refused business step: that refusal is what the officer acts on, not the analysis.
  if (!op || op.blockedBy) return null;
  if (op.state === 'queued' || op.state === 'sending') return <MessageLine variant="info">{t(CAM_WAITING)}</MessageLine>;
  const url = op.state === 'done' ? camUrlOf(op.result) : null;
  if (!url) return <MessageLine variant="error">{t(BUSINESS_MSG.camFailed)}</MessageLine>;
  return (
    <MessageLine variant="success">
      {t(CAM_READY)}{' '}
      <a href={url} target="_blank" rel="noopener noreferrer">
        {t('Open the CAM')}
      </a>
    </MessageLine>
  );
}
