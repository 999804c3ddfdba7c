// Co-applicants on the phone: saved as outbox ops (new, replace a rejected guarantor, update), shown at once from an
// optimistic record, and replaced by the server's record when the answer comes.
import type { CoApplicant, CoApplicantInfo, CoApplicantType } from '../../../contracts/co-applicant';
import { draftKey } from '../../db/drafts';
import { cacheRecords, patchCachedApplication, patchRecord, removeRecord } from '../../db/records';
import type { OutboxOp } from '../../db/types';
import type { UserDb } from '../../db/user-db';
import { newUuid } from '../../lib/ids';
import { fileRef } from '../../sync/dependency';
import { LAZY_KINDS } from '../../sync/op-kinds';
import { enqueue } from '../../sync/outbox';
import type { ResultContext, ResultHandlers } from '../../sync/result-handlers';
import { pendingCheckOps } from '../borrower/verification-ops';

export const CO_KIND = LAZY_KINDS.coApplicantSave;
export const CO_FILES = ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file'] as const;
export const coDraftKey = (appId: string, recordIndex: number) => draftKey(appId, 'co-applicant', recordIndex);
/** The optimistic record of a queued save, until the server's answer replaces it. */
export const localCoId = (opId: string) => `local:${opId}`;

export type CoMode = { kind: 'new'; recordIndex: number } | { kind: 'replace'; recordIndex: number; idToReplace: string } | { kind: 'update'; coId: string; recordIndex: number };
export type LocalCoApplicant = Omit<Partial<CoApplicant>, 'id' | 'type' | 'name' | 'record_index' | 'status'> & { id: string; type: CoApplicantType; name: string; record_index: number; status: CoApplicant['status'] | 'QUEUED' };

export async function saveCoApplicant(db: UserDb, appId: string, info: CoApplicantInfo, mode: CoMode, now = Date.now()): Promise<OutboxOp> {
  const body = {
    ...info,
    record_index: mode.recordIndex,
    ...Object.fromEntries(CO_FILES.filter((f) => info[f]).map((f) => [f, fileRef(info[f] as string)])),
    ...(mode.kind === 'replace' ? { id_to_replace: mode.idToReplace } : {}),
  };
  const path = mode.kind === 'new' ? `/v1/app/mfi/${appId}/co-applicant` : mode.kind === 'replace' ? `/v1/app/mfi/${appId}/co-applicant/replace` : `/v1/app/mfi/co-applicant/${mode.coId}`;
  const waitFor = pendingCheckOps(await db.outbox.where('appId').equals(appId).toArray(), appId);
  const label = `${info.type === 'GUARANTOR' ? 'Guarantor' : 'Co-borrower'}: ${info.name}`;
  const opId = newUuid();
  return enqueue(
    db,
    { id: opId, appId, kind: CO_KIND, method: mode.kind === 'update' ? 'PATCH' : 'POST', path, body, dependsOn: waitFor, label, rejectionIsAnswer: true },
    {
      draftKeyToClear: coDraftKey(appId, mode.recordIndex),
      alsoWrite: async (tx) => {
        const record: LocalCoApplicant = { ...info, id: mode.kind === 'update' ? mode.coId : localCoId(opId), record_index: mode.recordIndex, status: 'QUEUED' };
        await cacheRecords(tx, 'coApplicants', [{ id: record.id, appId, data: record }], now);
        if (mode.kind === 'replace') await patchRecord(tx, 'coApplicants', mode.idToReplace, { status: 'REPLACED' }, now);
      },
    },
    now,
  );
}

async function recordSaved({ db, op, result, now }: ResultContext) {
  const saved = (result as { data?: CoApplicant } | null)?.data;
  if (!op.appId || !saved?.id) return;
  await removeRecord(db, 'coApplicants', localCoId(op.id));
  await cacheRecords(db, 'coApplicants', [{ id: saved.id, appId: op.appId, data: saved }], now);
  if (saved.status === 'APPROVED') {
    await patchCachedApplication(db, op.appId, (d) => {
      const stages = Array.isArray(d.stages) ? (d.stages as string[]) : [];
      return { stages: stages.includes(saved.type) ? stages : [...stages, saved.type] };
    }, now);
  }
}

export const CO_APPLICANT_RESULT_HANDLERS: ResultHandlers = { [CO_KIND]: recordSaved };

/** Workflow §4: rejected guarantors are hidden from the list (and offered for replacement); replaced ones are gone. */
export function visibleCoApplicants(list: readonly LocalCoApplicant[]) {
  const shown = list.filter((c) => c.status !== 'REPLACED' && !(c.type === 'GUARANTOR' && c.status === 'REJECTED'));
  const rejectedGuarantors = list.filter((c) => c.type === 'GUARANTOR' && c.status === 'REJECTED');
  return { shown: [...shown].sort((a, b) => a.record_index - b.record_index), rejectedGuarantors };
}

/** Types that count toward the requirement: approved ones, and ones still queued (the server decides later). */
export const countedTypes = (list: readonly LocalCoApplicant[]) =>
  list.filter((c) => c.status === 'APPROVED' || c.status === 'QUEUED' || c.status === 'PENDING').map((c) => c.type);

export const nextRecordIndex = (list: readonly LocalCoApplicant[]) => list.reduce((m, c) => Math.max(m, c.record_index + 1), 0);
