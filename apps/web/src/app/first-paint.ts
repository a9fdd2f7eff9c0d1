import type { PublicArticle } from '@lede/shared/constants';
import { drawCardActions } from '@/components/card-actions.draw';
import {
  drawArticleCard,
  drawArticleGrid,
  drawArticleItem,
} from '@/features/articles/components/article-card.draw';
import { exploreChip } from '@/features/articles/explore-chips';
import { firstPaintCards } from '@/features/articles/first-paint-cards';
import { drawFeedControls, drawFeedReason } from '@/features/feed/components/feed-card.draw';
import { peekEarlyJson } from '@/lib/early-requests';
import { afterLargestPaint } from '@/lib/largest-paint';
import { getToken } from '@/lib/storage';
import { PAGE_PATHS } from '@lede/shared/constants';
import { SHELL_LIST } from './first-paint-marker';
import { firstRequests } from './first-requests';

/*
 * A list page's first cards, drawn from the answer the boot script asked for, before the app's
 * code has loaded and run: in place of the skeleton the page starts with (build/page-shells.ts),
 * element for element what React's first render shows (held by first-paint.test.tsx). The app
 * starts once they are painted (src/start.ts) and renders the same cards from the same answer,
 * so nothing moves; until then they are inert, like the skeleton they replace.
 */

/** Never hold the app back longer than this for an answer that is slow to come. */
export const FIRST_PAINT_MAX_WAIT_MS = 3_000;

interface FirstList {
  /** The grid's label, as the screen names its list. */
  label: (params: URLSearchParams) => string;
  articles: (json: unknown) => PublicArticle[] | undefined;
  below: (article: PublicArticle, raw: unknown) => Node[];
}

const withActions = (article: PublicArticle) => [drawCardActions(article)];
const field = (json: unknown, name: string): unknown =>
  json && typeof json === 'object' ? (json as Record<string, unknown>)[name] : undefined;
const list = (value: unknown): unknown[] | undefined => (Array.isArray(value) ? value : undefined);

const publicArticles = (json: unknown) =>
  list(field(json, 'articles')) as PublicArticle[] | undefined;

/** Each list page: its grid's label, its articles in the answer, what a card has below its text. */
const LISTS: Record<string, FirstList> = {
  [PAGE_PATHS.explore]: {
    label: (params) => `${exploreChip(params.get('category'))} articles`,
    articles: publicArticles,
    below: withActions,
  },
  [PAGE_PATHS.search]: {
    label: (params) => `Search results for ${(params.get('q') ?? '').trim()}`,
    articles: publicArticles,
    below: withActions,
  },
  [PAGE_PATHS.saved]: {
    label: () => 'Saved articles',
    articles: (json) =>
      list(field(json, 'savedArticles'))?.map((entry) => field(entry, 'article_id')) as
        PublicArticle[] | undefined,
    below: withActions,
  },
  [PAGE_PATHS.home]: {
    label: () => 'Recommended articles',
    articles: (json) =>
      list(field(json, 'recommendations'))?.map((r) => field(r, 'article_id')) as
        PublicArticle[] | undefined,
    below: (article, raw) => {
      const reasons = list(field(raw, 'reasons')) as string[] | undefined;
      const reason = drawFeedReason(reasons ?? []);
      return [
        ...(reason ? [reason] : []),
        drawCardActions(article, drawFeedControls(article.source_name)),
      ];
    },
  },
};

/** The raw items of an answer, beside the articles (a feed item's reasons). */
const rawItems = (json: unknown): unknown[] =>
  list(field(json, 'recommendations')) ?? list(field(json, 'savedArticles')) ?? [];

/**
 * Draws the first cards of the page in place of its skeleton once the early answer is in, and
 * resolves once they are on screen: true if drawn, false if there was nothing to draw (another
 * page, no answer, an empty list, an answer slower than FIRST_PAINT_MAX_WAIT_MS).
 */
export async function drawFirstScreen(): Promise<boolean> {
  const first = LISTS[location.pathname];
  const [url] = firstRequests(location.pathname, location.search, !!getToken());
  const early = first && url ? peekEarlyJson(url) : undefined;
  if (!first || !early) return false;
  let late = false;
  const timeout = new Promise<null>((resolve) =>
    setTimeout(() => {
      late = true;
      resolve(null);
    }, FIRST_PAINT_MAX_WAIT_MS),
  );
  const json = await Promise.race([early, timeout]);
  const grid = document.querySelector(`[${SHELL_LIST}]`);
  if (late || !grid) return false;
  try {
    const articles = first.articles(json)?.slice(0, firstPaintCards());
    if (!articles || articles.length === 0) return false;
    const raw = rawItems(json);
    const items = articles.map((article, i) =>
      drawArticleItem(
        drawArticleCard(article, { eager: i < 4, below: first.below(article, raw[i]) }),
      ),
    );
    grid.replaceWith(drawArticleGrid(first.label(new URLSearchParams(location.search)), items));
  } catch {
    // An answer of an unexpected shape: the skeleton stays, React draws the page.
    return false;
  }
  await afterLargestPaint();
  return true;
}
