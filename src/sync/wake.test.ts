import { describe, expect, it, vi } from 'vitest';
import { OUTBOX_ADDED_EVENT } from '../db/outbox';
import { listenForWakeUps } from './wake';

describe('sync wake-ups', () => {
  it('a newly queued op, coming online and the timer wake the engine; unsubscribing stops all three', () => {
    vi.useFakeTimers();
    try {
      const wake = vi.fn();
      const stop = listenForWakeUps(wake, 1000);
      window.dispatchEvent(new Event(OUTBOX_ADDED_EVENT));
      expect(wake).toHaveBeenCalledTimes(1);
      window.dispatchEvent(new Event('online'));
      expect(wake).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(1000);
      expect(wake).toHaveBeenCalledTimes(3);
      stop();
      window.dispatchEvent(new Event(OUTBOX_ADDED_EVENT));
      window.dispatchEvent(new Event('online'));
      vi.advanceTimersByTime(5000);
      expect(wake).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
