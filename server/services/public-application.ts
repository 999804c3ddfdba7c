import type { Queryable } from '../db/db';
import { randomHex } from '../crypto-utils';
import { APP_COLUMNS, type AppRow, trackerId } from './application-store';

/**
 * The public visitor's application for this tenant and mobile: the one a visitor started earlier (at most one exists,
 * unique index of migration 007), else a new one, origin 'public', no staff owner, id made here (32 hex).
 * Concurrent first verifies of one mobile end with the same row: the second insert waits for the first and does nothing.
 */
export async function findOrCreatePublicApplication(q: Queryable, a: { tenantId: string; mobile: string; now: Date }): Promise<AppRow> {
  const [created] = await q.query<AppRow>(
    `INSERT INTO applications (id, tenant_id, owner_user_id, origin, phone, data, tracker_id, created_at, updated_at)
     VALUES ($1,$2,NULL,'public',$3,'{}'::jsonb,$4,$5::timestamptz,$5::timestamptz)
     ON CONFLICT (tenant_id, phone) WHERE origin = 'public' DO NOTHING RETURNING ${APP_COLUMNS}`,
    [randomHex(16), a.tenantId, a.mobile, trackerId(), a.now.toISOString()],
  );
  if (created) return created;
  const [existing] = await q.query<AppRow>(`SELECT ${APP_COLUMNS} FROM applications WHERE tenant_id=$1 AND phone=$2 AND origin='public'`, [
    a.tenantId,
    a.mobile,
  ]);
  if (!existing) throw new Error('public application vanished between insert and select');
  return existing;
}
