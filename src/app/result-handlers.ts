// The features' write-backs of server answers, by op kind, passed into the sync engine's onResult. Each module loads
// when an op of its kind is answered, not in the first download (the service worker has them precached).
import { OP_CATALOGUE } from '../sync/op-catalogue';
import type { LazyResultHandler, ResultHandlerMap, ResultHandlers } from '../sync/result-handlers';

const lazy =
  (load: () => Promise<ResultHandlers>) =>
  (kind: string): LazyResultHandler => ({ load: () => load().then((m) => m[kind]) });
const verification = lazy(() => import('../ops/verification-ops').then((m) => m.VERIFICATION_RESULT_HANDLERS));
const coApplicants = lazy(() => import('../ops/co-applicant-ops').then((m) => m.CO_APPLICANT_RESULT_HANDLERS));
const family = lazy(() => import('../ops/family-ops').then((m) => m.FAMILY_RESULT_HANDLERS));
const business = lazy(() => import('../features/business/business-step').then((m) => m.CAM_RESULT_HANDLERS));

export const APP_RESULT_HANDLERS: ResultHandlerMap = {
  [OP_CATALOGUE.verifyPan.kind]: verification(OP_CATALOGUE.verifyPan.kind),
  [OP_CATALOGUE.verifyVoter.kind]: verification(OP_CATALOGUE.verifyVoter.kind),
  [OP_CATALOGUE.verifyBank.kind]: verification(OP_CATALOGUE.verifyBank.kind),
  [OP_CATALOGUE.coApplicantSave.kind]: coApplicants(OP_CATALOGUE.coApplicantSave.kind),
  [OP_CATALOGUE.familySave.kind]: family(OP_CATALOGUE.familySave.kind),
  [OP_CATALOGUE.statementAnalysis.kind]: business(OP_CATALOGUE.statementAnalysis.kind),
};
