// Test fixtures for the KFS: the statement the phone shows for MFI terms (built on its own from the contract and the
// tenant's lender part, as src/features/loan-offer/use-offer-kfs.ts does) and the acceptance it sends with an accept.
import { buildKfs, type Kfs, termsFor } from '../contracts/kfs';
import { indiaToday } from '../contracts/loan-offer';
import { lenderOf } from './services/kfs';

export const ACCEPTED_AT = { latitude: 18.52, longitude: 73.86, accuracy: 10 };

export async function phoneKfs(appId: string, amount: number, tenure: number, date: string, tenantId = 'sahayog'): Promise<Kfs> {
  const terms = termsFor('MFI_BUSINESS_LOAN', amount, tenure, date);
  return (await buildKfs({ appId, loanType: 'MFI_BUSINESS_LOAN', terms, lender: lenderOf(tenantId), issuedOn: indiaToday(new Date()) }))!;
}

export const acceptanceOf = (k: Pick<Kfs, 'proposal_number' | 'version' | 'hash'>) => ({
  proposal_number: k.proposal_number,
  version: k.version,
  hash: k.hash,
  accepted_at: new Date().toISOString(),
  geo_tag: ACCEPTED_AT,
});
