// REQ-HOME-3: where an application found by mobile or id continues.
import type { Stage } from '../../contracts/stages';
import { VERIFY_MSG } from '../../contracts/verification';

export type StageRoute =
  | { kind: 'stay' }
  | { kind: 'go'; to: 'kyc' | 'co-applicants' | 'family-details' | 'bank-account-details' | 'cpv-info' | 'references' }
  | { kind: 'message'; message: typeof VERIFY_MSG.fillCpv; link: 'cpv-info' }
  | { kind: 'none'; message: typeof VERIFY_MSG.noIncomplete };

const NONE: StageRoute = { kind: 'none', message: VERIFY_MSG.noIncomplete };

/**
 * The furthest marker decides. Reading of the table (docs/decisions.md): "CPV done" is the business place
 * visit; a residence visit without it is the "some combinations" row; REFERENCES (nothing left) and
 * markers we do not know are "otherwise".
 */
export function routeForStages(stages: readonly string[]): StageRoute {
  const has = (s: Stage) => stages.includes(s);
  if (stages.length === 0) return { kind: 'stay' };
  if (has('REFERENCES')) return NONE;
  if (has('CPV_BUSINESS_PLACE')) return { kind: 'go', to: 'references' };
  if (has('CPV_RESIDENCE')) return { kind: 'message', message: VERIFY_MSG.fillCpv, link: 'cpv-info' };
  if (has('BANK_ACCOUNT')) return { kind: 'go', to: 'cpv-info' };
  if (has('BUSINESS_INFO')) return { kind: 'go', to: 'bank-account-details' };
  if (has('FAMILY_MEMBER')) return { kind: 'go', to: 'family-details' };
  if (has('BORROWER_BASIC_INFO') || has('CO_BORROWER') || has('GUARANTOR')) return { kind: 'go', to: 'co-applicants' };
  if (has('BORROWER_INFO')) return { kind: 'go', to: 'kyc' };
  return NONE;
}
