import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSimulatedProgress } from './use-simulated-progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('simulated upload progress', () => {
  it('steps every 200 ms, stops at 90%, then 100% when the upload is done', () => {
    const { result } = renderHook(() => useSimulatedProgress());
    expect(result.current.progress).toBeNull();
    act(() => result.current.start());
    expect(result.current.progress).toBe(0);
    act(() => vi.advanceTimersByTime(199));
    expect(result.current.progress).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.progress).toBe(10);
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      act(() => vi.advanceTimersByTime(200));
      seen.push(result.current.progress!);
    }
    expect(seen).toEqual([20, 30, 40, 50, 60, 70, 80, 90, 90, 90, 90, 90]);
    act(() => result.current.finish());
    expect(result.current.progress).toBe(100);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.progress).toBe(100);
  });

  it('cancel stops the steps and clears the bar', () => {
    const { result } = renderHook(() => useSimulatedProgress());
    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(400));
    expect(result.current.progress).toBe(20);
    act(() => result.current.reset());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.progress).toBeNull();
  });
});
