// A DBCore cursor whose value is the decrypted row. Each step waits for its row to be decrypted (keeping the
// transaction alive) before the caller's callback sees it; everything else is the underlying cursor's.
import type { DBCoreCursor } from 'dexie';

export function decryptingCursor(raw: DBCoreCursor, open: (stored: unknown) => Promise<unknown>): DBCoreCursor {
  let value: unknown;
  const cursor: DBCoreCursor = {
    get trans() {
      return raw.trans;
    },
    get key() {
      return raw.key;
    },
    get primaryKey() {
      return raw.primaryKey;
    },
    get value() {
      return value;
    },
    get done() {
      return raw.done;
    },
    continue: (key) => raw.continue(key),
    continuePrimaryKey: (key, primaryKey) => raw.continuePrimaryKey(key, primaryKey),
    advance: (count) => raw.advance(count),
    stop: (result) => raw.stop(result),
    fail: (error) => raw.fail(error),
    start(onNext) {
      return raw.start(() => {
        open(raw.value).then(
          (row) => {
            value = row;
            try {
              onNext();
            } catch (err) {
              raw.fail(err instanceof Error ? err : new Error(String(err)));
            }
          },
          (err: Error) => raw.fail(err),
        );
      });
    },
    next() {
      let gotOne = 1;
      return cursor.start(() => (gotOne-- ? cursor.continue() : cursor.stop())).then(() => cursor);
    },
  };
  return cursor;
}
