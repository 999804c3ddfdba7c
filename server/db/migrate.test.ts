import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate';
import { seed } from './seed';
import { openTestDb, type TestDb } from './test-db';
import { MIGRATIONS } from './migrations/list';
import { BRANCH_STAFF, STAFF } from '../fixtures/staff';

let t: TestDb | undefined;
afterAll(async () => {
  await t?.drop();
});

describe('migrate and seed', () => {
  it('applies migrations once and seeds idempotently: 4 tenants × their staff (two of the review role in the first branch), the branch staff included', async () => {
    t = await openTestDb();
    const db = t.db;
    expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.id));
    expect(MIGRATIONS[0]?.id).toBe('001_initial');
    expect(await migrate(db)).toEqual([]);
    await seed(db);
    await db.query(`UPDATE users SET first_name='Changed' WHERE mobile='9000000001'`);
    await seed(db);
    const [counts] = await db.query<{ tenants: number; users: number }>(
      'SELECT (SELECT count(*)::int FROM tenants) AS tenants, (SELECT count(*)::int FROM users) AS users',
    );
    expect(counts).toEqual({ tenants: 4, users: 4 * (STAFF.length + BRANCH_STAFF.length) });
    const names = await db.query<{ first_name: string }>(`SELECT first_name FROM users WHERE mobile='9000000001'`);
    expect(names.map((n) => n.first_name)).toEqual(['Anil', 'Anil', 'Anil', 'Anil']);
  });
});
