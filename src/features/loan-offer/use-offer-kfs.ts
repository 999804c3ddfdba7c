// The KFS the borrower is shown: built on the phone (contracts/kfs.ts) from the terms on the screen and the lender's part
// of the last KFS the server sent (kept on the phone by offer-cache.ts, so it is there offline), exactly as the server
// builds it; the hash is what the accept names.
import { useEffect, useState } from 'react';
import { buildKfs, type Kfs, kfsTermsOf, termsFor } from '../../../contracts/kfs';
import type { KfsTerms } from '../../../contracts/kfs-schedule';
import { indiaToday, type LoanOffer } from '../../../contracts/loan-offer';
import type { LoanType } from '../../../contracts/products';
import type { ApplicationKfs } from '../../api/kfs/get-application-kfs';

const sameTerms = (a: KfsTerms, b: KfsTerms) => (Object.keys(a) as (keyof KfsTerms)[]).every((k) => a[k] === b[k]);

export function useOfferKfs(a: {
  appId: string;
  loanType: LoanType;
  offer?: LoanOffer;
  server?: ApplicationKfs;
  amount: number;
  tenure: number;
  date: string;
}) {
  const [kfs, setKfs] = useState<Kfs | null>(null);
  const { appId, loanType, offer, server, amount, tenure, date } = a;
  useEffect(() => {
    if (!offer || !server) return setKfs(null);
    const terms = termsFor(loanType, amount, tenure, date);
    // Unchanged terms keep the offer's issue date; changed ones are a new KFS issued today (the server dates it alike).
    const issuedOn = sameTerms(terms, kfsTermsOf(offer)) && offer.kfs_issued_on ? offer.kfs_issued_on : indiaToday(new Date());
    let live = true;
    buildKfs({ appId, loanType, terms, lender: server.lender, issuedOn }).then((k) => live && setKfs(k));
    return () => {
      live = false;
    };
  }, [appId, loanType, offer, server, amount, tenure, date]);
  return kfs;
}
