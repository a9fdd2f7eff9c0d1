import { CATEGORY_IDS, type PublicArticle } from '@lede/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Story } from '@lede/shared';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawCardActions } from '@/components/card-actions.draw';
import {
  drawArticleCard,
  drawArticleGrid,
  drawArticleItem,
} from '@/features/articles/components/article-card.draw';
import { ArticleList } from '@/features/articles/components/article-list';
import type { FeedItem } from '@/features/feed/api/feed';
import { drawFeedControls, drawFeedReason } from '@/features/feed/components/feed-card.draw';
import { FeedControls } from '@/features/feed/components/feed-controls';
import { FeedReason } from '@/features/feed/components/feed-reason';
import { ArticleActionsProvider } from '@/features/reader-actions/hooks/use-article-actions';
import { articleQueries } from '@/features/articles/api/articles';
import { storyQueries } from '@/features/stories/api/stories';
import { RoutesWithArticleDialog } from '@/lib/article-route';
import { forgetEarlyRequests, requestEarly } from '@/lib/early-requests';
import { pageShell } from '../../build/page-shells';
import { drawFirstScreen } from './first-paint';
import { firstRequests } from './first-requests';
import ExplorePage from './routes/explore';
import StoryPage from './routes/story';

const article = (id: string, changes: Partial<PublicArticle> = {}): PublicArticle => ({
  _id: id,
  title: `Title of ${id}`,
  creator: ['Ada Reporter', 'Bo Writer'],
  description: `What happened in ${id}.`,
  pubDate: '2025-05-01T10:00:00.000Z',
  image_url: '/media/default-article.svg',
  link: `https://example.com/${id}`,
  source_name: 'The Example Times',
  source_url: null,
  source_icon: null,
  keywords: [],
  categories: ['science'],
  likes: 0,
  story: { _id: `story-${id}`, size: 1, source_count: 1 },
  ...changes,
});

/** The articles a list can hold, two at a time (a first paint in jsdom draws two cards). */
const PAIRS: [string, PublicArticle[]][] = [
  ['text-first, a lone story', [article('a1'), article('a2', { likes: 1 })]],
  [
    'a picture and a source icon; a story of several sources',
    [
      article('b1', {
        image_url: 'https://img.example.com/b1.jpg',
        source_icon: 'https://img.example.com/icon.png',
        story: { _id: 'story-b', size: 5, source_count: 3 },
        likes: 12,
      }),
      article('b2', { story: { _id: 'story-c', size: 2, source_count: 1 } }),
    ],
  ],
  [
    'no description, authors or date; no known category',
    [
      article('c1', { description: '', creator: [], pubDate: 'not a date', categories: ['x'] }),
      article('c2', { categories: [], title: 'Quotes "and" <tags> & more' }),
    ],
  ],
  ...CATEGORY_IDS.map((category): [string, PublicArticle[]] => [
    `category ${category}`,
    [article(`${category}-1`, { categories: [category] }), article(`${category}-2`)],
  ]),
];

/** A node's markup with each element's attributes sorted: the same tree prints the same. */
function canonical(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  const attributes = [...node.attributes]
    .map((a) => `${a.name}="${a.value}"`)
    .sort()
    .join(' ');
  const children = [...node.childNodes].map(canonical).join('');
  return `<${node.localName} ${attributes}>${children}</${node.localName}>`;
}

const controls = { fewerLikeThis: vi.fn(), hideSource: vi.fn() };

/** React's first render of a list as the screens show it: Explore's, or the feed's. */
function reactGrid(articles: PublicArticle[], feed: boolean): HTMLElement {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  const { container } = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ArticleActionsProvider>
          <ArticleList
            articles={articles}
            loading={false}
            skeletons={2}
            empty={null}
            label="Articles"
            cardNote={feed ? (a) => <FeedReason item={a as FeedItem} /> : undefined}
            cardControls={
              feed
                ? (a) => <FeedControls article={a} variant="card" controls={controls} />
                : undefined
            }
          />
        </ArticleActionsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return container.querySelector('ul')!;
}

function drawnGrid(articles: PublicArticle[], feed: boolean): HTMLElement {
  const items = articles.map((a, i) => {
    const reason = feed ? drawFeedReason((a as FeedItem).reasons) : null;
    const actions = drawCardActions(a, feed ? drawFeedControls(a.source_name) : []);
    return drawArticleItem(
      drawArticleCard(a, { eager: i < 4, below: reason ? [reason, actions] : [actions] }),
    );
  });
  return drawArticleGrid('Articles', items);
}

describe('the first cards drawn before React has loaded', () => {
  it.each(PAIRS)("are React's first render, element for element: %s", (_, articles) => {
    expect(canonical(drawnGrid(articles, false))).toBe(canonical(reactGrid(articles, false)));
  });

  it("are the feed's, with its reason and controls", () => {
    const items = [
      { ...article('f1'), reasons: ['Because you like Science'] },
      { ...article('f2'), reasons: [] },
    ];
    expect(canonical(drawnGrid(items, true))).toBe(canonical(reactGrid(items, true)));
  });
});

/** A first load of `path`: its page's skeleton, and the boot script's early request answered. */
function firstLoad(path: string, answer: Response | (() => Promise<Response>)) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${pageShell(path.slice(1).split('?')[0]!)}</div>`;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => (typeof answer === 'function' ? answer() : Promise.resolve(answer))),
  );
  requestEarly(firstRequests(location.pathname, location.search, false));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('drawFirstScreen', () => {
  afterEach(() => {
    forgetEarlyRequests();
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it("draws Explore's first cards in place of the skeleton, from the early answer", async () => {
    const articles = [article('e1'), article('e2'), article('e3')];
    firstLoad('/explore?category=world', json({ articles, nextCursor: null }));
    await expect(drawFirstScreen()).resolves.toBe(true);
    const grid = document.querySelector('ul[aria-label="world articles"]')!;
    expect([...grid.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      'Title of e1',
      'Title of e2',
    ]);
    expect(document.querySelector('[data-shell-list]')).toBeNull();
    // Still the inert page of the first moment: React takes it over.
    expect(grid.closest('[inert]')).not.toBeNull();
  });

  it.each(['', '?category=world'])(
    "draws Explore's chips as React renders them, the chosen one pressed (%s)",
    async (search) => {
      const articles = [article('e1'), article('e2')];
      firstLoad(`/explore${search}`, json({ articles, nextCursor: null }));
      await expect(drawFirstScreen()).resolves.toBe(true);
      const drawn = document.querySelector('#root [aria-label="Categories"]')!;
      expect(document.querySelector('[data-shell-chips]')).toBeNull();

      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const chip = search ? 'world' : 'trending';
      const list = search ? articleQueries.keyword('world') : articleQueries[chip as 'trending']();
      client.setQueryData(list.queryKey, {
        pages: [{ articles, nextCursor: null }],
        pageParams: [undefined],
      });
      const { container } = render(
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[`/explore${search}`]}>
            <ExplorePage />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      const react = container.querySelector('[aria-label="Categories"]')!;
      expect(canonical(drawn)).toBe(canonical(react));
      expect(drawn.querySelector('[aria-pressed="true"]')).toHaveTextContent(
        search ? 'World News' : 'trending now',
      );
    },
  );

  it('leaves the answer to the API client, which reads it whole', async () => {
    firstLoad('/search?q=moon', json({ articles: [article('s1')], nextCursor: null }));
    await expect(drawFirstScreen()).resolves.toBe(true);
    expect(document.querySelector('ul[aria-label="Search results for moon"] h2')).toHaveTextContent(
      'Title of s1',
    );
    const { takeEarlyResponse } = await import('@/lib/early-requests');
    const [url] = firstRequests('/search', '?q=moon', false);
    const response = await takeEarlyResponse(url!)!;
    await expect(response.json()).resolves.toMatchObject({ articles: [{ _id: 's1' }] });
  });

  it('draws nothing for an error, an empty list, or a page without a list', async () => {
    firstLoad('/explore', json({ error: 'Server error' }, 500));
    await expect(drawFirstScreen()).resolves.toBe(false);
    expect(document.querySelector('[data-shell-list]')).not.toBeNull();

    forgetEarlyRequests();
    firstLoad('/explore', json({ articles: [], nextCursor: null }));
    await expect(drawFirstScreen()).resolves.toBe(false);
    expect(document.querySelector('[data-shell-list]')).not.toBeNull();

    forgetEarlyRequests();
    window.history.replaceState(null, '', '/login');
    await expect(drawFirstScreen()).resolves.toBe(false);
  });

  it('does not hold the app back for an answer slower than 3 s', async () => {
    vi.useFakeTimers();
    try {
      firstLoad('/explore', () => new Promise<Response>(() => undefined));
      const drawn = drawFirstScreen();
      await vi.advanceTimersByTimeAsync(3_000);
      await expect(drawn).resolves.toBe(false);
      expect(document.querySelector('[data-shell-list]')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

const STORY_ID = 'story-1';
const report = (id: string, title: string, source: string, pubDate: string) => ({
  ...article(id, { title, source_name: source, pubDate }),
  joined: { rule: 'new' as const, score: 0, shared_terms: [], shared_words: [] },
  pub_date_has_time: true,
});
const story: Story = {
  _id: STORY_ID,
  title: 'Puerto Rico without power after Fiona',
  title_article_id: 'r2',
  size: 2,
  source_count: 2,
  first_published: '2022-09-18T09:00:00.000Z',
  last_published: '2022-09-19T12:30:00.000Z',
  articles: [
    report('r2', 'Puerto Rico without power after Fiona', 'Reuters', '2022-09-19T12:30:00.000Z'),
    report('r1', 'Hurricane Fiona nears "Puerto Rico"', 'AP', '2022-09-18T09:00:00.000Z'),
  ],
  sources: [],
};

/** React's story page with its story in the cache, as the app renders it after a drawn paint. */
function reactStoryTop(search: string): Element[] {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(storyQueries.keys.byId(STORY_ID), story);
  const { container } = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/story/${STORY_ID}${search}`]}>
        <RoutesWithArticleDialog routes={[{ path: '/story/:id', element: <StoryPage /> }]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return [...container.querySelector('.max-w-5xl')!.children].slice(0, 2);
}

describe("the story page's top, drawn before React has loaded", () => {
  afterEach(() => {
    forgetEarlyRequests();
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it.each(['', '?report=r1'])(
    "is React's first render, element for element (%s), above the timeline's skeleton",
    async (search) => {
      firstLoad(`/story/${STORY_ID}${search}`, json({ story }));
      // The shell of /story/:id (its page is pages/story.html).
      document.body.innerHTML = `<div id="root">${pageShell('story')}</div>`;
      await expect(drawFirstScreen()).resolves.toBe(true);
      const drawn = document.querySelector('#root .max-w-5xl')!;
      expect(drawn.closest('[inert]')).not.toBeNull();
      // The timeline's skeleton stays below, until React shows the timeline.
      expect(drawn.lastElementChild).toHaveClass('border-l-2');
      const top = [...drawn.children].slice(0, 2);
      const react = reactStoryTop(search);
      expect(top.map(canonical)).toEqual(react.map(canonical));
      expect(drawn.querySelector('h1')).toHaveTextContent(story.title);
    },
  );
});
