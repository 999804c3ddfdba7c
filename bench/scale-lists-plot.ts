// Draws bench/results/scale-lists.svg from bench/results/scale-lists.json: p95 of each list, search and count call
// against the number of applications (both axes logarithmic), with the 50 ms target; prints the table bench/README.md
// shows. Usage: tsx bench/scale-lists-plot.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { SCENARIOS } from './merge-scale-lists';

// biome-ignore lint/suspicious/noExplicitAny: the result file is read loosely.
const r = JSON.parse(readFileSync('bench/results/scale-lists.json', 'utf8')) as Record<string, any>;
const sizes = (r.sizes as { applications: number; after: Record<string, { p50: number; p95: number }> }[]).sort(
  (a, b) => a.applications - b.applications,
);
const ids = Object.keys(SCENARIOS).filter((id) => sizes.some((s) => s.after[id]));

const W = 900;
const H = 520;
const L = 70;
const R = 330;
const T = 30;
const B = 60;
const xs = sizes.map((s) => s.applications);
const all = sizes.flatMap((s) => ids.map((id) => s.after[id]?.p95 ?? 1)).concat([r.target_p95_ms]);
const [yMin, yMax] = [Math.max(0.1, Math.min(...all) / 1.5), Math.max(...all) * 1.5];
const lx = (v: number) => L + ((Math.log10(v) - Math.log10(xs[0]!)) / (Math.log10(xs.at(-1)!) - Math.log10(xs[0]!) || 1)) * (W - L - R);
const ly = (v: number) => H - B - ((Math.log10(v) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * (H - T - B);
const COLORS = [
  '#1b6ca8',
  '#d1495b',
  '#00798c',
  '#edae49',
  '#66a182',
  '#8d6a9f',
  '#2e4057',
  '#c05805',
  '#4f6d7a',
  '#a23b72',
  '#3b8b5a',
  '#7a5c2e',
  '#555',
];
const out: string[] = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
  `<rect width="${W}" height="${H}" fill="#fff"/>`,
  `<text x="${L}" y="18" font-size="14">Lists at scale: p95 per call, ${r.machine ? '20 concurrent clients' : ''} (log–log)</text>`,
];
for (const x of xs) {
  out.push(`<line x1="${lx(x)}" x2="${lx(x)}" y1="${T}" y2="${H - B}" stroke="#ddd"/>`);
  out.push(`<text x="${lx(x)}" y="${H - B + 18}" text-anchor="middle">${x.toLocaleString('en-US')}</text>`);
}
for (let e = Math.ceil(Math.log10(yMin)); e <= Math.log10(yMax); e += 1) {
  const v = 10 ** e;
  out.push(`<line x1="${L}" x2="${W - R}" y1="${ly(v)}" y2="${ly(v)}" stroke="#eee"/>`);
  out.push(`<text x="${L - 6}" y="${ly(v) + 4}" text-anchor="end">${v} ms</text>`);
}
out.push(`<text x="${(L + W - R) / 2}" y="${H - 20}" text-anchor="middle">applications in the tenant</text>`);
const tgt = ly(r.target_p95_ms);
out.push(`<line x1="${L}" x2="${W - R}" y1="${tgt}" y2="${tgt}" stroke="#000" stroke-dasharray="6 4"/>`);
out.push(`<text x="${W - R - 4}" y="${tgt - 5}" text-anchor="end">target ${r.target_p95_ms} ms</text>`);
ids.forEach((id, k) => {
  const c = COLORS[k % COLORS.length];
  const pts = sizes.filter((s) => s.after[id]).map((s) => `${lx(s.applications)},${ly(s.after[id]!.p95)}`);
  out.push(`<polyline fill="none" stroke="${c}" stroke-width="2" points="${pts.join(' ')}"/>`);
  for (const p of pts) out.push(`<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="3" fill="${c}"/>`);
  out.push(`<rect x="${W - R + 16}" y="${T + k * 20}" width="12" height="12" fill="${c}"/>`);
  out.push(`<text x="${W - R + 34}" y="${T + k * 20 + 10}">${id.replace(/_/g, ' ')}</text>`);
});
out.push('</svg>');
writeFileSync('bench/results/scale-lists.svg', `${out.join('\n')}\n`);

const head = `| call | ${sizes.map((s) => `${s.applications.toLocaleString('en-US')} p50 / p95`).join(' | ')} |`;
const rows = ids.map(
  (id) =>
    `| ${SCENARIOS[id]!.label} | ${sizes.map((s) => (s.after[id] ? `${s.after[id]!.p50} / ${s.after[id]!.p95} ms` : '—')).join(' | ')} |`,
);
console.log([head, `|---|${sizes.map(() => '---').join('|')}|`, ...rows].join('\n'));
