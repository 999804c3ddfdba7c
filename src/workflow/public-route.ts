// Where a visitor's application continues, from its stage markers: the staff stage router of REQ-HOME-3 up to the
// business details, then the references (no bank account check and no field visit for a visitor), then the success page.
import { routeForStages } from './stage-router';
import { PUBLIC_FLOW, stagePath } from '../session/flow-context';
import type { RoutePath } from '../lib/route-path';

/** null: the borrower form is still to be filled (it is on the mobile page). */
export function visitorNextPath(stages: readonly string[]): RoutePath | null {
  if (stages.includes('REFERENCES')) return stagePath(PUBLIC_FLOW, 'success');
  if (stages.includes('BUSINESS_INFO') || stages.includes('BANK_ACCOUNT')) return stagePath(PUBLIC_FLOW, 'references');
  const route = routeForStages(stages);
  if (route.kind === 'stay') return null;
  return stagePath(PUBLIC_FLOW, route.kind === 'go' ? route.to : 'success');
}
