// docs/architecture.md "Where a new step goes": every queued write is an entry of the op catalogue, and product code
// queues only through enqueue(entry, …). This scans the client's code so a request built by hand (queueOp, or a
// hand-written outbox row) outside the sync layer fails here (tests excepted).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const RAW = /\bqueueOp\s*\(|\bwriteOp\s*\(|\.outbox\.(add|put|bulkAdd|bulkPut)\s*\(/;

function clientFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return clientFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.includes('test-kit') ? [relative(root, path)] : [];
  });
}

describe('queued writes', () => {
  it('are built only in the sync layer and the outbox', () => {
    const raw = clientFiles(join(root, 'src')).filter((f) => RAW.test(readFileSync(join(root, f), 'utf8')));
    expect(raw.filter((f) => !f.startsWith('src/sync/') && !f.startsWith('src/db/'))).toEqual([]);
  });

  it('the scan finds a request queued by hand', () => {
    expect(RAW.test("await queueOp(db, { kind: 'x', method: 'POST', path: '/p' })")).toBe(true);
    expect(RAW.test('await db.outbox.put(row)')).toBe(true);
    expect(RAW.test('await enqueue(db, OP_CATALOGUE.kyc, { appId, at: { appId }, body })')).toBe(false);
  });
});
