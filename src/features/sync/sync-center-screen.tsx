import { StagePlaceholder } from '../placeholder/stage-placeholder';

export function SyncCenterScreen() {
  return <StagePlaceholder title="Sync" />;
}
