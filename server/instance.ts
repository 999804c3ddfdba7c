import { mkdir } from 'node:fs/promises';
import { type CreateAppInput, createApp } from './app';
import { type EnvSettings, type ServerConfig, settingsFromEnv } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDb } from './db/open-db';
import { seed } from './db/seed';
import { consoleLogger, type Logger } from './logger';
import { sharedSecret } from './services/shared-secret';
import type { FileStore } from './storage/file-store';
import { openFileStore } from './storage/open-file-store';

/** What a harness (the load run) adds to a start from the environment; `npm run serve` passes none of it. */
export type InstanceExtras = {
  config?: Partial<ServerConfig>;
  app?: Omit<CreateAppInput, 'db' | 'files' | 'config' | 'log'>;
  poolSize?: number;
};

export type Instance = { app: ReturnType<typeof createApp>; db: Db; files: FileStore; settings: EnvSettings; close(): Promise<void> };

/**
 * One server instance as `npm run serve` starts it, from the environment alone: the database, migrations (run
 * once across instances: an advisory lock), the file store, and the presigned-URL secret all instances share.
 */
export async function openInstance(
  env: NodeJS.ProcessEnv = process.env,
  log: Logger = consoleLogger,
  extras: InstanceExtras = {},
): Promise<Instance> {
  const s = settingsFromEnv(env);
  if (!s.databaseUrl) await mkdir(s.dataDir, { recursive: true });
  const db = await openDb({
    databaseUrl: s.databaseUrl,
    poolSize: extras.poolSize,
    pgliteDir: s.databaseUrl ? undefined : `${s.dataDir}/pglite`,
    // The message can quote connection details or values: the error name and code only.
    onError: (err) => log.error({ t: new Date().toISOString(), level: 'error', error: err.name, code: (err as { code?: string }).code }),
  });
  let files: FileStore;
  let config = { ...s.config, ...extras.config };
  try {
    await migrate(db);
    await seed(db);
    files = await openFileStore(s.fileStore, db);
    if (!env.FILE_URL_SECRET) config = { ...config, fileUrlSecret: await sharedSecret(db, 'file_url_secret') };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  const app = createApp({ ...extras.app, db, files, config, log });
  return { app, db, files, settings: { ...s, config }, close: () => db.close() };
}
