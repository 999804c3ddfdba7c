// The features' write-backs of server answers, by op kind, passed into the sync engine's onResult. Each module loads
// when an op of its kind is answered, not in the first download (the service worker has them precached).
import { LAZY_KINDS } from '../sync/op-kinds';
import type { LazyResultHandler, ResultHandlerMap, ResultHandlers } from '../sync/result-handlers';

const lazy =
  (load: () => Promise<ResultHandlers>) =>
  (kind: string): LazyResultHandler => ({ load: () => load().then((m) => m[kind]) });
const verification = lazy(() => import('../ops/verification-ops').then((m) => m.VERIFICATION_RESULT_HANDLERS));
const coApplicants = lazy(() => import('../ops/co-applicant-ops').then((m) => m.CO_APPLICANT_RESULT_HANDLERS));
const family = lazy(() => import('../ops/family-ops').then((m) => m.FAMILY_RESULT_HANDLERS));
const business = lazy(() => import('../features/business/business-step').then((m) => m.CAM_RESULT_HANDLERS));

export const APP_RESULT_HANDLERS: ResultHandlerMap = {
  [LAZY_KINDS.verifyPan]: verification(LAZY_KINDS.verifyPan),
  [LAZY_KINDS.verifyVoter]: verification(LAZY_KINDS.verifyVoter),
  [LAZY_KINDS.verifyBank]: verification(LAZY_KINDS.verifyBank),
  [LAZY_KINDS.coApplicantSave]: coApplicants(LAZY_KINDS.coApplicantSave),
  [LAZY_KINDS.familySave]: family(LAZY_KINDS.familySave),
  [LAZY_KINDS.statementAnalysis]: business(LAZY_KINDS.statementAnalysis),
};
