// A borrower met with no network. Said at 'Create Application', before anything is typed: what needs
// the network (the mobile OTP, and with it the borrower submit: REQ-BORR-6's gate) and what does not (the rest of the
// borrower form and its queued checks, kept as a draft, and the steps after it, queued behind the borrower submit).
import { msg } from '../../../contracts/msg';
import { MessageLine } from '../../components/ui/message-line';
import { t } from '../../i18n';
import { useOnline } from '../../lib/use-online';

export const NO_NETWORK_TEXT = msg(
  "No network: you can start the application, fill in the borrower details and queue the PAN and voter ID checks. The mobile number is verified by OTP, which needs the network and the borrower's phone: Submit waits for that. The next steps (KYC, co-applicants, family, business, bank) can be filled in now and are sent after it.",
);

export function NoNetworkNote() {
  return useOnline() ? null : <MessageLine variant="warning">{t(NO_NETWORK_TEXT)}</MessageLine>;
}
