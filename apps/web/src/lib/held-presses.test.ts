import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdPresses } from './held-presses';

/** Two cards, as drawn and as the app renders them: a link and a Like button each. */
function cards(): HTMLElement {
  const list = document.createElement('ul');
  for (const title of ['First story', 'Second story']) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/article/${title}`;
    link.textContent = title;
    const like = document.createElement('button');
    like.setAttribute('aria-label', 'Like');
    item.append(link, like);
    list.append(item);
  }
  return list;
}

/** Puts `el` on screen at a box of 40 × 40 from (x, y), as far as hit testing is concerned. */
function placeAt(el: Element, x: number, y: number): void {
  el.getBoundingClientRect = () => new DOMRect(x, y, 40, 40);
}

function tap(x: number, y: number, init: MouseEventInit = {}): MouseEvent {
  const event = new MouseEvent('click', {
    bubbles: true,
    cancelable: true,
    clientX: x,
    clientY: y,
    ...init,
  });
  document.body.dispatchEvent(event);
  return event;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.replaceChildren();
});

describe('holdPresses', () => {
  it('gives a tap on a drawn button to the same button of the app, once it is rendered', async () => {
    const root = document.createElement('div');
    const drawn = cards();
    root.append(drawn);
    document.body.append(root);
    const [, secondLike] = drawn.querySelectorAll('button');
    placeAt(secondLike!, 100, 100);
    holdPresses(root, [drawn]);

    expect(tap(120, 120).defaultPrevented).toBe(true);
    // Away from every drawn button, or with a modifier: not held.
    expect(tap(10, 10).defaultPrevented).toBe(false);
    expect(tap(120, 120, { ctrlKey: true }).defaultPrevented).toBe(false);

    const app = cards();
    const pressed = [...app.querySelectorAll('button')].map((b) => {
      const spy = vi.fn();
      b.addEventListener('click', spy);
      return spy;
    });
    root.replaceChildren(app);
    await flush();
    expect(pressed.map((spy) => spy.mock.calls.length)).toEqual([0, 1]);
    // Taken over: a later tap is the app's, not held.
    placeAt(app.querySelectorAll('button')[1]!, 100, 100);
    expect(tap(120, 120).defaultPrevented).toBe(false);
  });

  it('holds a tap on a drawn link, and waits for the app to render it', async () => {
    const root = document.createElement('div');
    const drawn = cards();
    root.append(drawn);
    document.body.append(root);
    const [firstLink] = drawn.querySelectorAll('a');
    placeAt(firstLink!, 0, 200);
    holdPresses(root, [drawn]);
    expect(tap(20, 220).defaultPrevented).toBe(true);

    // The app's first frame is a placeholder; its cards come next.
    const placeholder = document.createElement('p');
    root.replaceChildren(placeholder);
    await flush();
    const app = cards();
    const opened = vi.fn((event: Event) => event.preventDefault());
    app.querySelector('a')!.addEventListener('click', opened);
    root.replaceChildren(app);
    await flush();
    expect(opened).toHaveBeenCalledOnce();
  });
});
