// IndexedDB commits a transaction as soon as it has no request pending, and WebCrypto answers in a later task. So
// while a row is encrypted or decrypted inside a transaction, cheap reads are kept in flight on it, and the result
// is handed over inside one of their success callbacks, where the transaction accepts the next real request (the
// technique of Dexie's Transaction.waitFor, done here on the DBCore level).
import type { DBCoreTable, DBCoreTransaction } from 'dexie';

/** A key no row has: numbers sort before strings, and no table here stores -Infinity. */
const NO_ROW = -Infinity;

export function keepAliveWhile<T>(table: DBCoreTable, trans: DBCoreTransaction, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
    work.then(
      (value) => {
        outcome = { ok: true, value };
      },
      (error: unknown) => {
        outcome = { ok: false, error };
      },
    );
    const spin = (): void => {
      if (outcome) {
        if (outcome.ok) resolve(outcome.value);
        else reject(outcome.error);
        return;
      }
      table.get({ trans, key: NO_ROW }).then(spin, reject);
    };
    spin();
  });
}
