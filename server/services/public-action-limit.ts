import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { ServerConfig } from '../config';
import type { Db } from '../db/db';

/** The calls anyone may make without a token, each with its own per-address budget (server/config.ts). */
export type PublicAction = 'join-us-upload' | 'join-us-request' | 'track';

const LIMIT: Record<PublicAction, (c: ServerConfig) => number> = {
  'join-us-upload': (c) => c.joinUsUploadsPerIp,
  'join-us-request': (c) => c.joinUsRequestsPerIp,
  track: (c) => c.trackPerIp,
};

/**
 * More than the action's budget from one address within `publicWindowS` → 429 'Too many requests. Please try again
 * later.' (the OTP's per-address message). Counted and logged in one transaction under an advisory lock on action +
 * address, so concurrent calls on several instances cannot all pass; refused calls are logged too, so a flood stays
 * refused. Rows older than the window are dropped as the address comes back.
 */
export async function checkAndLogPublicAction(db: Db, config: ServerConfig, action: PublicAction, ip: string): Promise<void> {
  const now = config.now();
  const since = new Date(now.getTime() - config.publicWindowS * 1000).toISOString();
  const refused = await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`public:${action}:${ip}`]);
    await q.query('DELETE FROM public_action_log WHERE action=$1 AND ip=$2 AND created_at <= $3::timestamptz', [action, ip, since]);
    const [row] = await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM public_action_log WHERE action=$1 AND ip=$2 AND created_at > $3::timestamptz',
      [action, ip, since],
    );
    await q.query('INSERT INTO public_action_log (action, ip, created_at) VALUES ($1,$2,$3::timestamptz)', [action, ip, now.toISOString()]);
    return (row?.n ?? 0) >= LIMIT[action](config);
  });
  if (refused) throw new ApiError(429, SERVER_MSG.tooManyRequests);
}
