// Co-applicants on the phone: saved as outbox ops (new, replace a rejected guarantor, update), shown at once from an
// optimistic record, and replaced by the server's record when the answer comes.
import * as v from 'valibot';
import { envelope } from '../../contracts/envelope';
import type { CoApplicant, CoApplicantInfo, CoApplicantType } from '../../contracts/co-applicant';
import { draftKey } from '../db/drafts';
import { patchRecord } from '../db/records';
import type { OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { OP_CATALOGUE } from '../sync/op-catalogue';
import type { ResultHandlers } from '../sync/result-handlers';
import { pendingCheckOps } from './verification-ops';
import { nextRecordIndex, type RecordStep, recordSavedHandler, saveRecord } from './record-step';
import { msg } from '../../contracts/msg';

export const CO_KIND = OP_CATALOGUE.coApplicantSave.kind;
export const CO_FILES = ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file'] as const;
export const coDraftKey = (appId: string, recordIndex: number) => draftKey(appId, 'co-applicant', recordIndex);
export const CO_STEP: RecordStep = {
  table: 'coApplicants',
  entry: OP_CATALOGUE.coApplicantSave,
  files: CO_FILES,
  stageOf: (saved) => (saved.status === 'APPROVED' ? String(saved.type) : null),
};

export type CoMode =
  | { kind: 'new'; recordIndex: number }
  | { kind: 'replace'; recordIndex: number; idToReplace: string }
  | { kind: 'update'; coId: string; recordIndex: number };
export type LocalCoApplicant = Omit<Partial<CoApplicant>, 'id' | 'type' | 'name' | 'record_index' | 'status'> & {
  id: string;
  type: CoApplicantType;
  name: string;
  record_index: number;
  status: CoApplicant['status'] | 'QUEUED';
};

/** A bureau rejection is the co-applicant's answer (REQ-REJ-1), not the application's: rejectionIsAnswer. */
export async function saveCoApplicant(db: UserDb, appId: string, info: CoApplicantInfo, mode: CoMode, now = Date.now()): Promise<OutboxOp> {
  return saveRecord(
    db,
    CO_STEP,
    {
      appId,
      info,
      recordIndex: mode.recordIndex,
      at: { appId, recordId: mode.kind === 'update' ? mode.coId : undefined, replace: mode.kind === 'replace' },
      method: mode.kind === 'update' ? 'PATCH' : 'POST',
      label: `${info.type === 'GUARANTOR' ? msg('Guarantor') : msg('Co-borrower')}: ${info.name}`,
      extraBody: mode.kind === 'replace' ? { id_to_replace: mode.idToReplace } : undefined,
      dependsOn: pendingCheckOps(await db.outbox.where('appId').equals(appId).toArray(), appId),
      draftKey: coDraftKey(appId, mode.recordIndex),
      rejectionIsAnswer: true,
      alsoWrite:
        mode.kind === 'replace' ? (tx) => patchRecord(tx, 'coApplicants', mode.idToReplace, { status: 'REPLACED' }, now) : undefined,
    },
    now,
  );
}

/** The answer to a co-applicant save: the saved record, with the bureau's decision. */
export const SavedCoApplicant = envelope(
  v.looseObject({
    status: v.optional(v.string()),
    approval_checks: v.optional(v.nullable(v.looseObject({ reasons: v.optional(v.array(v.string())) }))),
  }),
);

export const CO_APPLICANT_RESULT_HANDLERS: ResultHandlers = { [CO_KIND]: recordSavedHandler(CO_STEP) };

/** REQ-COAP-5: rejected guarantors are hidden from the list (and offered for replacement); replaced ones are gone. */
export function visibleCoApplicants(list: readonly LocalCoApplicant[]) {
  const shown = list.filter((c) => c.status !== 'REPLACED' && !(c.type === 'GUARANTOR' && c.status === 'REJECTED'));
  const rejectedGuarantors = list.filter((c) => c.type === 'GUARANTOR' && c.status === 'REJECTED');
  return { shown: [...shown].sort((a, b) => a.record_index - b.record_index), rejectedGuarantors };
}

/** Types that count toward the requirement: approved ones, and ones still queued (the server decides later). */
export const countedTypes = (list: readonly LocalCoApplicant[]) =>
  list.filter((c) => c.status === 'APPROVED' || c.status === 'QUEUED' || c.status === 'PENDING').map((c) => c.type);

export { nextRecordIndex };
