// PD2 types its figures beside PD1's: with a network the review role reads the application again before its visit form
// opens, however recent the phone's copy (PD1 may have been approved after this phone took it).
import { useEffect, useState } from 'react';
import type { UserDb } from '../../db/user-db';
import { loadWholeApplication } from '../../review/use-whole-application';

/** How long the form waits, after the read, for the phone's live copy to show what that read wrote. */
const LIVE_COPY_WAIT_MS = 3_000;

/**
 * True once the read has answered and the phone's live copy (`syncedAt`) is the one it wrote: a form opened on the
 * older copy would start again under the officer's fingers when the fresh one lands. A read that wrote nothing (it
 * failed, or the phone kept its copy for queued work) lets the form open on what the phone has; so does a live copy
 * that a later write or a clock change keeps from matching, after a moment. Always true when `reading` is false.
 */
export function useReadBeforeReview(db: UserDb | null, id: string | undefined, reading: boolean, syncedAt: number | undefined) {
  const [read, setRead] = useState<{ id: string; wrote: number | false } | null>(null);
  useEffect(() => {
    if (!db || !id || !reading) return;
    setRead(null);
    const ctl = new AbortController();
    void loadWholeApplication(db, id, { signal: ctl.signal, force: true })
      .catch(() => false as const)
      .then((wrote) => {
        if (!ctl.signal.aborted) setRead({ id, wrote });
      });
    return () => ctl.abort();
  }, [db, id, reading]);
  const answered = read !== null && read.id === id;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    setWaited(false);
    if (!answered) return;
    const timer = setTimeout(() => setWaited(true), LIVE_COPY_WAIT_MS);
    return () => clearTimeout(timer);
  }, [answered]);
  if (!reading) return true;
  return answered && (read.wrote === false || (syncedAt ?? 0) >= read.wrote || waited);
}
