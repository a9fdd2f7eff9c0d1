import type { FeedProfile, ReaderControlLists } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EmptyFeed } from './empty-feed';

const profile: FeedProfile = {
  subjects: [],
  categories: [
    {
      category: 'sports',
      label: 'Sports',
      weight: 1,
      declared: true,
      positives: 0,
      dislikes: 0,
      source: 'Your interests',
      steering: 'off',
    },
  ],
};
const controls: ReaderControlLists = {
  hiddenSources: [{ source_name: 'Example Wire', hiddenAt: '2026-01-01T00:00:00.000Z' }],
  mutedTopics: [
    { kind: 'keyword', value: 'cup', label: 'cup', count: 1, mutedAt: '2026-01-01T00:00:00.000Z' },
  ],
  learnedTopics: [],
  feedSources: 2,
};

let calls: { path: string; body: unknown }[];
let answers: Record<string, unknown>;

beforeEach(() => {
  calls = [];
  answers = {
    '/api/recommendations/profile': profile,
    '/api/recommendations/controls': controls,
    '/api/recommendations/unhidesource': { ...controls, hiddenSources: [], message: 'ok' },
    '/api/recommendations/unmutetopic': { ...controls, mutedTopics: [], message: 'ok' },
    '/api/recommendations/steer': { ...profile, message: 'ok', applied: [], undo: [] },
    '/api/recommendations/refresh': { recommendations: [], interestCount: 3, message: 'ok' },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      calls.push({ path, body: init.body ? JSON.parse(init.body as string) : undefined });
      const body = answers[path];
      return new Response(JSON.stringify(body ?? { message: 'boom' }), {
        status: body ? 200 : 500,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

function setup(refreshedAt?: Date) {
  const onRefresh = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <EmptyFeed onRefresh={onRefresh} refreshing={false} refreshedAt={refreshedAt} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { onRefresh };
}

describe('EmptyFeed', () => {
  it('says why the feed is empty and offers a way back for each cause', async () => {
    const { onRefresh } = setup();
    expect(screen.getByText('No recommendations available at the moment.')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'You hid 1 source. You muted 1 topic. You turned down or off 1 topic.',
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show hidden sources again' }));
    await user.click(screen.getByRole('button', { name: 'Unmute all topics' }));
    await user.click(screen.getByRole('button', { name: 'Reset steering' }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual(
        expect.arrayContaining([
          '/api/recommendations/unhidesource',
          '/api/recommendations/unmutetopic',
          '/api/recommendations/steer',
        ]),
      ),
    );
    expect(calls.find((c) => c.path === '/api/recommendations/unhidesource')?.body).toEqual({
      source_name: 'Example Wire',
    });
    expect(calls.find((c) => c.path === '/api/recommendations/steer')?.body).toEqual({
      changes: [{ kind: 'category', key: 'sports', state: 'none' }],
    });
    expect(screen.getByRole('link', { name: 'Choose more interests' })).toHaveAttribute(
      'href',
      '/preferences',
    );
    await user.click(screen.getByRole('button', { name: 'Refresh Recommendations' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('with nothing hidden says the reader has seen it all, and when it last refreshed', async () => {
    answers['/api/recommendations/controls'] = {
      ...controls,
      hiddenSources: [],
      mutedTopics: [],
    };
    answers['/api/recommendations/profile'] = { subjects: [], categories: [] };
    setup(new Date(2026, 0, 1, 9, 30));
    expect(
      await screen.findByText(
        'You have seen every story on your topics for now: choose more or check back later.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      /Refreshed at .*9:30.*: nothing new yet\./,
    );
    expect(screen.queryByRole('button', { name: 'Reset steering' })).not.toBeInTheDocument();
  });

  it('Choose more interests opens the interests screen with the state it needs, not a bounce home', async () => {
    function Preferences() {
      const state = useLocation().state as { fromReset?: boolean } | null;
      return <p>{state?.fromReset ? 'Choosing interests' : 'Sent back home'}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/home']}>
        <QueryClientProvider client={new QueryClient()}>
          <Routes>
            <Route
              path="/home"
              element={<EmptyFeed onRefresh={() => undefined} refreshing={false} />}
            />
            <Route path="/preferences" element={<Preferences />} />
          </Routes>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Choose more interests' }));
    expect(screen.getByText('Choosing interests')).toBeInTheDocument();
  });
});
