import { Hono } from 'hono';
import { StatementIdentityRequest } from '../../contracts/business';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { jsonBody, ok, validate } from '../respond';
import { parseStatements } from '../services/bank-statements';

// Banking API base (/api/banking): statement identity parsing (REQ-BANK-1), staff
// token. The answer carries `results` beside `success` (not under `data`), as the client reads `results[0].identity_data`.

export const bankingRoutes = new Hono<AppEnv>()
  .get('/health', (c) => ok(c, { status: 'ok', api: 'banking' }))
  .post('/v1/identity', async (c) => {
    const caller = requireCaller(c, ['staff']);
    const body = validate(StatementIdentityRequest, await jsonBody(c));
    return c.json({ success: true, status_code: 200, results: await parseStatements(c.var.deps, caller, body) });
  });
