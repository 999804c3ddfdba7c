// The public pages' runtime, provided as soon as its code has loaded (beside the page, not before it): until then the
// screens see no database, as staff screens do before the PIN, and a draft restores a moment later.
import { type ReactNode, useEffect, useState } from 'react';
import { type SyncRuntime, SyncRuntimeValue } from '../../sync/sync-runtime';

export function GuestRuntimeProvider({ children }: { children?: ReactNode }) {
  const [runtime, setRuntime] = useState<SyncRuntime | null>(null);
  useEffect(() => {
    let live = true;
    let stop = () => {};
    void import('./guest-runtime').then(({ guestRuntime, startGuestRuntime }) => {
      if (!live) return;
      const rt = guestRuntime();
      setRuntime(rt);
      stop = startGuestRuntime(rt);
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return <SyncRuntimeValue runtime={runtime}>{children}</SyncRuntimeValue>;
}
