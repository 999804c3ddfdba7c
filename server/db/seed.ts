import { BRANCH_STAFF, BRANCHES, STAFF, STAFF_BRANCH, staffEmail } from '../fixtures/staff';
import { TENANTS } from '../fixtures/tenants';
import type { Db } from './db';

/** Idempotent: upserts tenants and their staff. */
export async function seed(db: Db): Promise<void> {
  await db.tx(async (q) => {
    for (const t of TENANTS) {
      await q.query(
        `INSERT INTO tenants (tenant_id, name, config) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (tenant_id) DO UPDATE SET name = EXCLUDED.name, config = EXCLUDED.config, updated_at = now()`,
        [t.tenant_id, t.name, JSON.stringify(t)],
      );
      for (const b of BRANCHES) {
        await q.query(
          `INSERT INTO branches (tenant_id, id, name, kind, parent_id) VALUES ($1,$2,$3,$4,$5)
           ON CONFLICT (tenant_id, id) DO UPDATE SET name = EXCLUDED.name`,
          [t.tenant_id, b.id, b.name, b.kind, b.parent_id],
        );
      }
      for (const s of [...STAFF, ...BRANCH_STAFF]) {
        await q.query(
          `INSERT INTO users (tenant_id, mobile, role, designation, first_name, last_name, email, address, pincode, city, state,
             bank_name, account_number, ifsc, branch_id)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)
           ON CONFLICT (tenant_id, mobile) DO UPDATE SET role = EXCLUDED.role, designation = EXCLUDED.designation,
             first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, email = EXCLUDED.email,
             address = EXCLUDED.address, pincode = EXCLUDED.pincode, city = EXCLUDED.city, state = EXCLUDED.state,
             bank_name = EXCLUDED.bank_name, account_number = EXCLUDED.account_number, ifsc = EXCLUDED.ifsc,
             branch_id = EXCLUDED.branch_id, active = true`,
          [
            t.tenant_id,
            s.mobile,
            s.role,
            s.designation,
            s.first_name,
            s.last_name,
            staffEmail(s, t.tenant_id),
            STAFF_BRANCH.address,
            STAFF_BRANCH.pincode,
            STAFF_BRANCH.city,
            STAFF_BRANCH.state,
            s.bank_name,
            s.account_number,
            s.ifsc,
            s.branch_id ?? 'B1',
          ],
        );
      }
    }
  });
}
