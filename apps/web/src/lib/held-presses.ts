/**
 * Taps on what is drawn before the app runs (app/first-paint): the drawing lies in the page's
 * inert shell, so a tap there reaches no button or link. A tap on one (a plain primary click) is
 * held and given to the same button or link of the app's screen once the app has rendered it.
 * One is known by its name and its place among those of that name: the app renders the drawn
 * parts element for element the same.
 */

/** How long after the app replaces the drawing its buttons may take to appear. */
export const HELD_PRESS_MAX_WAIT_MS = 5_000;

const PRESSABLE = 'a[href], button';

interface Press {
  name: string;
  nth: number;
}

const nameOf = (el: Element) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';

const named = (root: Element, name: string) =>
  [...root.querySelectorAll<HTMLElement>(PRESSABLE)].filter((el) => nameOf(el) === name);

const pressOf = (root: Element, el: HTMLElement): Press => {
  const name = nameOf(el);
  return { name, nth: named(root, name).indexOf(el) };
};

const find = (root: Element, press: Press): HTMLElement | undefined =>
  named(root, press.name)[press.nth];

const area = (r: DOMRect) => r.width * r.height;

/** The smallest drawn button or link under the point, if any. */
function pressableAt(parts: Element[], x: number, y: number): HTMLElement | undefined {
  let found: [HTMLElement, DOMRect] | undefined;
  for (const part of parts)
    for (const el of part.querySelectorAll<HTMLElement>(PRESSABLE)) {
      const r = el.getBoundingClientRect();
      const under = x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
      if (under && area(r) > 0 && (!found || area(r) < area(found[1]))) found = [el, r];
    }
  return found?.[0];
}

/**
 * Holds taps on the buttons and links inside `drawn` (parts of `root`) until the app has replaced
 * every one of them, then presses the app's in the same order.
 */
export function holdPresses(
  root: Element,
  drawn: Element[],
  maxWaitMs = HELD_PRESS_MAX_WAIT_MS,
): void {
  const held: Press[] = [];
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const pressed = pressableAt(drawn, event.clientX, event.clientY);
    if (!pressed) return;
    event.preventDefault();
    held.push(pressOf(root, pressed));
  };
  document.addEventListener('click', onClick, true);

  let deadline: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    observer.disconnect();
    clearTimeout(deadline);
  };
  const observer = new MutationObserver(() => {
    if (deadline === undefined) {
      if (drawn.some((part) => part.isConnected)) return;
      document.removeEventListener('click', onClick, true);
      deadline = setTimeout(stop, maxWaitMs);
    }
    while (held.length > 0) {
      const el = find(root, held[0]!);
      if (!el) return;
      held.shift();
      el.click();
    }
    stop();
  });
  observer.observe(root, { childList: true, subtree: true });
}
