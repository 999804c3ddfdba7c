// The small device database `flo-device`: who is signed in, and tenant branding for the login screen.
import Dexie, { type EntityTable } from 'dexie';
import { guardWrite } from './storage-errors';
import type { SessionRow, TenantCacheRow } from './types';

export class DeviceDb extends Dexie {
  session!: EntityTable<SessionRow, 'key'>;
  tenantCache!: EntityTable<TenantCacheRow, 'host'>;

  constructor(name = 'flo-device') {
    super(name);
    this.version(1).stores({ session: 'key', tenantCache: 'host' });
  }
}

let device: DeviceDb | null = null;
export function openDeviceDb(): DeviceDb {
  device ??= new DeviceDb();
  return device;
}

export type Session = Omit<SessionRow, 'key'>;

export const getSession = async (db: DeviceDb = openDeviceDb()): Promise<Session | null> => {
  const row = await db.session.get('current');
  if (!row) return null;
  const { key: _key, ...session } = row;
  return session;
};

export const saveSession = (session: Session, db: DeviceDb = openDeviceDb()) =>
  guardWrite(() => db.session.put({ key: 'current', ...session }));

export const clearSession = (db: DeviceDb = openDeviceDb()) => guardWrite(() => db.session.delete('current'));

export const cacheTenantConfig = (host: string, config: unknown, now = Date.now(), db: DeviceDb = openDeviceDb()) =>
  guardWrite(() => db.tenantCache.put({ host, config, syncedAt: now }));

export const getCachedTenantConfig = async (host: string, db: DeviceDb = openDeviceDb()) => (await db.tenantCache.get(host)) ?? null;
