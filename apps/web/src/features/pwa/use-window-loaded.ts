import { useEffect, useState } from 'react';

/** After `load`, how long the page's own work (its list's data, its largest paint) goes first. */
const AFTER_LOAD_MS = 2_000;

/**
 * True once the window's `load` event has passed and then the page has had AFTER_LOAD_MS and an
 * idle moment: what comes after the page (the service worker and its precache of the build)
 * never competes with its first load, nor with the list whose data arrives just after `load`
 * (its largest paint).
 */
export function useWindowLoaded(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const whenIdle = () => {
      const done = () => setSettled(true);
      if ('requestIdleCallback' in window)
        idle = window.requestIdleCallback(done, { timeout: 2_000 });
      else done();
    };
    const afterLoad = () => (timer = setTimeout(whenIdle, AFTER_LOAD_MS));
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
  return settled;
}
