import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsLeft, useCountdown } from './use-countdown';

describe('secondsLeft', () => {
  it.each([
    [30_000, 0, 30],
    [30_000, 1, 30],
    [30_000, 29_001, 1],
    [30_000, 30_000, 0],
    [30_000, 99_000, 0],
  ])('ends %i, now %i → %i', (end, now, left) => expect(secondsLeft(end, now)).toBe(left));
});

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('counts down once a second to zero and can start again', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current[0]).toBe(0);
    act(() => result.current[1](30));
    expect(result.current[0]).toBe(30);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(result.current[0]).toBe(20);
    act(() => void vi.advanceTimersByTime(25_000));
    expect(result.current[0]).toBe(0);
    act(() => result.current[1](30));
    expect(result.current[0]).toBe(30);
  });
});
