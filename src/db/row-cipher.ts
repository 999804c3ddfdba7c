// One table's rows between their clear form (what the app reads and writes) and their stored form (encrypted
// fields replaced by sealed values or sealed blobs). A field that is absent stays absent.
import { decryptBlob, encryptBlob, type SealedBlob } from '../lib/crypto/blob-cipher';
import type { StoredValueRef } from '../lib/crypto/errors';
import { decryptValue, encryptValue } from '../lib/crypto/value-cipher';
import type { FieldRule } from './encrypted-fields';
import { rememberSealedBlob, sealedBlobFor } from './sealed-blob-memo';

type Row = Record<string, unknown>;

export type RowCipher = {
  readonly clearFields: ReadonlySet<string>;
  seal(key: CryptoKey, row: Row): Promise<Row>;
  open(key: CryptoKey, stored: Row): Promise<Row>;
};

/** The runtime shape of a table's TableRules. */
export type CipherRules = { rowKey: string; fields: Readonly<Record<string, FieldRule>> };

export function rowCipher(table: string, rules: CipherRules): RowCipher {
  if (rules.fields[rules.rowKey] !== 'clear') throw new Error(`${table}: the row key ${rules.rowKey} must stay in clear`);
  const fields = Object.entries(rules.fields);
  const named = (rule: FieldRule) => fields.filter(([, r]) => r === rule).map(([f]) => f);
  const values = named('encrypt');
  const blobs = named('encrypt-blob');
  const ref = (row: Row, field: string): StoredValueRef => ({ table, field, key: row[rules.rowKey] });

  async function sealBlob(key: CryptoKey, plain: unknown, where: StoredValueRef): Promise<SealedBlob> {
    if (!(plain instanceof Blob)) throw new TypeError(`${table}.${where.field} must be a Blob`);
    return sealedBlobFor(key, plain, where) ?? encryptBlob(key, plain, where);
  }

  async function openBlob(key: CryptoKey, stored: unknown, where: StoredValueRef): Promise<Blob> {
    const plain = await decryptBlob(key, stored, where);
    rememberSealedBlob(key, plain, where, stored as SealedBlob);
    return plain;
  }

  async function transform(row: Row, valueFn: (f: string) => Promise<unknown>, blobFn: (f: string) => Promise<unknown>): Promise<Row> {
    const out: Row = { ...row };
    const present = (f: string) => row[f] !== undefined;
    await Promise.all([
      ...values.filter(present).map(async (f) => {
        out[f] = await valueFn(f);
      }),
      ...blobs.filter(present).map(async (f) => {
        out[f] = await blobFn(f);
      }),
    ]);
    return out;
  }

  return {
    clearFields: new Set(named('clear')),
    seal(key, row) {
      if (typeof row[rules.rowKey] !== 'string') {
        return Promise.reject(new TypeError(`${table}: ${rules.rowKey} must be set before the row is encrypted`));
      }
      return transform(
        row,
        (f) => encryptValue(key, row[f], ref(row, f)),
        (f) => sealBlob(key, row[f], ref(row, f)),
      );
    },
    open(key, stored) {
      return transform(
        stored,
        (f) => decryptValue(key, stored[f], ref(stored, f)),
        (f) => openBlob(key, stored[f], ref(stored, f)),
      );
    },
  };
}
