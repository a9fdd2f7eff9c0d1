import type { PublicArticle } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleCoverageProvider } from '@/lib/article-coverage';
import { useArticleActions } from '@/lib/article-actions';
import { ArticleActionsProvider } from '@/test/article-actions';
import { ArticleDetail, keywordPills } from './article-detail';

const article: PublicArticle = {
  _id: 'a1',
  title: 'Moon landing',
  creator: [],
  description: 'One small step',
  pubDate: '2022-09-01T00:00:00.000Z',
  image_url: '',
  link: 'https://example.com/a1',
  source_name: 'Example',
  source_url: null,
  source_icon: null,
  keywords: [],
  categories: ['science'],
  likes: 0,
  story: { _id: 'st-1', size: 1, source_count: 1 },
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ articles: [] }), { status: 200 })),
  );
});

function Detail({ article }: { article: PublicArticle }) {
  const actions = useArticleActions(article);
  return <ArticleDetail article={article} actions={actions} title={(t) => <h1>{t}</h1>} />;
}

function renderDetail(shown: PublicArticle) {
  const coverage = (article: PublicArticle) => <p>Coverage of {article.story._id}</p>;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ArticleCoverageProvider value={coverage}>
          <ArticleActionsProvider>
            <Detail article={shown} />
          </ArticleActionsProvider>
        </ArticleCoverageProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ArticleDetail and its story', () => {
  it('shows the full coverage the app provides when the story holds other articles', () => {
    renderDetail({ ...article, story: { _id: 'st-1', size: 3, source_count: 2 } });
    expect(screen.getByText('Coverage of st-1')).toBeInTheDocument();
  });

  it('shows none for an article alone in its story', () => {
    renderDetail(article);
    expect(screen.getByRole('heading', { name: 'Moon landing' })).toBeInTheDocument();
    expect(screen.queryByText(/Coverage of/)).toBeNull();
  });
});

describe('ArticleDetail keywords and label', () => {
  it('shows the names and phrases as pills, never a category', () => {
    renderDetail({
      ...article,
      categories: ['world', 'science'],
      keywords: ['world', 'science', 'Travel', 'valery polyakov', 'outer space', 'World News'],
    });
    const pills = screen.getAllByRole('link', { name: /^Search for / }).map((a) => a.textContent);
    expect(pills).toEqual(['valery polyakov', 'outer space']);
    // The label is the article's primary category.
    expect(screen.getByText('World News')).toBeInTheDocument();
  });

  it('shows no Keywords heading when only categories are left', () => {
    renderDetail({ ...article, keywords: ['science'] });
    expect(screen.queryByRole('heading', { name: 'Keywords' })).toBeNull();
    expect(keywordPills(['science', 'Food & Dining', 'nasa', 'NASA'])).toEqual(['nasa']);
  });
});
