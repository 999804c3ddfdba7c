// The application's references as the phone knows them (a queued, unsent list wins over the server's copy) and the
// one way they are sent: the whole list, 1 to 3, through the outbox (PATCH /v1/app/mfi/{id}/reference).
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReferencesBody } from '../../../contracts/references';
import type { OutboxOp } from '../../db/types';
import type { UserDb } from '../../db/user-db';
import { enqueue } from '../../sync/enqueue';
import { OP_CATALOGUE } from '../../sync/op-catalogue';
import { msg } from '../../../contracts/msg';

export const REFERENCES_KIND: string = OP_CATALOGUE.references.kind;
export type Ref = { id?: string; type: string; name: string; phone: string; address: string; company_name?: string };
export const blankReference = (): Ref => ({ type: '', name: '', phone: '', address: '', company_name: '' });

/** REQ-REF-1: the company name belongs to business references only; it is not sent for personal ones. */
export const cleanReferences = (refs: readonly Ref[]) =>
  refs.map(({ company_name, ...r }) => (r.type === 'BUSINESS_REFERENCE' ? { ...r, company_name: company_name ?? '' } : r));

/** The list to show and edit: the last queued references submit when one is still unsent, else the server's. */
export function currentReferences(stored: unknown, ops: readonly OutboxOp[]): Ref[] {
  const queued = ops.filter((o) => o.kind === REFERENCES_KIND && o.state !== 'done').at(-1);
  const list = queued ? (queued.body as { references?: Ref[] }).references : Array.isArray(stored) ? (stored as Ref[]) : [];
  return (list ?? []).map((r) => ({ ...blankReference(), ...r }));
}

/** Undefined while the phone is still reading. */
export function useReferences(db: UserDb | null, appId: string): Ref[] | undefined {
  return useLiveQuery(async () => {
    if (!db || !appId) return [];
    const [app, ops] = await Promise.all([db.applications.get(appId), db.outbox.where('appId').equals(appId).sortBy('seq')]);
    return currentReferences(app?.data?.reference, ops);
  }, [db, appId]);
}

export function sendReferences(db: UserDb, appId: string, refs: readonly Ref[], draftKeyToClear: string) {
  const body: ReferencesBody = { references: cleanReferences(refs) as ReferencesBody['references'] };
  return enqueue(
    db,
    OP_CATALOGUE.references,
    {
      appId,
      at: { appId },
      body,
      label: `${msg('References')}: ${body.references.length}`,
    },
    { draftKeyToClear, resubmit: true },
  );
}
