// Family members on the phone (REQ-FAM-1): saved through the outbox like every list step, fetched when online.
import type { FamilyMember, FamilyMemberInfo } from '../../contracts/family-member';
import { draftKey } from '../db/drafts';
import type { OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { OP_CATALOGUE } from '../sync/op-catalogue';
import type { ResultHandlers } from '../sync/result-handlers';
import { type RecordStep, recordSavedHandler, refreshRecords, saveRecord } from './record-step';
import { msg } from '../../contracts/msg';

export const FAMILY_FILES = ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file'] as const;
export const FAMILY_STEP: RecordStep = {
  table: 'familyMembers',
  entry: OP_CATALOGUE.familySave,
  files: FAMILY_FILES,
  stageOf: () => 'FAMILY_MEMBER',
};
export const familyDraftKey = (appId: string, recordIndex: number) => draftKey(appId, 'family-member', recordIndex);
export type LocalFamilyMember = Partial<FamilyMember> & { id: string; name: string; record_index: number; status?: 'QUEUED' };

export function saveFamilyMember(
  db: UserDb,
  appId: string,
  info: FamilyMemberInfo,
  at: { recordIndex: number; memberId?: string },
  now = Date.now(),
): Promise<OutboxOp> {
  return saveRecord(
    db,
    FAMILY_STEP,
    {
      appId,
      info,
      recordIndex: at.recordIndex,
      at: { appId, recordId: at.memberId },
      method: at.memberId ? 'PATCH' : 'POST',
      label: `${msg('Family member')}: ${info.name}`,
      draftKey: familyDraftKey(appId, at.recordIndex),
    },
    now,
  );
}

export const FAMILY_RESULT_HANDLERS: ResultHandlers = { [FAMILY_STEP.entry.kind]: recordSavedHandler(FAMILY_STEP) };

export const refreshFamily = (db: UserDb, appId: string) => refreshRecords(db, FAMILY_STEP, appId, `/v1/app/mfi/${appId}/family-member`);
