// The public pages' runtime, loaded once the page has painted (lib/after-first-paint.ts), not before it: until then the
// screens see no database, as staff screens do before the PIN, and a draft restores a moment later.
import { type ReactNode, useEffect, useState } from 'react';
import { afterFirstPaint } from '../lib/after-first-paint';
import { loadRetrying } from '../lib/lazy-component';
import { type SyncRuntime, SyncRuntimeValue } from '../sync/sync-runtime';

export function GuestRuntimeProvider({ children }: { children?: ReactNode }) {
  const [runtime, setRuntime] = useState<SyncRuntime | null>(null);
  useEffect(() => {
    let live = true;
    let stop = () => {};
    afterFirstPaint(() => {
      if (!live) return;
      // A link that drops this code is asked again (lib/lazy-component.tsx); without it the page still works, with no draft.
      loadRetrying(() => import('./guest-runtime')).then(
        ({ guestRuntime, startGuestRuntime }) => {
          if (!live) return;
          const rt = guestRuntime();
          setRuntime(rt);
          stop = startGuestRuntime(rt);
        },
        () => undefined,
      );
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return <SyncRuntimeValue runtime={runtime}>{children}</SyncRuntimeValue>;
}
