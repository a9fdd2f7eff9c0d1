import { h } from '@/lib/draw';
import { EXPLORE_CHIPS, exploreChipClass, exploreChipLabel } from '../explore-chips';

/**
 * Explore's chips (app/routes/explore.tsx) as first rendered, `chip` chosen, drawn before React
 * has loaded; held against React's render by app/first-paint.test.tsx.
 */
export function drawExploreChips(chip: string): HTMLElement {
  return h(
    'div',
    { role: 'group', 'aria-label': 'Categories', class: '-mx-4 overflow-x-auto px-4 pb-1' },
    h(
      'ul',
      { class: 'flex gap-2 sm:flex-wrap' },
      ...EXPLORE_CHIPS.map((c) =>
        h(
          'li',
          { class: 'shrink-0' },
          h(
            'button',
            {
              type: 'button',
              'aria-pressed': String(c === chip),
              class: exploreChipClass(c === chip),
            },
            exploreChipLabel(c),
          ),
        ),
      ),
    ),
  );
}
