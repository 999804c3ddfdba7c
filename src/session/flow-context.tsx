// REQ-PUB-1 "The public flow is the same under /apply-loan/": the staff step screens ask this context where a stage
// lives and whether the one filling the form owns the application, so they serve officers and visitors alike.
import { createContext, type ReactNode, useContext } from 'react';
import { productRoleOf } from '../../contracts/roles';
import { useProfile } from './profile-store';

export type Flow = { base: '/application' | '/apply-loan'; visitor: boolean };

export const STAFF_FLOW: Flow = { base: '/application', visitor: false };
export const PUBLIC_FLOW: Flow = { base: '/apply-loan', visitor: true };

/**
 * Staff-only stages (the server answers a guest 403 there) and where a visitor goes instead: after business details the
 * visitor adds references (no bank account check, no field visit), and the references lead to the success page.
 */
export const PUBLIC_STAGE_FOR: Readonly<Record<string, string>> = {
  'bank-account-details': 'references',
  'cpv-info': 'success',
  'personal-discussion': 'success',
  'complete-application': 'success',
  'loan-offer': 'success',
  'success/loan-offers': 'success',
  'final-submit': 'success',
};

/** The path of a stage in a flow: '/application/kyc' for staff, '/apply-loan/kyc' for a visitor. */
export function stagePath(flow: Flow, stage: string): string {
  const name = stage.replace(/^\/?(application|apply-loan)\//, '');
  return `${flow.base}/${flow.visitor ? (PUBLIC_STAGE_FOR[name] ?? name) : name}`;
}

/** The flow a stage path belongs to. */
export const flowOfPath = (path: string): Flow => (path.startsWith('/apply-loan/') ? PUBLIC_FLOW : STAFF_FLOW);

const FlowContext = createContext<Flow>(STAFF_FLOW);

export function FlowProvider({ flow, children }: { flow: Flow; children?: ReactNode }) {
  return <FlowContext.Provider value={flow}>{children}</FlowContext.Provider>;
}

export const useFlow = () => useContext(FlowContext);

/** `to('kyc')` → the stage's path in the current flow (a full staff path is translated too). */
export function useStagePath(): (stage: string) => string {
  const flow = useFlow();
  return (stage) => stagePath(flow, stage);
}

/** The initiating officer, or the visitor on their own application: the one who fills and owns the steps. */
export function useOwnsSteps(): boolean {
  const flow = useFlow();
  const profile = useProfile();
  return flow.visitor || productRoleOf(profile.role, profile.mfi_employee?.designation) === 'INITIATING_OFFICER';
}
