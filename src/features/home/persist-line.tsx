// On the home, while work waits to be sent and the browser refused to keep this app's data
// (navigator.storage.persist(), asked at every signed-in start: src/app/officer-runtime.tsx), the officer reads
// what that means for them and what protects the work. The sync center says the same with the storage figures.
import { Link } from '@tanstack/react-router';
import { MessageLine } from '../../components/ui/message-line';
import { NOT_PERSISTED_TEXT, useStorageState } from '../../lib/use-storage-state';
import { t } from '../../i18n';

export function PersistLine({ waiting }: { waiting: number }) {
  const { persisted } = useStorageState(waiting);
  if (persisted !== false || waiting === 0) return null;
  return (
    <MessageLine variant="warning" className="persist-line">
      {t(NOT_PERSISTED_TEXT)} <Link to="/sync">{t('Sync center')}</Link>
    </MessageLine>
  );
}
