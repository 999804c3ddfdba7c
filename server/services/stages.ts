import type { Stage } from '../../contracts/stages';

/** REQ-HOME-3: stage markers accumulate in the order they were first reached; adding one twice changes nothing. */
export function addStage(stages: readonly string[], stage: Stage): string[] {
  return stages.includes(stage) ? [...stages] : [...stages, stage];
}
