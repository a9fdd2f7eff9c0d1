import { useEffect, useState } from 'react';

/** If the browser never reports the first paint (a tab opened in the background), no longer. */
const PAINT_WAIT_MS = 3_000;

/**
 * True once the page's first paint is on screen (the browser's first-contentful-paint entry).
 * Asked for any sooner, the stories' code and data load beside the entry and count against the
 * page's first paint (the Lighthouse bar of this page).
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(
    () =>
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint'),
  );
  useEffect(() => {
    if (painted) return;
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      setPainted(true);
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    const timer = setTimeout(done, PAINT_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
