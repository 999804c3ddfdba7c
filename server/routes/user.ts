import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { SERVER_MSG } from '../../contracts/messages';
import type { Profile } from '../../contracts/profile';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { ok, okMessage } from '../respond';
import { revokeSession } from '../services/sessions';

type UserRow = Omit<Profile, 'mfi_employee'> & { designation: string | null };

export const userRoutes = new Hono<AppEnv>()
  .get('/v1/user/me', async (c) => {
    const caller = requireCaller(c, ['staff']);
    const [u] = await c.var.deps.db.query<UserRow>(
      `SELECT id, first_name, last_name, email, mobile, address, pincode, city, state, role, designation, pan,
         aadhaar_front, aadhaar_back, cancelled_cheque, account_number, bank_name, ifsc
       FROM users WHERE id=$1 AND tenant_id=$2`,
      [caller.userId, caller.tenantId],
    );
    if (!u) throw new ApiError(401, SERVER_MSG.unauthorized);
    const { designation, ...rest } = u;
    const profile: Profile = { ...rest, mfi_employee: { designation } };
    return ok(c, profile);
  })
  .get('/v1/user/key-escrow', async (c) => {
    // The officer's recovery secret (32 random bytes, base64), made on first ask and the same afterwards. It
    // wraps a second copy of the phone's data key, so 'Forgot PIN' after an OTP sign-in loses nothing. Never logged.
    const caller = requireCaller(c, ['staff']);
    const { db, config } = c.var.deps;
    await db.query(
      'INSERT INTO key_escrow (tenant_id, user_id, secret, created_at) VALUES ($1,$2,$3,$4::timestamptz) ON CONFLICT (tenant_id, user_id) DO NOTHING',
      [caller.tenantId, caller.userId, randomBytes(32).toString('base64'), config.now().toISOString()],
    );
    const [row] = await db.query<{ secret: string }>('SELECT secret FROM key_escrow WHERE tenant_id=$1 AND user_id=$2', [
      caller.tenantId,
      caller.userId,
    ]);
    c.header('Cache-Control', 'no-store');
    return ok(c, { secret: row!.secret });
  })
  .put('/v1/user/logout', async (c) => {
    const caller = requireCaller(c);
    await revokeSession(c.var.deps.db, caller.sessionId, c.var.deps.config.now());
    return okMessage(c, SERVER_MSG.loggedOut);
  });
