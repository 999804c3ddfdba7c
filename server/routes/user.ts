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
  .put('/v1/user/logout', async (c) => {
    const caller = requireCaller(c);
    await revokeSession(c.var.deps.db, caller.sessionId, c.var.deps.config.now());
    return okMessage(c, SERVER_MSG.loggedOut);
  });
