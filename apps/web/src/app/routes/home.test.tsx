import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { startSession } from '@/lib/storage';
import { testArticle, testReader } from '@/test/fixtures';
import HomePage from './home';

const reader = testReader;
const article = (id: string) => testArticle(id, `Story ${id}`);

/** A page of the feed answer: its articles by id, and the next page's cursor. */
const feedPage = (ids: string[], nextCursor: string | null) => ({
  recommendations: ids.map((id) => ({
    _id: `r-${id}`,
    score: 1,
    status: 'new',
    article_id: article(id),
    reasons: ['Because you like Science'],
    category: 'science',
  })),
  interestCount: 3,
  nextCursor,
});

let feedPages: Record<string, ReturnType<typeof feedPage>>;
let asked: string[];

beforeEach(() => {
  asked = [];
  startSession(reader, 'token');
  const answers: Record<string, unknown> = {
    '/api/recommendations/controls': {
      hiddenSources: [],
      mutedTopics: [],
      learnedTopics: [],
      feedSources: 3,
    },
    '/api/articles/getlikedarticleids': { likedArticleIds: [] },
    '/api/articles/getdislikedarticleids': { dislikedArticleIds: [] },
    '/api/articles/getsavedarticleids': { savedArticleIds: [] },
    '/api/articles/getlatesttrendingarticles': {
      articles: [article('t1'), article('t2')],
      nextCursor: null,
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://x');
      const cursor = url.searchParams.get('cursor') ?? '';
      if (url.pathname === '/api/recommendations/get') asked.push(cursor);
      const body =
        url.pathname === '/api/recommendations/get' ? feedPages[cursor] : answers[url.pathname];
      return new Response(JSON.stringify(body ?? { message: 'boom' }), {
        status: body ? 200 : 500,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

function renderHome() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Recommended articles' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('the feed keeps going', () => {
  it('loads the next page with "Load more", and says "You\'re all caught up" only at the end', async () => {
    feedPages = {
      '': feedPage(['a1', 'a2'], 'page-2'),
      'page-2': feedPage(['a3', 'a4'], 'page-3'),
      'page-3': feedPage([], null),
    };
    const user = userEvent.setup();
    renderHome();
    await waitFor(() => expect(cardTitles()).toEqual(['Story a1', 'Story a2']));
    const more = await screen.findByRole('button', { name: 'Load more' });
    expect(screen.queryByRole('region', { name: "You're all caught up" })).toBeNull();

    await user.click(more);
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Story a1', 'Story a2', 'Story a3', 'Story a4']),
    );
    expect(screen.queryByRole('region', { name: "You're all caught up" })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('region', { name: "You're all caught up" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(asked).toEqual(['', 'page-2', 'page-3']);
  });

  it('asks for the next page as the reader scrolls near the end, and shows each article once', async () => {
    feedPages = {
      '': feedPage(['a1', 'a2'], 'page-2'),
      // A page from a feed rebuilt meanwhile starts at its top: a2 again, shown once.
      'page-2': feedPage(['a2', 'a5'], null),
    };
    renderHome();
    await screen.findByRole('button', { name: 'Load more' });
    expect(asked).toEqual(['']);

    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    await waitFor(() => expect(cardTitles()).toEqual(['Story a1', 'Story a2', 'Story a5']));
    expect(asked).toEqual(['', 'page-2']);
    expect(await screen.findByRole('region', { name: "You're all caught up" })).toBeInTheDocument();
  });

  it('ends at once when the first page is all there is', async () => {
    feedPages = { '': feedPage(['a1'], null) };
    renderHome();
    expect(await screen.findByRole('region', { name: "You're all caught up" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(asked).toEqual(['']);
  });
});

/** Where the app is, for a test to see that the screen stayed put. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

describe('a reader without interests (who skipped choosing them)', () => {
  it('stays on the feed, which offers to choose topics and shows the trending news meanwhile', async () => {
    feedPages = { '': { recommendations: [], interestCount: 0, nextCursor: null } };
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={<HomePage />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const choose = await screen.findByRole('link', { name: 'Choose topics' });
    expect(choose).toHaveAttribute('href', '/preferences');
    expect(
      screen.getByText('Please set your interests to get personalized recommendations.'),
    ).toBeInTheDocument();
    const trending = await screen.findByRole('list', { name: 'Trending articles' });
    await waitFor(() =>
      expect(
        within(trending)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['Story t1', 'Story t2']),
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/home');
    expect(screen.queryByText('No recommendations available at the moment.')).toBeNull();

    await userEvent.setup().click(choose);
    expect(screen.getByTestId('where')).toHaveTextContent('/preferences');
  });
});
