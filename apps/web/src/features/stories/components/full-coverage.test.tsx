import type { PublicArticle, Story, StoryMemberArticle } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import FullCoverage from './full-coverage';

const STORY = 'st-1';

function member(id: string, source: string, pubDate: string, hasTime = true): StoryMemberArticle {
  return {
    _id: id,
    title: `Report ${id}`,
    creator: [],
    description: '',
    pubDate,
    image_url: '',
    link: `https://example.com/${id}`,
    source_name: source,
    source_url: null,
    source_icon: null,
    keywords: [],
    categories: [],
    likes: 0,
    story: { _id: STORY, size: 3, source_count: 2 },
    joined: { rule: 'similar', score: 0.5, shared_terms: ['eclipse'], shared_words: ['Eclipse'] },
    pub_date_has_time: hasTime,
  };
}

const articles = [
  member('a3', 'BBC News', '2024-04-08T20:00:00.000Z'),
  member('a2', 'Reuters', '2024-04-08T18:30:00.000Z'),
  // Its source gave the day only.
  member('a1', 'Reuters', '2024-04-08T12:00:00.000Z', false),
];
const story: Story = {
  _id: STORY,
  title: 'Report a2',
  title_article_id: 'a2',
  size: 3,
  source_count: 2,
  first_published: articles[2]!.pubDate,
  last_published: articles[0]!.pubDate,
  articles,
  sources: [
    {
      source_name: 'Reuters',
      source_url: null,
      source_icon: null,
      first_reported: articles[2]!.pubDate,
      first_reported_has_time: true,
      article_id: 'a1',
      articles: 2,
    },
    {
      source_name: 'BBC News',
      source_url: null,
      source_icon: null,
      first_reported: articles[0]!.pubDate,
      first_reported_has_time: true,
      article_id: 'a3',
      articles: 1,
    },
  ],
};

let answer: { status: number; body: unknown };
beforeEach(() => {
  answer = { status: 200, body: { story } };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});

function renderCoverage(article: PublicArticle) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <FullCoverage article={article} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, qc };
}

describe('Full coverage', () => {
  it("lists the story's other reports and its sources, and links to the whole story", async () => {
    renderCoverage(articles[1]!);
    const section = await screen.findByRole('region', { name: 'Full coverage' });
    expect(within(section).getByText('3 articles from 2 sources')).toBeInTheDocument();
    const reports = within(section).getAllByRole('link', { name: /^Report/ });
    // Newest first, without the article being read.
    expect(reports.map((a) => a.getAttribute('href'))).toEqual(['/article/a3', '/article/a1']);
    expect(reports[0]).toHaveTextContent('BBC News · 08 April 2024, 20:00 UTC');
    expect(reports[1]).toHaveTextContent('Reuters · 08 April 2024');
    expect(reports[1]).not.toHaveTextContent('UTC');
    expect(within(section).getByText('Reported by Reuters and BBC News')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'See the whole story' })).toHaveAttribute(
      'href',
      '/story/st-1?report=a2',
    );
  });

  it('shows nothing when the story cannot be loaded', async () => {
    answer = { status: 404, body: { code: 'STORY_NOT_FOUND', message: 'Story not found' } };
    const { container, qc } = renderCoverage(articles[1]!);
    await waitFor(() => expect(qc.getQueryState(['stories', 'byId', STORY])?.status).toBe('error'));
    expect(container).toBeEmptyDOMElement();
  });
});
