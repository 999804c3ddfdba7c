// docs/architecture.md "The server": one module writes an application (server/services/application-writes.ts), behind
// the authority table. This scans the server's code so a hand-written update of an application row, of its events
// or of its stage list outside that module fails here (migrations and tests excepted).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const WRITE_MODULE = 'server/services/application-writes.ts';
const WRITES = /UPDATE\s+applications\b|INSERT\s+INTO\s+application_events\b|WITH\s+ORDINALITY/i;

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : serverFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.startsWith('test-') ? [relative(root, path)] : [];
  });
}

describe('writes to an application', () => {
  it('are written only by the write module', () => {
    const writers = serverFiles(join(root, 'server')).filter((f) => WRITES.test(readFileSync(join(root, f), 'utf8')));
    expect(writers).toEqual([WRITE_MODULE]);
  });

  it('the scan finds a hand-written update', () => {
    expect(WRITES.test('await q.query(`UPDATE applications SET data = data || $3::jsonb WHERE id=$1`)')).toBe(true);
    expect(WRITES.test("'INSERT INTO application_events (tenant_id) VALUES ($1)'")).toBe(true);
  });
});
