// Ops queued behind something that is not an op yet: a step captured before the borrower's mobile is verified waits
// for the borrower submit, which only exists once the OTP is done. The op names a gate in `dependsOn`; the op that
// opens it (the borrower submit) takes the gate's place there and goes in front of everything that waited for it.
import type { OutboxOp } from './types';
import type { UserDb } from './user-db';

const GATE_PREFIX = 'gate:';
/** The borrower submit of one application: KYC, co-applicants, family, business and bank account wait for it. */
export const borrowerGate = (appId: string) => `${GATE_PREFIX}borrower:${appId}`;
export const isGate = (id: string) => id.startsWith(GATE_PREFIX);
/** The gates an op still waits for (none once the op that opens them is queued). */
export const gatesOf = (op: Pick<OutboxOp, 'dependsOn'>) => (op.dependsOn ?? []).filter(isGate);

/**
 * Inside writeOp's transaction, after `opener` is added: every op waiting at `gate` now waits for `opener` instead and
 * moves behind it, in its own order (the application's ops replay in seq order, so they must come after the opener).
 */
export async function releaseGate(db: UserDb, gate: string, opener: OutboxOp): Promise<number> {
  const waiting = (await db.outbox.orderBy('seq').toArray()).filter((o) => o.dependsOn.includes(gate));
  for (const o of waiting) {
    await db.outbox.delete(o.seq!);
    const { seq: _seq, ...rest } = o;
    await db.outbox.add({ ...rest, dependsOn: o.dependsOn.map((d) => (d === gate ? opener.id : d)), updatedAt: opener.createdAt });
  }
  return waiting.length;
}
