import type { Story, StoryMemberArticle } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RoutesWithArticleDialog } from '@/lib/article-route';
import StoryPage from './story';

const STORY_ID = '7d1b6a52-8a0e-4d0c-9f5e-2f0f7a1c9b11';

function member(
  id: string,
  title: string,
  source: string,
  pubDate: string,
  joined: StoryMemberArticle['joined'],
  pubDateHasTime = true,
): StoryMemberArticle {
  return {
    _id: id,
    title,
    creator: [],
    description: `About ${title}`,
    pubDate,
    image_url: '',
    link: `https://example.com/${id}`,
    source_name: source,
    source_url: null,
    source_icon: null,
    keywords: [],
    categories: ['world'],
    likes: 0,
    story: { _id: STORY_ID, size: 4, source_count: 3 },
    joined,
    pub_date_has_time: pubDateHasTime,
  };
}

/** Shared with the story: as the clustering stores it, and as the headlines write it. */
const terms = (...shared: Array<[term: string, word: string]>) => ({
  rule: 'similar' as const,
  score: 0.6,
  shared_terms: shared.map(([term]) => term),
  shared_words: shared.map(([, word]) => word),
});

const story: Story = {
  _id: STORY_ID,
  // Its most representative report's headline (a3), not the first one's.
  title: 'Puerto Rico without power after Fiona',
  title_article_id: 'a3',
  size: 4,
  source_count: 3,
  first_published: '2022-09-18T09:00:00.000Z',
  last_published: '2022-09-20T16:45:00.000Z',
  // Newest first.
  articles: [
    member(
      'a4',
      'Fiona heads north after Puerto Rico',
      'BBC News',
      '2022-09-20T16:45:00.000Z',
      terms(['hurricane fiona', 'Hurricane Fiona'], ['puerto rico', 'Puerto Rico']),
    ),
    member(
      'a3',
      'Puerto Rico without power after Fiona',
      'Reuters',
      '2022-09-19T12:30:00.000Z',
      terms(['puerto rico', 'Puerto Rico'], ['power', 'power']),
    ),
    // Its source gives a date only, stored at noon UTC.
    member(
      'a2',
      'Fiona makes landfall',
      'Reuters',
      '2022-09-18T12:00:00.000Z',
      { rule: 'same-title', score: 1, shared_terms: [], shared_words: [] },
      false,
    ),
    member('a1', 'Hurricane Fiona nears Puerto Rico', 'AP', '2022-09-18T09:00:00.000Z', {
      rule: 'new',
      score: 0,
      shared_terms: [],
      shared_words: [],
    }),
  ],
  sources: [
    {
      source_name: 'AP',
      source_url: null,
      source_icon: null,
      first_reported: '2022-09-18T09:00:00.000Z',
      first_reported_has_time: true,
      article_id: 'a1',
      articles: 1,
    },
    {
      source_name: 'Reuters',
      source_url: null,
      source_icon: null,
      first_reported: '2022-09-18T12:00:00.000Z',
      first_reported_has_time: false,
      article_id: 'a2',
      articles: 2,
    },
    {
      source_name: 'BBC News',
      source_url: null,
      source_icon: null,
      first_reported: '2022-09-20T16:45:00.000Z',
      first_reported_has_time: true,
      article_id: 'a4',
      articles: 1,
    },
  ],
};

let answer: { status: number; body: unknown };
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  answer = { status: 200, body: { story } };
  fetchMock = vi.fn(async (url: string) => {
    const body = url.startsWith('/api/stories/') ? answer.body : { articles: [] };
    const status = url.startsWith('/api/stories/') ? answer.status : 200;
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderStory(id = STORY_ID, search = '') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[`/story/${id}${search}`]}>
        {/* An article opens as /article/:id over the story, as in the app. */}
        <RoutesWithArticleDialog routes={[{ path: 'story/:id', element: <StoryPage /> }]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** How long the lazily loaded article dialog may take to appear the first time. */
const MODAL_LOAD_MS = 10_000;

describe('the story page', () => {
  it('shows a skeleton, then the title, the counts and the first and last dates', async () => {
    renderStory();
    expect(screen.getByRole('status', { name: 'Loading story' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Puerto Rico without power after Fiona',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('4 articles from 3 sources')).toBeInTheDocument();
    expect(screen.getByText('First published').nextElementSibling).toHaveTextContent(
      '18 September 2022',
    );
    expect(screen.getByText('Last published').nextElementSibling).toHaveTextContent(
      '20 September 2022',
    );
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/stories/getstorybyid?story_id=${STORY_ID}`);
    await waitFor(() =>
      expect(document.title).toBe('Puerto Rico without power after Fiona · Lede'),
    );
  });

  it('lists the articles newest first, each with its time and source, and why it was grouped', async () => {
    renderStory();
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Fiona heads north after Puerto Rico',
      'Puerto Rico without power after Fiona',
      'Fiona makes landfall',
      'Hurricane Fiona nears Puerto Rico',
    ]);
    expect(within(timeline).getByRole('link', { name: 'Fiona makes landfall' })).toHaveAttribute(
      'href',
      '/article/a2',
    );
    expect(items[0]).toHaveTextContent('20 September 2022, 16:45 UTC · BBC News');
    // Why each is in the story, every one of them, in the headlines' words.
    expect(items[0]).toHaveTextContent('Shares: Hurricane Fiona, Puerto Rico');
    expect(items[1]).toHaveTextContent('Shares: Puerto Rico, power');
    expect(items[2]).toHaveTextContent('Same headline as an earlier report');
    expect(items[3]).toHaveTextContent('Why it is in this story: First report');
    // The report whose headline is the title is marked; no card led here.
    expect(items[1]).toHaveTextContent('Story headline');
    expect(timeline).not.toHaveTextContent('On your card');
  });

  it('shows a date only where the source gave no time', async () => {
    renderStory();
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const dateOnly = within(timeline).getAllByRole('listitem')[2]!;
    expect(dateOnly).toHaveTextContent('18 September 2022 · Reuters');
    expect(dateOnly).not.toHaveTextContent(/UTC|12:00/);
    const sources = screen.getByRole('region', { name: 'Sources' });
    expect(within(sources).getAllByRole('listitem')[1]).toHaveTextContent(
      'First reported 18 September 2022',
    );
    expect(within(sources).getAllByRole('listitem')[1]).not.toHaveTextContent('UTC');
  });

  it('names the report the card showed, and leads to it on the timeline', async () => {
    renderStory(STORY_ID, '?report=a4');
    const note = await screen.findByText(/Your card showed one of its reports/);
    expect(note).toHaveTextContent(
      'Your card showed one of its reports: “Fiona heads north after Puerto Rico” (BBC News)',
    );
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('On your card');
    expect(items[1]).toHaveTextContent('Story headline');
    await userEvent.click(within(note).getByRole('link'));
    expect(within(items[0]!).getByRole('link')).toHaveFocus();
  });

  it('says nothing more when the card showed the title report', async () => {
    renderStory(STORY_ID, '?report=a3');
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(screen.queryByText(/Your card showed/)).not.toBeInTheDocument();
    expect(within(timeline).getAllByRole('listitem')[1]).toHaveTextContent(
      /Story headline.*On your card/,
    );
  });

  it('lists the sources in the order they first reported, with when', async () => {
    renderStory();
    const sources = await screen.findByRole('region', { name: 'Sources' });
    const items = within(sources).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'AP',
      'Reuters',
      'BBC News',
    ]);
    expect(items[0]).toHaveTextContent('First reported 18 September 2022, 09:00 UTC');
    expect(items[1]).toHaveTextContent('2 articles');
  });

  it('opens an article from the timeline as a dialog over the story, and returns focus on close', async () => {
    renderStory();
    const link = await screen.findByRole('link', { name: 'Puerto Rico without power after Fiona' });
    await userEvent.click(link);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Puerto Rico without power after Fiona' },
      { timeout: MODAL_LOAD_MS },
    );
    // The story stays behind it.
    expect(screen.getByText('4 articles from 3 sources')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Fiona makes landfall' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Fiona makes landfall' })).toHaveFocus(),
    );
  });

  it('says "Story not found" for an unknown story', async () => {
    answer = { status: 404, body: { code: 'STORY_NOT_FOUND', message: 'Story not found' } };
    renderStory();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Story not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore articles' })).toHaveAttribute(
      'href',
      '/explore',
    );
    await waitFor(() => expect(document.title).toBe('Story not found · Lede'));
  });

  it('says "Story not found" for a malformed id too', async () => {
    answer = { status: 400, body: { code: 'VALIDATION_ERROR', message: 'Invalid story id' } };
    renderStory('not-a-uuid');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Story not found' }),
    ).toBeInTheDocument();
  });

  it('offers to try again when the story cannot be loaded', async () => {
    answer = { status: 500, body: { message: 'Internal server error' } };
    renderStory();
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    answer = { status: 200, body: { story } };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Puerto Rico without power after Fiona',
      }),
    ).toBeInTheDocument();
  });
});
