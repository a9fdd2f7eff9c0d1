import type { PublicArticle } from '@lede/shared/constants';
import bookmark from 'virtual:lucide/bookmark';
import heart from 'virtual:lucide/heart';
import share2 from 'virtual:lucide/share-2';
import thumbsDown from 'virtual:lucide/thumbs-down';
import { h, icon } from '@/lib/draw';

const BUTTON =
  'inline-flex size-10 items-center justify-center rounded-lg text-sm font-semibold hover:bg-surface text-muted';

/** IconAction not pressed, as on a first render (the reader's state comes after the paint). */
function drawIconAction(label: string, glyph: SVGSVGElement, pressable = true): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      'aria-pressed': pressable ? 'false' : undefined,
      'aria-label': label,
      title: label,
      class: BUTTON,
    },
    glyph,
  );
}

/** CardActions (card-actions.tsx), drawn: `extra`, the feed's own controls. */
export function drawCardActions(article: PublicArticle, extra: Node[] = []): HTMLElement {
  const glyph = (data: typeof heart, fill?: string) =>
    icon(data, { size: 18, 'aria-hidden': 'true', fill });
  return h(
    'div',
    {
      role: 'group',
      'aria-label': `Actions for ${article.title}`,
      class: 'relative z-10 flex items-center gap-1 border-t border-line px-2 py-1',
    },
    drawIconAction('Like', glyph(heart, 'none')),
    h(
      'span',
      { class: 'min-w-4 pr-1 text-sm font-semibold text-muted tabular-nums' },
      String(article.likes),
      h('span', { class: 'sr-only' }, article.likes === 1 ? ' like' : ' likes'),
    ),
    drawIconAction('Dislike', glyph(thumbsDown, 'none')),
    drawIconAction('Save', glyph(bookmark, 'none')),
    drawIconAction('Share', glyph(share2), false),
    extra.length > 0 && h('div', { class: 'ml-auto flex items-center' }, ...extra),
  );
}
