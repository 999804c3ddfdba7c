import { Hono } from 'hono';
import type { HistoryEntry } from '../../contracts/change-history';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { ok } from '../respond';
import { loadApplication } from '../services/application-store';

// GET /v1/app/mfi/{id}/history (staff token, an application of the caller's tenant): its change history, oldest first
// (contracts/change-history.ts): each write that changed identity, payout, amounts or figures, with who, role and when.
export const historyRoutes = new Hono<AppEnv>().get('/v1/app/mfi/:id{[0-9a-f]{32}}/history', async (c) => {
  const caller = requireCaller(c, ['staff']);
  const app = await loadApplication(c.var.deps.db, caller, c.req.param('id'));
  const rows = await c.var.deps.db.query<{ body: Omit<HistoryEntry, 'at'>; created_at: Date | string }>(
    `SELECT body, created_at FROM application_events WHERE tenant_id=$1 AND application_id=$2 AND kind='change' ORDER BY seq`,
    [app.tenant_id, app.id],
  );
  const history: HistoryEntry[] = rows.map((r) => ({
    at: new Date(r.created_at).toISOString(),
    by_user_id: r.body.by_user_id,
    role: r.body.role,
    changes: r.body.changes,
  }));
  return ok(c, { history });
});
