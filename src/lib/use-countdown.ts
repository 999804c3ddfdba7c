// A seconds countdown (OTP resend) measured against the clock, so a throttled or sleeping tab still ends on time.
import { useCallback, useEffect, useState } from 'react';

export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** Returns the seconds left and `start(n)`; the value ticks once a second and stops at 0. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [endsAt, setEndsAt] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (endsAt === 0) return;
    const tick = () => {
      const s = secondsLeft(endsAt, Date.now());
      setLeft(s);
      if (s === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, 250);
    tick();
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback((seconds: number) => {
    setLeft(seconds);
    setEndsAt(Date.now() + seconds * 1000);
  }, []);
  return [left, start];
}
