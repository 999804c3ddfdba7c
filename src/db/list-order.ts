// The applications list's order, kept beside each cached application in clear: its updated_at (else created_at), a
// timestamp. Every write of the table passes here, whoever makes it (a server page, the change feed, a start
// offline), so the index cannot fall behind the encrypted data. With it, the list's first page is ten rows read in
// order from the index, decrypting ten, where sorting needed every row decrypted first.
import type { DBCore, Middleware } from 'dexie';
import type { CachedRecord } from './types';

type Dated = { updated_at?: string | null; created_at?: string | null } | undefined;

/** The order key of an application's data: newest first by updated_at, else created_at. */
export const listAtOf = (data: Dated): string => data?.updated_at ?? data?.created_at ?? '';

/** The list's order: listAt newest first, then id (as the index walked backwards gives equal keys). */
export const byListOrder = (x: { id: string; listAt: string }, y: { id: string; listAt: string }): number =>
  x.listAt === y.listAt ? (x.id < y.id ? 1 : x.id > y.id ? -1 : 0) : x.listAt < y.listAt ? 1 : -1;

const withListAt = (row: CachedRecord<'applications'>) => ({ ...row, listAt: listAtOf(row.data as Dated) });

/** Above the encryption middleware (level -10), so it sees the clear row it derives the key from. */
export const listOrderMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'ApplicationListOrder',
  level: -5,
  create(down) {
    return {
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== 'applications') return table;
        return {
          ...table,
          mutate: (req) =>
            req.type === 'add' || req.type === 'put'
              ? table.mutate({ ...req, values: req.values.map((v: CachedRecord<'applications'>) => withListAt(v)) })
              : table.mutate(req),
        };
      },
    };
  },
};
