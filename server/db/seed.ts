import { STAFF, STAFF_BRANCH, staffEmail } from '../fixtures/staff';
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
      for (const s of STAFF) {
        await q.query(
          `INSERT INTO users (tenant_id, mobile, role, designation, first_name, last_name, email, address, pincode, city, state,
             bank_name, account_number, ifsc)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)
           ON CONFLICT (tenant_id, mobile) DO UPDATE SET role = EXCLUDED.role, designation = EXCLUDED.designation,
             first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, email = EXCLUDED.email,
             address = EXCLUDED.address, pincode = EXCLUDED.pincode, city = EXCLUDED.city, state = EXCLUDED.state,
             bank_name = EXCLUDED.bank_name, account_number = EXCLUDED.account_number, ifsc = EXCLUDED.ifsc, active = true`,
          [t.tenant_id, s.mobile, s.role, s.designation, s.first_name, s.last_name, staffEmail(s, t.tenant_id),
            STAFF_BRANCH.address, STAFF_BRANCH.pincode, STAFF_BRANCH.city, STAFF_BRANCH.state,
            s.bank_name, s.account_number, s.ifsc],
        );
      }
    }
  });
}
