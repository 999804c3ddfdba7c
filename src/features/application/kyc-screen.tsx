import { StagePlaceholder } from '../placeholder/stage-placeholder';

export function KycScreen() {
  return <StagePlaceholder title="Borrowers Info" />;
}
