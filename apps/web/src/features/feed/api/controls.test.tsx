import type { FewerLikeThisResult, PublicArticle, ReaderControlLists } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/components/app-toaster';
import { loadToasts, toast } from '@/lib/toast';
import { useFeedControls } from './controls';
import { feedQueries } from '@/features/feed/api/feed';

const controls: ReaderControlLists = {
  hiddenSources: [],
  mutedTopics: [],
  learnedTopics: [],
  feedSources: 2,
};
const article = { _id: '3f1c2a4e-0000-4000-8000-000000000001' } as PublicArticle;
const key = '@maury wills|@world series';
const undo = {
  article_id: article._id,
  at: '2026-01-01T00:00:00.000Z',
  steering: [
    { kind: 'subject' as const, key: '@maury wills|@world series', state: 'none' as const },
  ],
};
const fewer: FewerLikeThisResult = {
  ...controls,
  message: 'You will see fewer stories like this',
  subject: { key, label: 'Maury Wills · World Series', terms: [] },
  undo,
};

let calls: { path: string; body: unknown }[];

beforeAll(() => loadToasts());
beforeEach(() => {
  calls = [];
  const answers: Record<string, unknown> = {
    '/api/recommendations/controls': controls,
    '/api/recommendations/fewerlikethis': fewer,
    '/api/recommendations/undofewer': { ...controls, message: 'Story back in your feed' },
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
afterEach(() => act(() => toast.reset()));

function Card() {
  const { fewerLikeThis } = useFeedControls();
  return (
    <button type="button" onClick={() => fewerLikeThis(article)}>
      Fewer like this
    </button>
  );
}

describe('"Fewer like this"', () => {
  it("offers Undo in its toast, from the keyboard; Undo posts the answer's undo and refetches the feed", async () => {
    const user = userEvent.setup();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    qc.setQueryData(feedQueries.keys.pages(), { pages: [], pageParams: [] });
    render(
      <MemoryRouter>
        <QueryClientProvider client={qc}>
          <Card />
          <AppToaster />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Fewer like this' }));
    expect(await screen.findByText('You will see fewer stories like this')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/recommendations/fewerlikethis')?.body).toEqual({
      article_id: article._id,
    });

    const undoButton = screen.getByRole('button', { name: 'Undo' });
    undoButton.focus();
    expect(undoButton).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/recommendations/undofewer')?.body).toEqual({
        undo,
      }),
    );
    expect(await screen.findByText('Story back in your feed')).toBeInTheDocument();
    await waitFor(() =>
      expect(qc.getQueryState(feedQueries.keys.pages())?.isInvalidated).toBe(true),
    );
  });
});
