/** Where the browser reports no largest-contentful-paint after a change, wait this long instead. */
export const PAINT_WAIT_MS = 300;

/**
 * Resolves once what was just put on the page (before the browser paints it) is on screen. The
 * browser reports it with a largest-contentful-paint entry (its time is when the frame was
 * presented, later than the frame's rendering); a page whose largest element came earlier
 * reports none, and a short wait stands in (`maxWaitMs`).
 */
export function afterLargestPaint(
  maxWaitMs = PAINT_WAIT_MS,
  /** What was put on the page: its own largest paint, not one of an earlier frame in flight. */
  shown?: Element,
): Promise<void> {
  const shownAt = performance.now();
  const isShown = (entry: PerformanceEntry & { element?: Element | null }) =>
    shown ? !!entry.element && shown.contains(entry.element) : entry.startTime >= shownAt;
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    if (
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')
    ) {
      observer = new PerformanceObserver((entries) => {
        if (entries.getEntries().some(isShown)) done();
      });
      observer.observe({ type: 'largest-contentful-paint' });
    }
    setTimeout(done, maxWaitMs);
  });
}
