// What the V8 heap holds, by kind, from a heap snapshot (HeapProfiler.takeHeapSnapshot) for bench/memory-photos.ts.
// After the 20 applications the heap after GC was 1.3–2.0 MB above its start; the snapshots showed all of it
// was compiled code (V8's baseline and optimising tiers compiling the app's hot functions, and Playwright's injected
// script), none of it objects, strings or arrays. So the return to the start level is judged on the data: every node
// the snapshot does not class as code (type 'code': bytecode, machine code, feedback, function infos) nor as the
// browser's own C++ objects (type 'native', outside Runtime.getHeapUsage's usedSize).
// MEMORY_SNAPSHOT=/some/dir also writes each snapshot there (<name>.heapsnapshot): open them in DevTools (Memory →
// Load, "Comparison"), or compare in a script: node ids stay the same across one page's snapshots, so the end's nodes
// whose ids the start lacks are what survived.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from '@playwright/test';

export type HeapKinds = { data_mb: number; code_mb: number; native_mb: number };
type Snapshot = { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[] };

/** Sums each node's self size by kind: code, native (Blink's objects), and the rest (the data). */
export function heapKinds(snap: Snapshot): HeapKinds {
  const {
    node_fields: fields,
    node_types: [types],
  } = snap.snapshot.meta;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const bytes = { data: 0, code: 0, native: 0 };
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]!];
    const kind = type === 'code' ? 'code' : type === 'native' ? 'native' : 'data';
    bytes[kind] += snap.nodes[i + sizeAt]!;
  }
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 100) / 100;
  return { data_mb: mb(bytes.data), code_mb: mb(bytes.code), native_mb: mb(bytes.native) };
}

/** Takes a snapshot (it collects garbage first), returns its kinds; written to MEMORY_SNAPSHOT/<name> when set. */
export async function snapshotKinds(cdp: CDPSession, name: string): Promise<HeapKinds> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const text = chunks.join('');
  const dir = process.env.MEMORY_SNAPSHOT;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.heapsnapshot`), text);
  }
  return heapKinds(JSON.parse(text) as Snapshot);
}
