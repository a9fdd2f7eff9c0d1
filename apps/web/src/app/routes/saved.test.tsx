import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { startSession } from '@/lib/storage';
import { testArticle, testReader } from '@/test/fixtures';
import SavedPage from './saved';

const reader = testReader;
const article = (id: string) => testArticle(id, `Saved ${id}`);

const savedPage = (ids: string[], nextCursor: string | null) => ({
  savedArticles: ids.map((id) => ({
    _id: `s-${id}`,
    article_id: article(id),
    savedAt: '2025-05-02T10:00:00.000Z',
  })),
  nextCursor,
});

let pages: Record<string, ReturnType<typeof savedPage>>;
let asked: string[];
let savedIds: string[];

beforeEach(() => {
  asked = [];
  startSession(reader, 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://x');
      let body: unknown;
      if (url.pathname === '/api/articles/getsavedarticles') {
        asked.push(url.search);
        body = pages[url.searchParams.get('cursor') ?? ''];
      } else if (url.pathname === '/api/articles/getsavedarticleids') {
        body = { savedArticleIds: savedIds };
      } else if (url.pathname === '/api/articles/getlikedarticleids') {
        body = { likedArticleIds: [] };
      } else if (url.pathname === '/api/articles/getdislikedarticleids') {
        body = { dislikedArticleIds: [] };
      }
      return new Response(JSON.stringify(body ?? { message: 'boom' }), {
        status: body ? 200 : 500,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

function renderSaved() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SavedPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Saved articles' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('the Saved page keeps going', () => {
  it('shows the true count and loads the next page with "Load more" until the end', async () => {
    pages = { '': savedPage(['a1', 'a2'], 'page-2'), 'page-2': savedPage(['a3'], null) };
    savedIds = ['a1', 'a2', 'a3'];
    const user = userEvent.setup();
    renderSaved();
    await waitFor(() => expect(cardTitles()).toEqual(['Saved a1', 'Saved a2']));
    expect(await screen.findByText('(3 articles)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Saved a1', 'Saved a2', 'Saved a3']));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('(3 articles)')).toBeInTheDocument();
    expect(asked).toEqual(['?limit=30', '?limit=30&cursor=page-2']);
  });

  it('says "N+" while the saved ids are not there and more can load', async () => {
    pages = { '': savedPage(['a1', 'a2'], 'page-2') };
    savedIds = [];
    renderSaved();
    expect(await screen.findByText('(2+ articles)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });
});
