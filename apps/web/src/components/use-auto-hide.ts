import { useEffect, useState, type RefObject } from 'react';

/** Spec section 9: navigation bar auto-hide constants. */
export const NAV_HIDE = {
  /** Scroll movements of at most this many pixels are ignored. */
  minScrollDelta: 10,
  /** Scrolling down hides the bar only past this offset. */
  hideAfterOffset: 100,
  /** A pointer within this distance of the top reveals the bar. */
  revealZone: 100,
  /** Hides again this long after the pointer revealed it and left. */
  pointerHideDelay: 2000,
  /** Hides again this long after scrolling up revealed it, when the page is still scrolled. */
  scrollHideDelay: 3000,
} as const;

/**
 * Hides the bar on scroll down, shows it on scroll up or when the pointer nears the top. It never
 * hides while it holds keyboard focus or while `pinned` (the mobile menu is open).
 */
export function useAutoHide(ref: RefObject<HTMLElement | null>, pinned: boolean): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    // The offset is first read by the first scroll, not here: reading it now would make the
    // browser lay out the page just rendered at once (on a first load, the longest task after
    // the entry's).
    let lastY: number | undefined;
    let timer: number | undefined;
    const hasFocus = () => !!ref.current?.contains(document.activeElement);
    const clear = () => window.clearTimeout(timer);
    const hideLater = (ms: number) => {
      clear();
      timer = window.setTimeout(() => {
        if (window.scrollY > NAV_HIDE.hideAfterOffset && !hasFocus()) setHidden(true);
      }, ms);
    };
    const onScroll = () => {
      const y = window.scrollY;
      lastY ??= y;
      if (Math.abs(y - lastY) <= NAV_HIDE.minScrollDelta) return;
      if (y > lastY && y > NAV_HIDE.hideAfterOffset) {
        if (!hasFocus()) {
          clear();
          setHidden(true);
        }
      } else if (y < lastY) {
        setHidden(false);
        hideLater(NAV_HIDE.scrollHideDelay);
      }
      lastY = y;
    };
    const onPointer = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      if (e.clientY <= NAV_HIDE.revealZone) {
        clear();
        setHidden(false);
      } else if (e.clientY > NAV_HIDE.revealZone + 64) {
        hideLater(NAV_HIDE.pointerHideDelay);
      }
    };
    const onFocus = () => {
      clear();
      setHidden(false);
    };
    const el = ref.current;
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pointermove', onPointer, { passive: true });
    el?.addEventListener('focusin', onFocus);
    return () => {
      clear();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pointermove', onPointer);
      el?.removeEventListener('focusin', onFocus);
    };
  }, [ref]);

  return hidden && !pinned;
}
