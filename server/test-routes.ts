import { createApp } from './app';
import { makeConfig } from './config';
import type { Db } from './db/db';
import type { FileStore } from './storage/file-store';

// The app built only to read its route list (`app.routes`): nothing is served, so nothing may reach a store.
const refuse = () => Promise.reject(new Error('the route list reads no store'));
const db: Db = { query: refuse, exec: refuse, tx: refuse, close: async () => {} };
const files: FileStore = { kind: 'dir', put: refuse, open: refuse, delete: refuse };

export const routeListApp = () => createApp({ db, files, config: makeConfig({}) });
