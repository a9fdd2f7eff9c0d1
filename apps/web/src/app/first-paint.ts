import type { Story } from '@lede/shared';
import type { PublicArticle } from '@lede/shared/constants';
import arrowLeft from 'virtual:lucide/arrow-left';
import { drawCardActions } from '@/components/card-actions.draw';
import {
  drawArticleCard,
  drawArticleGrid,
  drawArticleItem,
} from '@/features/articles/components/article-card.draw';
import { drawExploreChips } from '@/features/articles/components/explore-chips.draw';
import { exploreChip } from '@/features/articles/explore-chips';
import { firstPaintCards } from '@/features/articles/first-paint-cards';
import { drawFeedControls, drawFeedReason } from '@/features/feed/components/feed-card.draw';
import { drawStoryHeader } from '@/features/stories/components/story-header.draw';
import { h, icon } from '@/lib/draw';
import { holdPresses } from '@/lib/held-presses';
import { peekEarlyJson } from '@/lib/early-requests';
import { afterLargestPaint } from '@/lib/largest-paint';
import { STORY_REPORT_PARAM } from '@/lib/paths';
import { getToken } from '@/lib/storage';
import { PAGE_PATHS } from '@lede/shared/constants';
import { SHELL_CHIPS, SHELL_LIST, SHELL_STORY } from './first-paint-marker';
import { firstRequests, storyId } from './first-requests';

/*
 * A list page's first cards (or a story page's header), drawn from the answer the boot script
 * asked for, before the app's code has loaded and run: in place of the skeleton the page starts
 * with (build/page-shells.ts), element for element what React's first render shows (held by
 * first-paint.test.tsx). The app loads once they are on screen (src/first-paint.ts) and renders
 * the same from the same answer, so nothing moves; until then they are inert, like the skeleton.
 */

/** Never hold the app back longer than this for an answer that is slow to come. */
export const FIRST_PAINT_MAX_WAIT_MS = 3_000;
/**
 * How long to wait for the browser to report the drawn screen as the page's largest paint: on a
 * busy phone a frame can take some hundreds of milliseconds to reach the screen, and the app
 * should not start before (it would take the main thread from that frame).
 */
const PRESENTED_MAX_WAIT_MS = 1_000;

/** What a page draws: the skeleton it replaces, and the drawing (null: nothing to draw). */
interface FirstScreen {
  shell: string;
  draw: (json: unknown, params: URLSearchParams) => HTMLElement | null;
  /** Other parts drawn with it, by the mark of what they replace (Explore's chips). */
  more?: (params: URLSearchParams) => [shell: string, drawn: HTMLElement][];
}

const field = (json: unknown, name: string): unknown =>
  json && typeof json === 'object' ? (json as Record<string, unknown>)[name] : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A list's first cards: each item's article, and what its card has below the text. */
function cards(
  label: string,
  items: unknown[],
  articleOf: (item: unknown) => PublicArticle,
  below: (article: PublicArticle, item: unknown) => Node[],
): HTMLElement | null {
  const shown = items.slice(0, firstPaintCards());
  if (shown.length === 0) return null;
  return drawArticleGrid(
    label,
    shown.map((item, i) => {
      const article = articleOf(item);
      return drawArticleItem(
        drawArticleCard(article, { eager: i < 4, below: below(article, item) }),
      );
    }),
  );
}

const itself = (item: unknown) => item as PublicArticle;
const itsArticle = (item: unknown) => field(item, 'article_id') as PublicArticle;
const withActions = (article: PublicArticle) => [drawCardActions(article)];

/** A feed card: its reason, then its actions with the feed's own controls. */
function feedBelow(article: PublicArticle, item: unknown): Node[] {
  const reason = drawFeedReason(list(field(item, 'reasons')) as string[]);
  const actions = drawCardActions(article, drawFeedControls(article.source_name));
  return reason ? [reason, actions] : [actions];
}

/** The list pages, by path: their grid's label as the screen names it, and their answer's items. */
const LISTS: Record<string, FirstScreen['draw']> = {
  [PAGE_PATHS.explore]: (json, params) =>
    cards(
      `${exploreChip(params.get('category'))} articles`,
      list(field(json, 'articles')),
      itself,
      withActions,
    ),
  [PAGE_PATHS.search]: (json, params) =>
    cards(
      `Search results for ${(params.get('q') ?? '').trim()}`,
      list(field(json, 'articles')),
      itself,
      withActions,
    ),
  [PAGE_PATHS.saved]: (json) =>
    cards('Saved articles', list(field(json, 'savedArticles')), itsArticle, withActions),
  [PAGE_PATHS.home]: (json) =>
    cards('Recommended articles', list(field(json, 'recommendations')), itsArticle, feedBelow),
};

/** The story page's top (its Back and its header), above the timeline's skeleton. */
function drawStoryTop(json: unknown, params: URLSearchParams): HTMLElement | null {
  const story = field(json, 'story') as Story | undefined;
  if (!story) return null;
  const timeline = document.querySelector(`[${SHELL_STORY}] > :last-child`);
  return h(
    'div',
    { class: 'mx-auto flex max-w-5xl flex-col gap-6' },
    h(
      'div',
      {},
      h(
        'button',
        { type: 'button', class: 'btn-ghost -ml-3' },
        icon(arrowLeft, { size: 18, 'aria-hidden': 'true' }),
        ' Back',
      ),
    ),
    drawStoryHeader(story, params.get(STORY_REPORT_PARAM) ?? undefined),
    timeline,
  );
}

function firstScreen(pathname: string): FirstScreen | undefined {
  if (storyId(pathname)) return { shell: SHELL_STORY, draw: drawStoryTop };
  const draw = LISTS[pathname];
  if (!draw) return undefined;
  if (pathname !== PAGE_PATHS.explore) return { shell: SHELL_LIST, draw };
  const chips = (params: URLSearchParams) =>
    [[SHELL_CHIPS, drawExploreChips(exploreChip(params.get('category')))]] as [
      string,
      HTMLElement,
    ][];
  return { shell: SHELL_LIST, draw, more: chips };
}

/**
 * Draws the first screen in place of its skeleton once the early answer is in, and resolves once
 * it is on screen: true if drawn, false if there was nothing to draw (another page, no answer,
 * an empty list, an answer slower than FIRST_PAINT_MAX_WAIT_MS).
 */
export async function drawFirstScreen(): Promise<boolean> {
  const screen = firstScreen(location.pathname);
  const [url] = firstRequests(location.pathname, location.search, !!getToken());
  const early = screen && url ? peekEarlyJson(url) : undefined;
  if (!screen || !early) return false;
  let late = false;
  const timeout = new Promise<null>((resolve) =>
    setTimeout(() => {
      late = true;
      resolve(null);
    }, FIRST_PAINT_MAX_WAIT_MS),
  );
  const json = await Promise.race([early, timeout]);
  const skeleton = document.querySelector(`[${screen.shell}]`);
  if (late || !skeleton) return false;
  const params = new URLSearchParams(location.search);
  let drawn: HTMLElement | null;
  try {
    drawn = screen.draw(json, params);
    if (!drawn) return false;
    skeleton.replaceWith(drawn);
    const parts = [drawn];
    for (const [shell, part] of screen.more?.(params) ?? []) {
      document.querySelector(`[${shell}]`)?.replaceWith(part);
      parts.push(part);
    }
    holdPresses(document.getElementById('root') ?? document.body, parts);
  } catch {
    // An answer of an unexpected shape: the skeleton stays, React draws the page.
    return false;
  }
  await afterLargestPaint(PRESENTED_MAX_WAIT_MS, drawn);
  return true;
}
