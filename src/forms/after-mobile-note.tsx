// Capture goes on before the borrower's mobile OTP: a step screen of an application whose borrower form has not gone in
// (the OTP needs the network and the borrower's phone) says plainly that what is saved waits on this phone until then.
import { useLiveQuery } from 'dexie-react-hooks';
import { msg } from '../../contracts/msg';
import { MessageLine } from '../components/ui/message-line';
import { useUserDb } from '../db/user-db-context';
import { t } from '../i18n';
import { waitsForBorrower } from '../sync/borrower-gate';

export const AFTER_MOBILE_NOTE = msg(
  "The borrower's mobile number is not verified yet. You can fill in and save this step now: it stays on this phone and is sent after the borrower's mobile is verified and the borrower form is submitted.",
);

export function AfterMobileNote({ appId }: { appId: string | undefined }) {
  const db = useUserDb();
  const waits = useLiveQuery(async () => (db && appId ? waitsForBorrower(db, appId) : false), [db, appId], false);
  return waits ? <MessageLine variant="info">{t(AFTER_MOBILE_NOTE)}</MessageLine> : null;
}
