// The server's co-applicants of an application, fetched when online into the phone's cache. Records of saves still
// queued on this phone (local ids, or updates waiting) keep their local copy.
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { mainCall } from '../../api/http';
import { cacheServerList, patchRecord } from '../../db/records';
import type { UserDb } from '../../db/user-db';
import { CO_KIND } from './co-applicant-ops';

const ListAnswer = envelope(v.object({ list: v.array(v.looseObject({ id: v.string() })) }));
const BureauAnswer = envelope(v.looseObject({ decision: v.string(), approval_checks: v.optional(v.unknown()) }));

export async function refreshCoApplicants(db: UserDb, appId: string, signal?: AbortSignal) {
  const res = await mainCall(ListAnswer, `/v1/app/mfi/${appId}/co-applicant`, { silent: true, signal });
  const pending = (await db.outbox.where('appId').equals(appId).toArray()).filter((o) => o.kind === CO_KIND && o.state !== 'done');
  // Updates name their record in the path; a replace names the guarantor it marks REPLACED on the phone.
  const busy = new Set(pending.flatMap((o) => [o.path.split('/').pop(), (o.body as { id_to_replace?: string } | undefined)?.id_to_replace]));
  await cacheServerList(db, 'coApplicants', appId, res.data.list.map((c) => ({ id: c.id, appId, data: c })), (id) => id.startsWith('local:') || busy.has(id));
}

/** Workflow §4 bureau re-check of a co-applicant (online); the answer's decision is written to the cached record. */
export async function bureauCheck(db: UserDb, appId: string, coId: string): Promise<string> {
  const res = await mainCall(BureauAnswer, `/v1/app/mfi/${appId}/co-applicant/${coId}/hardcheck`, { method: 'POST', silent: true });
  const status = res.data.decision === 'APPROVED' ? 'APPROVED' : 'REJECTED';
  await patchRecord(db, 'coApplicants', coId, { status, approval_checks: res.data.approval_checks });
  return res.data.decision;
}
