// Encryption at rest for the user database as a Dexie DBCore middleware: rows are encrypted on their way into
// IndexedDB and decrypted on their way out, so no call site changes. It sits below Dexie's own middleware (hooks,
// live-query cache, observability), which therefore see clear rows; only IndexedDB holds ciphertext.
import type { DBCore, DBCoreSchema, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { LockedError } from '../lib/crypto/errors';
import type { KeyLock } from '../lib/crypto/key-lock';
import { decryptingCursor } from './decrypting-cursor';
import { USER_DB_ENCRYPTION } from './encrypted-fields';
import { type CipherRules, type RowCipher, rowCipher } from './row-cipher';
import { keepAliveWhile } from './transaction-keep-alive';
import type { UserDb } from './user-db';

/** Dexie's own dbcore middleware use levels -1 to 2; the lowest level is closest to IndexedDB. */
export const ENCRYPTION_MIDDLEWARE_LEVEL = -10;
export const ENCRYPTION_MIDDLEWARE_NAME = 'EncryptionAtRest';

type Row = Record<string, unknown>;

const attempt = <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return fn();
  } catch (err) {
    return Promise.reject(err);
  }
};

function encryptingTable(down: DBCoreTable, cipher: RowCipher, lock: KeyLock): DBCoreTable {
  const unlockedKey = (): CryptoKey => {
    const key = lock.key();
    if (!key) throw new LockedError(down.name);
    return key;
  };
  const openRows = (key: CryptoKey, trans: DBCoreTransaction, rows: unknown[]) =>
    rows.some((r) => r !== undefined)
      ? keepAliveWhile(down, trans, Promise.all(rows.map((r) => (r === undefined ? undefined : cipher.open(key, r as Row)))))
      : Promise.resolve(rows);

  return {
    ...down,
    get: (req) =>
      attempt(() => {
        const key = unlockedKey();
        return down.get(req).then((row) => (row === undefined ? row : keepAliveWhile(down, req.trans, cipher.open(key, row))));
      }),
    getMany: (req) =>
      attempt(() => {
        const key = unlockedKey();
        return down.getMany(req).then((rows) => openRows(key, req.trans, rows));
      }),
    query: (req) =>
      attempt(() => {
        if (!req.values) return down.query(req);
        const key = unlockedKey();
        return down.query(req).then(async (res) => ({ ...res, result: await openRows(key, req.trans, res.result) }));
      }),
    openCursor: (req) =>
      attempt(() => {
        if (!req.values) return down.openCursor(req);
        const key = unlockedKey();
        return down
          .openCursor(req)
          .then((raw) => raw && decryptingCursor(raw, (stored) => keepAliveWhile(down, req.trans, cipher.open(key, stored as Row))));
      }),
    mutate: (req) =>
      attempt(() => {
        if (req.type !== 'add' && req.type !== 'put') return down.mutate(req);
        const key = unlockedKey();
        const sealing = Promise.all(req.values.map((row: Row) => cipher.seal(key, row)));
        return keepAliveWhile(down, req.trans, sealing).then((values) => down.mutate({ ...req, values }));
      }),
  };
}

const keyPathFields = (keyPath: null | string | string[]) =>
  (keyPath == null ? [] : Array.isArray(keyPath) ? keyPath : [keyPath]).map((p) => p.split('.')[0]!);

/** Indexes need clear values: an index over an encrypted field would silently never match. */
function assertIndexesClear(schema: DBCoreSchema, ciphers: Map<string, RowCipher>): void {
  for (const table of schema.tables) {
    const cipher = ciphers.get(table.name);
    if (!cipher) throw new Error(`No encryption rules for table ${table.name}`);
    for (const index of [table.primaryKey, ...table.indexes]) {
      for (const field of keyPathFields(index.keyPath)) {
        if (!cipher.clearFields.has(field))
          throw new Error(`${table.name}: index on ${field}, which is encrypted; indexed fields must stay in clear`);
      }
    }
  }
}

export function encryptionMiddleware(lock: KeyLock, rules: Readonly<Record<string, CipherRules>> = USER_DB_ENCRYPTION): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: ENCRYPTION_MIDDLEWARE_NAME,
    level: ENCRYPTION_MIDDLEWARE_LEVEL,
    create(down) {
      const ciphers = new Map(Object.entries(rules).map(([name, r]) => [name, rowCipher(name, r)]));
      assertIndexesClear(down.schema, ciphers);
      const tables = new Map<string, DBCoreTable>();
      return {
        ...down,
        table(name) {
          // A table with nothing to encrypt (the key vault) passes straight through: it must be readable while locked.
          if (Object.values(rules[name]?.fields ?? {}).every((f) => f === 'clear')) return down.table(name);
          const table = tables.get(name) ?? encryptingTable(down.table(name), ciphers.get(name)!, lock);
          tables.set(name, table);
          return table;
        },
      };
    },
  };
}

/** Must run before the database is first used: Dexie builds its middleware stack when it opens. */
export function installEncryption(db: UserDb, lock: KeyLock): UserDb {
  if (db.isOpen()) throw new Error('Install encryption before the user database is opened');
  db.use(encryptionMiddleware(lock));
  return db;
}
