import { Hono } from 'hono';
import { StatementIdentityRequest } from '../../contracts/business';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { authorizeInService } from '../middleware/authorize';
import { body } from '../middleware/body';
import { ok } from '../respond';
import { parseStatements } from '../services/bank-statements';

// Banking API base (/api/banking): statement identity parsing (REQ-BANK-1), staff
// token. The answer carries `results` beside `success` (not under `data`), as the client reads `results[0].identity_data`.

export const bankingRoutes = new Hono<AppEnv>()
  .get('/health', (c) => ok(c, { status: 'ok', api: 'banking' }))
  .post('/v1/identity', authorizeInService('business.update', 'staff'), body(StatementIdentityRequest), async (c) => {
    const caller = requireCaller(c, ['staff']);
    const input = c.req.valid('json');
    return c.json({ success: true, status_code: 200, results: await parseStatements(c.var.deps, caller, input) });
  });
