// Shapes of the rows kept in IndexedDB. One user database per signed-in user (see user-db.ts).
import type { ApplicationRecord } from '../../contracts/application-record';
import type { CoApplicant, CoApplicantType } from '../../contracts/co-applicant';
import type { FamilyMember } from '../../contracts/family-member';
import type { GeoTag } from '../../contracts/files';
import type { PhotoEvidence } from '../../contracts/photo-integrity';
import type { KeyVault } from '../lib/crypto/key-vault';

export type ApiName = 'main' | 'verification' | 'banking';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type DraftRow = {
  key: string;
  value: unknown;
  updatedAt: number;
  /** The queued op that sent this draft's values: the server's acceptance of that op (and only it) clears the draft. */
  sentBy?: string;
};

export type UploadState = 'local' | 'uploading' | 'uploaded' | 'failed';
export type FileRow = {
  id: string;
  blob: Blob;
  name: string;
  mime: string;
  size: number;
  geoTag: GeoTag;
  /** How a visit photo was taken (sent beside it as `evidence`); absent for documents. */
  evidence?: PhotoEvidence;
  appId: string | null;
  field: string;
  uploadState: UploadState;
  serverFileId?: string;
  bytesSent: number;
  createdAt: number;
};

export type OpState = 'queued' | 'sending' | 'done' | 'needs-attention';
export type OpError = { status: number; message: string };
/** A chunked upload the server already knows about, kept so a restart resumes instead of starting over. */
export type UploadSession = { uploadId: string; chunkSize: number };

export type OutboxOp = {
  /** Auto-increment primary key: the global replay order. Absent only before the row is written. */
  seq?: number;
  id: string;
  appId: string | null;
  /** Names the result handler that writes the answer back (engine `onResult`). */
  kind: string;
  api: ApiName;
  method: HttpMethod;
  path: string;
  /** JSON body, may hold `{ $fileId }` / `{ $result: { op, path } }` placeholders. For uploads: the form fields. */
  body?: unknown;
  /** Local file to upload (files table id); makes this an upload op. */
  fileId?: string;
  /** A bulk upload's files, in the order they are sent (fileId is the first): each gets its server id from the answer. */
  fileIds?: string[];
  idempotencyKey: string;
  dependsOn: string[];
  state: OpState;
  attempts: number;
  nextAttemptAt: number;
  lastError?: OpError;
  /** Set on ops parked because an op they wait for needs attention. */
  blockedBy?: string;
  progress?: { sent: number; total: number };
  uploadSession?: UploadSession;
  result?: unknown;
  /** Short human text for the sync center. */
  label?: string;
  /** The form draft this op sent: cleared when the server accepts the op, kept (what was sent) when it refuses. */
  draftKey?: string;
  /**
   * A check (read with a recorded answer): a refusal (4xx other than 401/408/409/429) is its answer, not a
   * failure, so it is done and its handler records the refusal; and it runs beside its application's ops, waiting
   * only for its dependsOn (the create), so neither a parked step nor a refusal holds the other up.
   */
  refusalIsAnswer?: boolean;
  /**
   * An approval_checks REJECTED answer is about the record this op created (a co-applicant the bureau refused),
   * not the application: the op is done and the application's later ops go on.
   */
  rejectionIsAnswer?: boolean;
  createdAt: number;
  updatedAt: number;
};

/** A co-applicant as the phone holds it: the server's record, or the optimistic one of a save still queued. */
export type CachedCoApplicant = Omit<Partial<CoApplicant>, 'id' | 'type' | 'name' | 'record_index' | 'status'> & {
  id: string;
  type: CoApplicantType;
  name: string;
  record_index: number;
  status: CoApplicant['status'] | 'QUEUED';
};
/** A family member as the phone holds it: the server's record, or the optimistic one of a save still queued. */
export type CachedFamilyMember = Partial<FamilyMember> & { id: string; name: string; record_index: number; status?: 'QUEUED' };

/**
 * What each table of server records holds, typed from the contracts. Records are the server's answers (and the
 * phone's optimistic copies of them), written through src/db/records.ts; they are never parsed again on read, so the
 * offline cold start over 2,000 applications reads them as stored.
 */
export type RecordData = {
  applications: ApplicationRecord;
  coApplicants: CachedCoApplicant;
  familyMembers: CachedFamilyMember;
  references: Record<string, unknown>;
  offers: Record<string, unknown>;
};
export type RecordTable = keyof RecordData;
/**
 * `data` is what the screens show. `server`, when known, is the server's last copy the phone received (the change feed,
 * an answer): while ops of the application are queued, `data` is that copy with the phone's own edits on top
 * (src/db/server-copy.ts), so a newer server copy can be taken in without losing what was typed.
 */
export type CachedRecord<T extends RecordTable = RecordTable> = {
  id: string;
  appId: string;
  data: RecordData[T];
  syncedAt: number;
  server?: RecordData[T];
  /**
   * Applications only: the list's order key (the record's updated_at, else created_at), kept in clear and indexed so
   * the list's first page is read without decrypting the rest (list-order.ts). A timestamp, nothing personal.
   */
  listAt?: string;
};
export type ListRow = { key: string; value: unknown; syncedAt: number };
export type MetaRow = { key: string; value: unknown };
/** The officer's wrapped data key (never the key itself) and the wrong-PIN count; kept in clear. */
export type VaultRow = { id: 'data-key'; vault: KeyVault; failedAttempts: number; createdAt: number };
