// A borrower met with no network. Said at 'Create Application', before anything is typed: what needs
// the network (the mobile OTP, and with it the borrower submit: REQ-BORR-6's gate) and what does not (the rest of the
// borrower form and its queued checks, kept as a draft).
import { MessageLine } from '../../components/ui/message-line';
import { useOnline } from '../../lib/use-online';

export const NO_NETWORK_TEXT =
  'No network: you can start the application, fill in the borrower details and queue the PAN and voter ID checks. ' +
  "The mobile number is verified by OTP, which needs the network and the borrower's phone: Submit, and the steps after it, wait for that.";

export function NoNetworkNote() {
  return useOnline() ? null : <MessageLine variant="warning">{NO_NETWORK_TEXT}</MessageLine>;
}
