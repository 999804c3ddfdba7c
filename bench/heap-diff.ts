// Compares two heap snapshots of one page (bench/memory-photos.ts with MEMORY_SNAPSHOT=/dir): what grew, and what holds
// the objects that survived. Node ids stay the same across one page's snapshots, so the end's nodes whose ids the start
// lacks are the survivors; each is charged to the first old object on its shortest path from the roots (weak edges
// skipped), and one such path is printed per group. This is how growth of the heap over a week offline is attributed.
// Usage: npx tsx bench/heap-diff.ts /dir/start.heapsnapshot /dir/end.heapsnapshot [groups=12]
import { readFileSync } from 'node:fs';

type Raw = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
};
type Edge = { type: string; name: string; to: number };

function load(file: string) {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Raw;
  const { meta } = raw.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const count = raw.nodes.length / nf;
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0, e = 0; i < count; i += 1) {
    firstEdge[i] = e;
    e += raw.nodes[i * nf + 4]! * ef;
    firstEdge[i + 1] = e;
  }
  const node = (i: number) => ({
    type: meta.node_types[0][raw.nodes[i * nf]!]!,
    name: raw.strings[raw.nodes[i * nf + 1]!]!,
    id: raw.nodes[i * nf + 2]!,
    size: raw.nodes[i * nf + 3]!,
  });
  const edges = (i: number): Edge[] => {
    const out: Edge[] = [];
    for (let e = firstEdge[i]!; e < firstEdge[i + 1]!; e += ef) {
      const type = meta.edge_types[0][raw.edges[e]!]!;
      const n = raw.edges[e + 1]!;
      out.push({ type, name: type === 'element' || type === 'hidden' ? `[${n}]` : raw.strings[n]!, to: raw.edges[e + 2]! / nf });
    }
    return out;
  };
  return { count, node, edges };
}
type Snap = ReturnType<typeof load>;
const label = (n: { type: string; name: string }) => `${n.type}:${n.name.slice(0, 50)}`;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`.padStart(10);

function byKind(s: Snap) {
  const m = new Map<string, { n: number; bytes: number }>();
  for (let i = 0; i < s.count; i += 1) {
    const n = s.node(i);
    const v = m.get(label(n)) ?? { n: 0, bytes: 0 };
    v.n += 1;
    v.bytes += n.size;
    m.set(label(n), v);
  }
  return m;
}

const [startFile, endFile, groupsArg] = process.argv.slice(2);
if (!startFile || !endFile) throw new Error('usage: heap-diff.ts start.heapsnapshot end.heapsnapshot [groups]');
const start = load(startFile);
const startIds = new Set(Array.from({ length: start.count }, (_, i) => start.node(i).id));
const before = byKind(start);
const end = load(endFile);
const after = byKind(end);
const rows = [...new Set([...before.keys(), ...after.keys()])].map((k) => {
  const a = before.get(k) ?? { n: 0, bytes: 0 };
  const b = after.get(k) ?? { n: 0, bytes: 0 };
  return { k, n: b.n - a.n, bytes: b.bytes - a.bytes };
});
rows.sort((x, y) => y.bytes - x.bytes);
console.log(
  `nodes ${start.count} → ${end.count}; self size ${kb(rows.reduce((s, r) => s + r.bytes, 0))} net\n\ngrew most (type:name, count, self size):`,
);
for (const r of rows.slice(0, 25)) console.log(kb(r.bytes), String(r.n).padStart(7), r.k);

// Shortest paths from the root (node 0), weak edges skipped.
const parent = new Int32Array(end.count).fill(-1);
const via: string[] = [];
const order = [0];
const seen = new Uint8Array(end.count);
seen[0] = 1;
for (let h = 0; h < order.length; h += 1) {
  for (const e of end.edges(order[h]!)) {
    if (e.type === 'weak' || e.type === 'shortcut' || seen[e.to]) continue;
    seen[e.to] = 1;
    parent[e.to] = order[h]!;
    via[e.to] = e.name;
    order.push(e.to);
  }
}
const isNew = (i: number) => !startIds.has(end.node(i).id);
const frontier = new Int32Array(end.count).fill(-1);
const groups = new Map<string, { bytes: number; n: number; sample: number }>();
for (const i of order) {
  if (!isNew(i)) continue;
  const p = parent[i]!;
  frontier[i] = p >= 0 && isNew(p) ? frontier[p]! : i;
  const f = frontier[i]!;
  const key = `${label(end.node(parent[f]!))} .${via[f]}`;
  const g = groups.get(key) ?? { bytes: 0, n: 0, sample: f };
  g.bytes += end.node(i).size;
  g.n += 1;
  groups.set(key, g);
}
const top = [...groups.entries()].sort((x, y) => y[1].bytes - x[1].bytes).slice(0, Number(groupsArg ?? 12));
console.log('\nsurvivors (ids not in the start), by the old object and edge that hold them:');
for (const [k, g] of top) console.log(kb(g.bytes), String(g.n).padStart(7), k);
for (const [k, g] of top) {
  const path: string[] = [];
  for (let c = g.sample; c > 0 && path.length < 12; c = parent[c]!)
    path.unshift(`${label(end.node(c))}${isNew(c) ? ' (new)' : ''}  ←.${via[c]}`);
  console.log(`\n${k}\n    ${path.join('\n    ')}`);
}
