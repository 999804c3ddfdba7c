// A phone for change-feed tests: its own user database on fake-indexeddb, a transport over the real server's app.fetch
// with its own network switch, its sync engine and its puller.
import 'fake-indexeddb/auto';
import { patchCachedApplication } from '../../src/db/records';
import type { UserDb } from '../../src/db/user-db';
import { openUserDb } from '../../src/db/user-db';
import { createSyncEngine, type SyncEngine } from '../../src/sync/engine';
import { enqueue } from '../../src/sync/enqueue';
import { OP_CATALOGUE } from '../../src/sync/op-catalogue';
import { type PullResult, pullChanges } from '../../src/sync/pull';
import { createFetchTransport, type Transport } from '../../src/sync/transport';
import type { TestServer } from '../../server/test-helpers';

export type Phone = {
  db: UserDb;
  transport: Transport;
  engine: SyncEngine;
  offline: boolean;
  /** Requests to the change feed this phone made. */
  pulls: number;
  pull(): Promise<PullResult>;
  /** A borrower-form edit as the screens make it: the shown record at once, the PATCH queued. */
  edit(appId: string, patch: Record<string, string>): Promise<void>;
};

let made = 0;

export function makePhone(app: TestServer['app'], token: () => string): Phone {
  const db = openUserDb('sahayog', `feed-${process.pid}-${++made}-${Math.random().toString(36).slice(2)}`);
  const phone = { offline: false, pulls: 0 } as Phone;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (phone.offline) throw new TypeError('fetch failed (test: offline)');
    const req = new Request(input, init);
    if (new URL(req.url).pathname.endsWith('/v1/sync/changes')) phone.pulls += 1;
    return app.fetch(req);
  };
  const transport = createFetchTransport({
    baseUrl: (api) => `http://sahayog.localhost/api/${api}`,
    getToken: token,
    fetch: fetch as typeof globalThis.fetch,
  });
  Object.assign(phone, {
    db,
    transport,
    engine: createSyncEngine({ db, transport, random: () => 0.5, isOnline: () => !phone.offline }),
    pull: () => pullChanges(db, transport),
    async edit(appId: string, patch: Record<string, string>) {
      await enqueue(
        db,
        OP_CATALOGUE.update,
        { appId, at: { appId }, body: patch, label: 'Borrower details' },
        { alsoWrite: (tx) => patchCachedApplication(tx, appId, () => patch) },
      );
    },
  });
  return phone;
}
