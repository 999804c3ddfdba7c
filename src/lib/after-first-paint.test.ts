import { describe, expect, it, vi } from 'vitest';

/** A PerformanceObserver that reports paints when told to: returns the call that reports the first contentful paint. */
function reportPaints() {
  vi.resetModules();
  let report: ((list: { getEntriesByName: (n: string) => unknown[] }) => void) | undefined;
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(cb: typeof report) {
      report = cb;
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return () => report!({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) });
}

describe('afterFirstPaint', () => {
  it('runs the work once, after the first contentful paint is reported and the page is idle', async () => {
    const paint = reportPaints();
    const { afterFirstPaint } = await import('./after-first-paint');
    const work = vi.fn();
    afterFirstPaint(work);
    await new Promise((r) => setTimeout(r, 100));
    expect(work).not.toHaveBeenCalled();
    paint();
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    vi.unstubAllGlobals();
  });

  it('does not wait where paints are not reported', async () => {
    vi.resetModules();
    vi.stubGlobal('PerformanceObserver', undefined);
    const { afterFirstPaint } = await import('./after-first-paint');
    const work = vi.fn();
    afterFirstPaint(work);
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    vi.unstubAllGlobals();
  });

  it('afterFirstPaintDone resolves only once the first paint is reported (code a screen asks for after painting)', async () => {
    const paint = reportPaints();
    const { afterFirstPaintDone } = await import('./after-first-paint');
    let done = false;
    void afterFirstPaintDone().then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(done).toBe(false);
    paint();
    await vi.waitFor(() => expect(done).toBe(true));
    vi.unstubAllGlobals();
  });
});
