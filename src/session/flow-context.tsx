// REQ-PUB-1 "The public flow is the same under /apply-loan/": the staff step screens ask this context where a stage
// lives and whether the one filling the form owns the application, so they serve officers and visitors alike.
import { createContext, type ReactNode, useContext } from 'react';
import { productRoleOf } from '../../contracts/roles';
import { useProfile } from './profile-store';

export type Flow = { base: '/application' | '/apply-loan'; visitor: boolean };

export const STAFF_FLOW: Flow = { base: '/application', visitor: false };
export const PUBLIC_FLOW: Flow = { base: '/apply-loan', visitor: true };

/** The stages of an application, each a route under /application/ (and, for a visitor, under /apply-loan/). */
export type Stage =
  | 'mobile'
  | 'business'
  | 'employment'
  | 'family-details'
  | 'family-detail-form'
  | 'bank-account-details'
  | 'personal-discussion'
  | 'cpv-info'
  | 'complete-application'
  | 'loan-offer'
  | 'kyc'
  | 'co-applicants'
  | 'co-applicant-details'
  | 'references'
  | 'reference-details'
  | 'success'
  | 'success/loan-offers'
  | 'final-submit'
  | 'rejection';

/**
 * Staff-only stages (the server answers a guest 403 there) and where a visitor goes instead: after business details the
 * visitor adds references (no bank account check, no field visit), and the references lead to the success page.
 */
export const PUBLIC_STAGE_FOR = {
  'bank-account-details': 'references',
  'cpv-info': 'success',
  'personal-discussion': 'success',
  'complete-application': 'success',
  'loan-offer': 'success',
  'success/loan-offers': 'success',
  'final-submit': 'success',
} as const satisfies Partial<Record<Stage, Stage>>;

type PublicStage<S extends Stage> = S extends keyof typeof PUBLIC_STAGE_FOR ? (typeof PUBLIC_STAGE_FOR)[S] : S;
/** A stage by its name or by its path in either flow. */
export type StageRef = Stage | `/application/${Stage}` | `/apply-loan/${Stage}`;
type StageOf<R extends StageRef> = R extends `/${'application' | 'apply-loan'}/${infer S extends Stage}` ? S : R & Stage;
/** Where a stage lives: its staff path or, for a visitor, its public one (both routes of the router). */
export type StagePath<R extends StageRef = StageRef> = `/application/${StageOf<R>}` | `/apply-loan/${PublicStage<StageOf<R>>}`;

/** The path of a stage in a flow: '/application/kyc' for staff, '/apply-loan/kyc' for a visitor. */
export function stagePath<R extends StageRef>(flow: Flow, stage: R): StagePath<R> {
  const name = stage.replace(/^\/?(application|apply-loan)\//, '') as Stage;
  const publicName: Stage = (PUBLIC_STAGE_FOR as Partial<Record<Stage, Stage>>)[name] ?? name;
  return `${flow.base}/${flow.visitor ? publicName : name}` as StagePath<R>;
}

/** The flow a stage path belongs to. */
export const flowOfPath = (path: string): Flow => (path.startsWith('/apply-loan/') ? PUBLIC_FLOW : STAFF_FLOW);

const FlowContext = createContext<Flow>(STAFF_FLOW);

export function FlowProvider({ flow, children }: { flow: Flow; children?: ReactNode }) {
  return <FlowContext.Provider value={flow}>{children}</FlowContext.Provider>;
}

export const useFlow = () => useContext(FlowContext);

/** `to('kyc')` → the stage's path in the current flow (a full staff path is translated too). */
export function useStagePath(): <R extends StageRef>(stage: R) => StagePath<R> {
  const flow = useFlow();
  return (stage) => stagePath(flow, stage);
}

/** The initiating officer, or the visitor on their own application: the one who fills and owns the steps. */
export function useOwnsSteps(): boolean {
  const flow = useFlow();
  const profile = useProfile();
  return flow.visitor || productRoleOf(profile.role, profile.mfi_employee?.designation) === 'INITIATING_OFFICER';
}
