// What is encrypted at rest, per table and field of the user database. Every field of every row type must be named
// here (the compiler refuses a new field or table without a decision). Only what indexes, ordering and the sync
// engine's scheduling need stays in clear: ids, appId, state, timestamps, seq, uploadState, keys, counters.
import type { Table } from 'dexie';
import type { UserDb } from './user-db';

export type FieldRule = 'clear' | 'encrypt' | 'encrypt-blob';

type StringFields<Row> = { [K in keyof Row]-?: Row[K] extends string ? K : never }[keyof Row];

export type TableRules<Row> = {
  /**
   * The field every ciphertext of the row is bound to (with the table and field name): the primary key, or for the
   * outbox its unique op id, because its primary key (seq) is assigned by IndexedDB after the value is encrypted.
   */
  rowKey: StringFields<Row> & string;
  fields: { [K in keyof Row]-?: NonNullable<Row[K]> extends Blob ? FieldRule : Exclude<FieldRule, 'encrypt-blob'> };
};

export type UserDbTable = { [K in keyof UserDb]: UserDb[K] extends Table ? K : never }[keyof UserDb] & string;
type RowOf<T> = T extends Table<infer Row, infer _Key, infer _Insert> ? Row : never;
export type UserDbRules = { [T in UserDbTable]: TableRules<RowOf<UserDb[T]>> };

const record = {
  rowKey: 'id',
  fields: { id: 'clear', appId: 'clear', data: 'encrypt', syncedAt: 'clear', server: 'encrypt', listAt: 'clear' },
} as const;

export const USER_DB_ENCRYPTION: UserDbRules = {
  drafts: { rowKey: 'key', fields: { key: 'clear', value: 'encrypt', updatedAt: 'clear', sentBy: 'clear' } },
  files: {
    rowKey: 'id',
    fields: {
      id: 'clear',
      blob: 'encrypt-blob',
      name: 'encrypt',
      mime: 'clear',
      size: 'clear',
      geoTag: 'encrypt',
      evidence: 'encrypt',
      appId: 'clear',
      field: 'clear',
      uploadState: 'clear',
      serverFileId: 'clear',
      bytesSent: 'clear',
      createdAt: 'clear',
    },
  },
  outbox: {
    rowKey: 'id',
    fields: {
      seq: 'clear',
      id: 'clear',
      appId: 'clear',
      kind: 'clear',
      api: 'clear',
      method: 'clear',
      // Paths carry ids only (application, record, upload); anything personal goes in the body.
      path: 'clear',
      body: 'encrypt',
      fileId: 'clear',
      fileIds: 'clear',
      idempotencyKey: 'clear',
      dependsOn: 'clear',
      state: 'clear',
      attempts: 'clear',
      nextAttemptAt: 'clear',
      lastError: 'encrypt',
      blockedBy: 'clear',
      progress: 'clear',
      uploadSession: 'clear',
      result: 'encrypt',
      // Labels name the borrower or the file ('Borrower details: …', 'Co-borrower: …').
      label: 'encrypt',
      refusalIsAnswer: 'clear',
      rejectionIsAnswer: 'clear',
      // `${appId}|${step}|${index}`: ids only.
      draftKey: 'clear',
      createdAt: 'clear',
      updatedAt: 'clear',
    },
  },
  applications: record,
  coApplicants: record,
  familyMembers: record,
  references: record,
  offers: record,
  lists: { rowKey: 'key', fields: { key: 'clear', value: 'encrypt', syncedAt: 'clear' } },
  meta: { rowKey: 'key', fields: { key: 'clear', value: 'encrypt' } },
  // The wrapped key must be readable while locked; it holds no secret in clear.
  vault: { rowKey: 'id', fields: { id: 'clear', vault: 'clear', failedAttempts: 'clear', createdAt: 'clear' } },
};
