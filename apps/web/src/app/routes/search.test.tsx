import { SEARCH_MAX_LENGTH } from '@lede/shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { NavBar } from '../nav-bar';
import { QueryProvider } from '../query-provider';
import SearchPage from './search';

const article = (n: number) => ({
  _id: `a${n}`,
  title: `Article ${n}`,
  creator: [],
  description: 'About it.',
  pubDate: '2022-09-01T12:00:00.000Z',
  image_url: '/media/default-article.svg',
  link: `https://news.example/${n}`,
  source_name: 'Example News',
  source_url: null,
  source_icon: null,
  keywords: [],
  categories: ['world'],
  likes: 0,
});

function answerWith(count: number, nextCursor: string | null = null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            articles: Array.from({ length: count }, (_, i) => article(i + 1)),
            nextCursor,
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  );
}

function renderSearch(q: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/search?q=${encodeURIComponent(q)}`]}>
        <SearchPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the search page count', () => {
  it('says "1 article" for one result', async () => {
    answerWith(1);
    renderSearch('c++');
    expect(await screen.findByText('Found 1 article')).toBeInTheDocument();
  });

  it('says "N articles" otherwise, and never "article(s)"', async () => {
    answerWith(3);
    renderSearch('climate change policy in europe');
    expect(await screen.findByText('Found 3 articles')).toBeInTheDocument();
    expect(screen.queryByText(/article\(s\)/)).toBeNull();
  });

  it('says "0 articles" beside the empty state', async () => {
    answerWith(0);
    renderSearch('zyxwvut');
    expect(await screen.findByText('Found 0 articles', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('No articles found', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('counts "1+ articles" while more can be loaded', async () => {
    answerWith(1, 'next');
    renderSearch('solar');
    expect(await screen.findByText('Found 1+ articles')).toBeInTheDocument();
  });
});

function Location() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

describe('the search box', () => {
  it(`stops at ${SEARCH_MAX_LENGTH} characters, the longest search the API takes`, async () => {
    answerWith(0);
    render(
      <QueryProvider>
        <MemoryRouter initialEntries={['/']}>
          <NavBar />
          <Routes>
            <Route path="*" element={<Location />} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>,
    );
    const [box] = screen.getAllByRole('searchbox');
    expect(box).toHaveAttribute('maxLength', String(SEARCH_MAX_LENGTH));
    const user = userEvent.setup();
    await user.type(box!, 'a'.repeat(SEARCH_MAX_LENGTH + 20) + '{Enter}');
    expect(box).toHaveValue('a'.repeat(SEARCH_MAX_LENGTH));
    expect(screen.getByTestId('location').textContent).toBe(
      `/search?q=${'a'.repeat(SEARCH_MAX_LENGTH)}`,
    );
  });
});
