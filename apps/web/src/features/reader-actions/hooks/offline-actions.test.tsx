import 'fake-indexeddb/auto';
import type { PublicArticle } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardActions } from '@/components/card-actions';
import { clearOfflineData } from '@/lib/offline/db';
import { queuedActions } from '@/lib/offline/queue';
import { storedSavedArticles } from '@/lib/offline/saved-store';
import { syncOfflineActions } from '@/lib/offline/sync';
import { queryKeys } from '@/lib/query-keys';
import { startSession } from '@/lib/storage';
import * as toastModule from '@/lib/toast';
import { testArticle, testReader } from '@/test/fixtures';
import { readerActionsQueries } from '../api/reader-actions';
import { ArticleActionsProvider } from './use-article-actions';

const article: PublicArticle = { ...testArticle('a1', 'Moon landing'), likes: 5 };
let calls: { url: string; body: unknown }[];

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(readerActionsQueries.keys.likedIds(), []);
  qc.setQueryData(readerActionsQueries.keys.dislikedIds(), []);
  qc.setQueryData(readerActionsQueries.keys.savedIds(), []);
  qc.setQueryData([...queryKeys.articles, 'latest'], [article]);
  function Card() {
    const [a] = qc.getQueryData<PublicArticle[]>([...queryKeys.articles, 'latest']) ?? [article];
    return <CardActions article={a!} />;
  }
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ArticleActionsProvider>
          <Card />
        </ArticleActionsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return qc;
}

let error: ReturnType<typeof vi.spyOn>;
let success: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(init.body as string) : undefined });
      const body = url.endsWith('/like')
        ? { message: 'Article Liked!', liked: true, disliked: false, likes: 6, dislikes: 0 }
        : { message: 'Article Saved!', saved: true, saves: 1 };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  startSession(testReader, 'token');
  error = vi.spyOn(toastModule.toast, 'error').mockImplementation(() => 'id');
  success = vi.spyOn(toastModule.toast, 'success').mockImplementation(() => 'id');
});
afterEach(async () => {
  setOnline(true);
  await clearOfflineData();
});

describe('actions without a connection', () => {
  it('a like stays on screen, waits in the queue, and is sent as "liked: true" once back online', async () => {
    const user = userEvent.setup();
    const qc = setup();
    const likes = () =>
      qc.getQueryData<PublicArticle[]>([...queryKeys.articles, 'latest'])![0]!.likes;
    setOnline(false);
    const like = screen.getByRole('button', { name: 'Like' });
    await user.click(like);
    await waitFor(async () =>
      expect((await queuedActions(testReader._id)).map((e) => e.action)).toEqual([
        { kind: 'reaction', articleId: 'a1', liked: true, disliked: false },
      ]),
    );
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(likes()).toBe(6);
    expect(calls).toEqual([]);
    expect(error).not.toHaveBeenCalled();

    setOnline(true);
    const report = await syncOfflineActions(testReader._id);
    expect(report).toMatchObject({ sent: 1, refused: [] });
    expect(calls).toEqual([
      { url: '/api/userinteractions/like', body: { article_id: 'a1', liked: true } },
    ]);
    expect(success).toHaveBeenCalledWith('1 offline action sent', { id: 'offline-replay' });
    expect(await queuedActions(testReader._id)).toEqual([]);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(likes()).toBe(6);

    // Exactly once: nothing is left to send.
    expect(await syncOfflineActions(testReader._id)).toMatchObject({ sent: 0 });
    expect(calls).toHaveLength(1);
  });

  it('a save keeps the article on the device, offline too; unsaving drops it', async () => {
    const user = userEvent.setup();
    setup();
    setOnline(false);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(async () =>
      expect((await storedSavedArticles(testReader._id)).map((e) => e.article_id)).toEqual([
        article,
      ]),
    );
    expect(save).toHaveAttribute('aria-pressed', 'true');
    await user.click(save);
    await waitFor(async () => expect(await storedSavedArticles(testReader._id)).toEqual([]));
    expect((await queuedActions(testReader._id)).map((e) => e.action)).toEqual([
      { kind: 'save', articleId: 'a1', saved: false },
    ]);
  });

  it('with a connection, a like says its state ("liked: true"), not a toggle', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: '/api/userinteractions/like',
      body: { article_id: 'a1', liked: true },
    });
    expect(await queuedActions(testReader._id)).toEqual([]);
  });
});
