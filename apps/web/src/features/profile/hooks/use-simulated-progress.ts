import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: the upload progress moves every 200 ms, never past 90% before the end. */
export const PROGRESS_STEP_MS = 200;
export const PROGRESS_CAP = 90;
export const PROGRESS_STEP = 10;

/**
 * Simulated upload progress: `start` counts up by 10 every 200 ms to 90, `finish` sets 100,
 * `reset` stops and returns to null (no upload).
 */
export function useSimulatedProgress() {
  const [progress, setProgress] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const stop = () => window.clearInterval(timer.current);

  const start = useCallback(() => {
    stop();
    setProgress(0);
    timer.current = window.setInterval(() => {
      setProgress((p) => Math.min(PROGRESS_CAP, (p ?? 0) + PROGRESS_STEP));
    }, PROGRESS_STEP_MS);
  }, []);
  const finish = useCallback(() => {
    stop();
    setProgress(100);
  }, []);
  const reset = useCallback(() => {
    stop();
    setProgress(null);
  }, []);

  useEffect(() => stop, []);
  return { progress, start, finish, reset };
}
