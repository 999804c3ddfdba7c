// "Needs you" items for server changes the phone's queued work cannot go on top of (src/db/feed-conflicts.ts): the
// application left the officer's work, or was decided meanwhile. What was typed stays queued; the item says why it
// waits and leads to the sync center, where it can be retried or discarded. It clears once nothing of it is queued.
import type { FeedConflicts } from '../db/feed-conflicts';
import type { OutboxOp } from '../db/types';
import { t } from '../i18n';
import type { NeedsYouItem } from './needs-you';

/** `whoById`: the borrower's name and mobile of each application, as the list says it. */
export function conflictItems(
  conflicts: FeedConflicts | undefined,
  ops: readonly OutboxOp[],
  whoById: ReadonlyMap<string, string>,
): NeedsYouItem[] {
  if (!conflicts) return [];
  return Object.values(conflicts).flatMap((list) =>
    list
      .filter((c) => ops.some((o) => o.appId === c.appId && o.state !== 'done' && (c.opId === null || o.id === c.opId)))
      .map(
        (c): NeedsYouItem => ({
          key: `${c.appId}:conflict:${c.opId ?? c.kind}`,
          kind: 'sync-conflict',
          appId: c.appId,
          who: whoById.get(c.appId) ?? t('Application'),
          what: c.what,
          waiting: false,
          fix: { label: t('Open Sync'), to: '/sync' },
        }),
      ),
  );
}
