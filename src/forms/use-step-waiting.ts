// Whether a step's submit still waits in this phone's outbox. Apart from use-step-form.tsx because it reads the outbox
// live (Dexie): a form that does not need it (partner registration) does not download the database with the form.
import { useOutboxOps } from '../db/hooks';
import type { UserDb } from '../db/user-db';

/** The step's submit is still in this phone's outbox, queued or being sent. */
export const useStepWaiting = (db: UserDb | null, appId: string | undefined, kind: string) =>
  useOutboxOps(db).some((o) => o.appId === appId && o.kind === kind && (o.state === 'queued' || o.state === 'sending'));
