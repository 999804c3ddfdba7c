// A page's main-thread CPU profile over CDP, summarised as self time by script and by function: where a start spends
// its time, for the benchmark that asks (e.g. LIST_PROFILE=/tmp/list-profile.json npm run bench:list).
import { writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

export async function startProfile(cdp: CDPSession) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

/** Self time (ms) per script and the 30 heaviest functions, written to `file`. */
export async function stopProfile(cdp: CDPSession, file: string) {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    const script = f.url.replace(/^https?:\/\/[^/]+/, '') || `(${f.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${f.functionName || '(anonymous)'} ${script}:${f.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => ({ where: k, self_ms: Math.round(v) }));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  writeFileSync(
    file,
    `${JSON.stringify({ total_ms: Math.round(total), by_script: top(byScript, 25), by_function: top(byFunction, 30) }, null, 2)}\n`,
  );
}
