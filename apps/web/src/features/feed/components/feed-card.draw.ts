import circleMinus from 'virtual:lucide/circle-minus';
import eyeOff from 'virtual:lucide/eye-off';
import sparkles from 'virtual:lucide/sparkles';
import { h, icon } from '@/lib/draw';

/*
 * What the feed adds to a card (feed-reason.tsx, feed-controls.tsx), drawn before React has
 * loaded; held against React's render by the card's test (app/first-paint.test.tsx).
 */

/** FeedReason, drawn (nothing without a reason). */
export function drawFeedReason(reasons: readonly string[]): HTMLElement | null {
  const reason = reasons[0];
  if (!reason) return null;
  return h(
    'p',
    { class: 'flex items-start gap-1.5 px-4 pb-3 text-xs font-medium text-muted' },
    icon(sparkles, { size: 14, 'aria-hidden': 'true', className: 'mt-px shrink-0 text-accent' }),
    h('span', {}, reason),
  );
}

const ICON_BUTTON =
  'inline-flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-fg';

/** FeedControls' card variant as first rendered (the reader's sources not known yet). */
export function drawFeedControls(sourceName: string): HTMLElement[] {
  const button = (label: string, title: string, glyph: typeof sparkles) =>
    h(
      'button',
      { type: 'button', class: ICON_BUTTON, 'aria-label': label, title },
      icon(glyph, { size: 18, 'aria-hidden': 'true' }),
    );
  return [
    button('Fewer like this', 'Fewer like this', circleMinus),
    button('Hide this source', `Hide ${sourceName}`, eyeOff),
  ];
}
