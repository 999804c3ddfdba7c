// The EMI start date of a disbursement date: the server's calculation (REQ-OFFER-1) when online, the same rule computed
// on the phone meanwhile and offline (contracts/loan-offer.ts emiStartDate), so the offer can be discussed anywhere.
import { useEffect, useState } from 'react';
import { disbursementDateIssue, emiStartDate } from '../../../contracts/loan-offer';
import { emiStartDateCall } from '../../api/loan-offer/emi-start-date';

export function useEmiStart(date: string, online: boolean, ask: boolean): string | null {
  const [server, setServer] = useState<{ date: string; start: string } | null>(null);
  useEffect(() => {
    if (!online || !ask || !emiStartDate(date) || disbursementDateIssue(date)) return;
    const ctl = new AbortController();
    emiStartDateCall(date, ctl.signal)
      .then((r) => setServer({ date, start: r.data.emi_start_date }))
      .catch(() => undefined);
    return () => ctl.abort();
  }, [date, online, ask]);
  return server?.date === date ? server.start : emiStartDate(date);
}
