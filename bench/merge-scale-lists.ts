// The lists-at-scale figures for bench/results/latest.json (bench/merge-results.ts): each scenario's p95 at every
// seeded size, the target (p95 ≤ 50 ms, 20 concurrent clients) judged at 1,000,000, and the before/after ratio of the
// old query shapes measured in the same run.
import type { Figure } from './merge-results';

// biome-ignore lint/suspicious/noExplicitAny: the result file is read loosely; each line checks what it uses.
type Json = Record<string, any>;

export const SCENARIOS: Record<string, { label: string; judged: boolean }> = {
  list_first_officer: { label: "an officer's list, first page (count + page)", judged: true },
  list_first_branch: { label: "a branch reviewer's list, first page (count + page)", judged: true },
  list_first_tenant: { label: "the head office's list, first page (count + page)", judged: true },
  list_deep_cursor_branch: { label: 'a branch list half way down, by cursor (count + page)', judged: true },
  list_deep_page_branch: { label: 'a branch list half way down, by page number only (count + page)', judged: false },
  list_deep_page_tenant: { label: 'the head office list, page 10,000 or half way, by page number only', judged: false },
  search_name_branch: { label: 'search by part of a name, a branch (count + page)', judged: true },
  search_name_tenant: { label: 'search by part of a name, the whole lender (count + page)', judged: true },
  search_mobile_tenant: { label: 'search by the start of a mobile, the whole lender (count + page)', judged: true },
  search_tracker_tenant: { label: 'search by the start of a tracker id, the whole lender (count + page)', judged: true },
  count_officer: { label: "count, an officer's", judged: true },
  count_branch: { label: "count, a branch's", judged: true },
  count_tenant: { label: "count, the head office's", judged: true },
};

export function scaleListFigures(r: Json | null): Figure[] {
  if (!r) return [];
  const out: Figure[] = [];
  const target = r.target_p95_ms as number;
  const biggest = Math.max(...(r.sizes as Json[]).map((s) => s.applications as number));
  for (const s of r.sizes as Json[]) {
    const apps = s.applications as number;
    for (const [id, sc] of Object.entries(SCENARIOS)) {
      const st = s.after?.[id];
      if (!st) continue;
      const judged = sc.judged && apps === biggest && apps >= 1_000_000;
      out.push({
        id: `scale_${id}_${apps}`,
        figure: `Lists at ${apps.toLocaleString('en-US')} applications: ${sc.label}, p95 of ${st.n} calls, 20 concurrent clients (p50 ${st.p50} ms)`,
        value: st.p95,
        unit: 'ms',
        target: judged ? `≤ ${target} ms` : '— (baseline)',
        pass: judged ? st.p95 <= target : null,
        source: 'scale-lists.json',
        measured_at: r.date,
      });
    }
  }
  const big = (r.sizes as Json[]).find((s) => s.before);
  for (const [id, ratio] of Object.entries((r.ratio_p95 ?? {}) as Record<string, number | null>)) {
    if (ratio === null || !big) continue;
    out.push({
      id: `scale_ratio_${id}`,
      figure: `Lists at ${big.applications.toLocaleString('en-US')}: before/after p95 of ${SCENARIOS[id]?.label ?? id} (old query shapes and indexes ${big.before[id].p95} ms → ${big.after[id].p95} ms, one run)`,
      value: ratio,
      unit: '×',
      target: '> 1×',
      pass: ratio > 1,
      source: 'scale-lists.json',
      measured_at: r.date,
    });
  }
  return out;
}
