import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAV_HIDE, useAutoHide } from './use-auto-hide';

let offset = 0;
const scrollY = vi.fn(() => offset);
Object.defineProperty(window, 'scrollY', { configurable: true, get: scrollY });

function scrollTo(y: number) {
  offset = y;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('the navigation bar hiding on scroll (spec section 9)', () => {
  afterEach(() => {
    offset = 0;
    scrollY.mockClear();
  });

  it('hides scrolling down past the offset and shows again scrolling up', () => {
    const ref = { current: document.createElement('nav') };
    const { result } = renderHook(() => useAutoHide(ref, false));
    // Mounting reads no scroll offset: that would lay out the page just rendered at once.
    expect(scrollY).not.toHaveBeenCalled();
    scrollTo(0);
    scrollTo(NAV_HIDE.hideAfterOffset - 20);
    expect(result.current).toBe(false);
    scrollTo(NAV_HIDE.hideAfterOffset + 50);
    expect(result.current).toBe(true);
    // A movement of at most minScrollDelta is ignored.
    scrollTo(NAV_HIDE.hideAfterOffset + 50 - NAV_HIDE.minScrollDelta);
    expect(result.current).toBe(true);
    scrollTo(NAV_HIDE.hideAfterOffset);
    expect(result.current).toBe(false);
  });

  it('never hides while pinned (the mobile menu is open)', () => {
    const ref = { current: document.createElement('nav') };
    const { result } = renderHook(() => useAutoHide(ref, true));
    scrollTo(0);
    scrollTo(NAV_HIDE.hideAfterOffset + 200);
    expect(result.current).toBe(false);
  });
});
