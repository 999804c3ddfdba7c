import type { Deviation, Raiser } from '../../contracts/deviations';
import type { Queryable } from '../db/db';

// Who raised a deviation (contracts/four-eyes.ts): the writer of the request that added it, or that changed what it is
// about (a new match, a new figure), stamped as the write is stored, so a service cannot forget it and a client cannot
// send it. A deviation kept unchanged keeps its raiser (server/services/name-deviation.ts `withServerStatus`).

type Listed = { deviations?: unknown };

/** The list with the writer stamped on each PENDING deviation that has no raiser yet; the same list when none needed it. */
export function stampRaiser(list: unknown, writer: Raiser): unknown {
  if (!Array.isArray(list) || !list.some((d: Deviation) => d?.status === 'PENDING' && !d.raised_by)) return list;
  return list.map((d: Deviation) => (d?.status === 'PENDING' && !d.raised_by ? { ...d, raised_by: writer } : d));
}

/** An application data patch with its deviations (the borrower's, the figures' and the bank account's) stamped. */
export function stampPatch<T extends Record<string, unknown>>(patch: T, writer: Raiser): T {
  const out: Record<string, unknown> = { ...patch };
  for (const key of ['deviations', 'figures_deviations', 'identity_deviations'])
    if (Object.hasOwn(out, key)) out[key] = stampRaiser(out[key], writer);
  const bank = out.bank_account as Listed | undefined;
  if (bank && typeof bank === 'object' && Object.hasOwn(bank, 'deviations'))
    out.bank_account = { ...bank, deviations: stampRaiser(bank.deviations, writer) };
  return out as T;
}

/** A co-applicant's deviations stamped after its write (its row is written apart from the application's). */
export async function stampCoApplicant(q: Queryable, tenantId: string, coId: string, writer: Raiser) {
  const [row] = await q.query<{ data: Listed }>('SELECT data FROM co_applicants WHERE tenant_id=$1 AND id=$2', [tenantId, coId]);
  if (!row) return;
  const stamped = stampRaiser(row.data.deviations, writer);
  if (stamped === row.data.deviations) return;
  await q.query(`UPDATE co_applicants SET data = data || jsonb_build_object('deviations', $3::jsonb) WHERE tenant_id=$1 AND id=$2`, [
    tenantId,
    coId,
    JSON.stringify(stamped),
  ]);
}
