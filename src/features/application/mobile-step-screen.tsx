import { StagePlaceholder } from '../placeholder/stage-placeholder';

export function MobileStepScreen() {
  return <StagePlaceholder title="Borrower information" />;
}
