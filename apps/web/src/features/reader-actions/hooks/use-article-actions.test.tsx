import { MESSAGES, CLIENT_MESSAGES, type PublicArticle, type PublicUser } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/components/app-toaster';
import { startSession } from '@/lib/storage';
import * as toastModule from '@/lib/toast';
import { CardActions } from '@/components/card-actions';
import { ACTION_TOAST, ArticleActionsProvider } from './use-article-actions';
import { readerActionsQueries } from '../api/reader-actions';
import { queryKeys } from '@/lib/query-keys';

const reader: PublicUser = {
  _id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  profile_url: '/media/default-avatar.svg',
  theme: 'light',
  theme_chosen: false,
  interests: ['science', 'travel', 'food'],
  timezone: 'UTC',
  createdAt: '2024-01-01T00:00:00.000Z',
};

const article: PublicArticle = {
  _id: 'a1',
  title: 'Moon landing',
  creator: ['Neil'],
  description: 'One small step',
  pubDate: '2022-09-01T00:00:00.000Z',
  image_url: '/media/default-article.svg',
  link: 'https://example.com/a1',
  source_name: 'Example',
  source_url: null,
  source_icon: null,
  keywords: ['science'],
  categories: ['science'],
  likes: 5,
  story: { _id: 'story-lone', size: 1, source_count: 1 },
};

type Answer = { status: number; body: unknown };
let answers: Answer[];
let calls: { url: string; body: unknown }[];

function stubFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(init.body as string) : undefined });
      const next = answers.shift() ?? { status: 500, body: { message: 'boom' } };
      return new Response(JSON.stringify(next.body), {
        status: next.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

/** Lists and an explore page and the feed in the cache, as after a session's first load. */
function setup(lists: { liked?: string[]; disliked?: string[]; saved?: string[] } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(readerActionsQueries.keys.likedIds(), lists.liked ?? []);
  qc.setQueryData(readerActionsQueries.keys.dislikedIds(), lists.disliked ?? []);
  qc.setQueryData(readerActionsQueries.keys.savedIds(), lists.saved ?? []);
  qc.setQueryData([...queryKeys.articles, 'latest'], [article]);
  qc.setQueryData(queryKeys.feed(), {
    interestCount: 3,
    items: [{ ...article, recommendationId: 'r1', status: 'new', reasons: [] }],
  });
  qc.setQueryData(readerActionsQueries.keys.savedArticles(), {
    pages: [
      {
        savedArticles: [{ _id: 's1', article_id: article, savedAt: '2022-09-02T00:00:00.000Z' }],
        nextCursor: null,
      },
    ],
    pageParams: [undefined],
  });
  function Card() {
    const [a] = qc.getQueryData<PublicArticle[]>([...queryKeys.articles, 'latest']) ?? [article];
    return <CardActions article={a!} />;
  }
  const view = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ArticleActionsProvider>
          <Card />
        </ArticleActionsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const rerender = () =>
    view.rerender(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <ArticleActionsProvider>
            <Card />
          </ArticleActionsProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  return { qc, rerender };
}

/** The saved articles the cache holds, all pages together. */
const savedEntries = (qc: QueryClient) =>
  qc
    .getQueryData<{ pages: { savedArticles: { article_id: PublicArticle }[] }[] }>(
      readerActionsQueries.keys.savedArticles(),
    )!
    .pages.flatMap((p) => p.savedArticles);

const likes = (qc: QueryClient) => ({
  latest: qc.getQueryData<PublicArticle[]>([...queryKeys.articles, 'latest'])![0]!.likes,
  feed: qc.getQueryData<{ items: PublicArticle[] }>(queryKeys.feed())!.items[0]!.likes,
  saved: savedEntries(qc)[0]!.article_id.likes,
});

let success: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  answers = [];
  calls = [];
  stubFetch();
  startSession(reader, 'token');
  success = vi.spyOn(toastModule.toast, 'success').mockImplementation(() => 'id');
  error = vi.spyOn(toastModule.toast, 'error').mockImplementation(() => 'id');
});

describe('like / dislike / save state machine', () => {
  it('like adds a like everywhere the article is cached, then dislike takes it back', async () => {
    const user = userEvent.setup();
    const { qc } = setup();
    answers.push({
      status: 200,
      body: { message: 'ok', liked: true, disliked: false, likes: 6, dislikes: 0 },
    });
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(MESSAGES.interactions.liked, ACTION_TOAST),
    );
    expect(likes(qc)).toEqual({ latest: 6, feed: 6, saved: 6 });
    expect(qc.getQueryData(readerActionsQueries.keys.likedIds())).toEqual(['a1']);
    expect(calls[0]).toMatchObject({
      url: '/api/userinteractions/like',
      body: { article_id: 'a1' },
    });

    // Disliking a liked article removes the like and one from the count, at once.
    answers.push({
      status: 200,
      body: { message: 'ok', liked: false, disliked: true, likes: 5, dislikes: 1 },
    });
    await user.click(screen.getByRole('button', { name: 'Dislike' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(MESSAGES.interactions.disliked, ACTION_TOAST),
    );
    expect(likes(qc)).toEqual({ latest: 5, feed: 5, saved: 5 });
    expect(qc.getQueryData(readerActionsQueries.keys.likedIds())).toEqual([]);
    expect(qc.getQueryData(readerActionsQueries.keys.dislikedIds())).toEqual(['a1']);
  });

  it('a failing like restores the lists and every count and says "Failed to update like status"', async () => {
    const user = userEvent.setup();
    const { qc, rerender } = setup({ disliked: ['a1'] });
    let fail!: () => void;
    vi.mocked(fetch).mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          fail = () =>
            resolve(
              new Response(JSON.stringify({ message: 'Like article failed' }), { status: 500 }),
            );
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Like' }));
    // Optimistic: liked, no longer disliked, one more like, shown at once.
    expect(qc.getQueryData(readerActionsQueries.keys.likedIds())).toEqual(['a1']);
    expect(qc.getQueryData(readerActionsQueries.keys.dislikedIds())).toEqual([]);
    expect(likes(qc)).toEqual({ latest: 6, feed: 6, saved: 6 });
    rerender();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('6')).toBeInTheDocument();

    await act(async () => fail());
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(CLIENT_MESSAGES.toasts.likeStatusFailed, ACTION_TOAST),
    );
    expect(qc.getQueryData(readerActionsQueries.keys.likedIds())).toEqual([]);
    expect(qc.getQueryData(readerActionsQueries.keys.dislikedIds())).toEqual(['a1']);
    expect(likes(qc)).toEqual({ latest: 5, feed: 5, saved: 5 });
    rerender();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Dislike' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a like cancels a refetch of the lists on its way, and its failure rolls back to before', async () => {
    const user = userEvent.setup();
    const { qc } = setup();
    // A refetch of the liked list is on its way when the reader clicks Like.
    let staleAnswer!: (ids: string[]) => void;
    const refetch = qc.fetchQuery({
      queryKey: readerActionsQueries.keys.likedIds(),
      queryFn: () => new Promise<string[]>((resolve) => (staleAnswer = resolve)),
      staleTime: 0,
    });
    let fail!: () => void;
    vi.mocked(fetch).mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          fail = () =>
            resolve(
              new Response(JSON.stringify({ message: 'Like article failed' }), { status: 500 }),
            );
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await refetch;
    expect(qc.getQueryData(readerActionsQueries.keys.likedIds())).toEqual(['a1']);
    expect(likes(qc)).toEqual({ latest: 6, feed: 6, saved: 6 });
    // The cancelled refetch's answer arrives late: it changes nothing.
    await act(async () => staleAnswer([]));
    expect(qc.getQueryData(readerActionsQueries.keys.likedIds())).toEqual(['a1']);

    await act(async () => fail());
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(CLIENT_MESSAGES.toasts.likeStatusFailed, ACTION_TOAST),
    );
    expect(qc.getQueryData(readerActionsQueries.keys.likedIds())).toEqual([]);
    expect(likes(qc)).toEqual({ latest: 5, feed: 5, saved: 5 });
    expect(success).not.toHaveBeenCalled();
  });

  it("a press while the lists first load keeps its state over the load's older answer, then reloads them", async () => {
    const user = userEvent.setup();
    const { qc } = setup();
    // The page has just opened: the lists' first load is on its way when the reader clicks Like.
    const answersBefore: ((ids: string[]) => void)[] = [];
    const firstLoads = (['likedIds', 'dislikedIds'] as const).map((name) => {
      qc.removeQueries({ queryKey: readerActionsQueries.keys[name]() });
      // Stopped by the press: its promise ends as cancelled.
      return qc
        .fetchQuery({
          queryKey: readerActionsQueries.keys[name](),
          queryFn: () => new Promise<string[]>((resolve) => answersBefore.push(resolve)),
        })
        .catch((err: unknown) => err);
    });
    let answerLike!: () => void;
    vi.mocked(fetch).mockImplementationOnce(
      (url, init) =>
        new Promise<Response>((resolve) => {
          calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
          answerLike = () =>
            resolve(
              new Response(
                JSON.stringify({ message: 'ok', liked: true, disliked: false, likes: 6 }),
                { status: 200, headers: { 'Content-Type': 'application/json' } },
              ),
            );
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await Promise.all(firstLoads)).toEqual([
      expect.objectContaining({ revert: true }),
      expect.objectContaining({ revert: true }),
    ]);
    const like = screen.getByRole('button', { name: 'Like' });
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    // The first load answers as things were before the press: the press stays on screen.
    await act(async () => answersBefore.forEach((answer) => answer([])));
    expect(like).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls[0]?.body).toEqual({ article_id: 'a1' }), { timeout: 5000 });

    // Settled, the lists are asked for again, and what they say holds for every card.
    answers.push(
      { status: 200, body: { likedArticleIds: ['a1', 'a9'] } },
      { status: 200, body: { dislikedArticleIds: ['a8'] } },
    );
    await act(async () => answerLike());
    await waitFor(() =>
      expect(qc.getQueryData(readerActionsQueries.keys.likedIds())).toEqual(['a1', 'a9']),
    );
    expect(qc.getQueryData(readerActionsQueries.keys.dislikedIds())).toEqual(['a8']);
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual(
      expect.arrayContaining([
        '/api/articles/getlikedarticleids',
        '/api/articles/getdislikedarticleids',
      ]),
    );
    expect(like).toHaveAttribute('aria-pressed', 'true');
  });

  it('unsave takes the article off the saved list at once; a failure puts it back', async () => {
    const user = userEvent.setup();
    const { qc } = setup({ saved: ['a1'] });
    let fail!: () => void;
    vi.mocked(fetch).mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          fail = () =>
            resolve(
              new Response(JSON.stringify({ message: 'Save article failed' }), { status: 500 }),
            );
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(qc.getQueryData(readerActionsQueries.keys.savedIds())).toEqual([]);
    expect(savedEntries(qc)).toEqual([]);
    await act(async () => fail());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Save article failed', ACTION_TOAST));
    expect(qc.getQueryData(readerActionsQueries.keys.savedIds())).toEqual(['a1']);
    expect(savedEntries(qc)).toHaveLength(1);
  });

  it('save then unsave: "Article Saved!", then "Article Unsaved!" with an Undo', async () => {
    const user = userEvent.setup();
    const { qc } = setup();
    answers.push({ status: 200, body: { message: 'ok', saved: true, saves: 1 } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(MESSAGES.interactions.saved, ACTION_TOAST),
    );
    expect(qc.getQueryData(readerActionsQueries.keys.savedIds())).toEqual(['a1']);
    answers.push({ status: 200, body: { message: 'ok', saved: false, saves: 0 } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledTimes(2));
    const [content, options] = success.mock.calls[1]!;
    expect(options).toMatchObject({ key: `${MESSAGES.interactions.unsaved} a1` });
    render(<>{content}</>);
    expect(screen.getByText(MESSAGES.interactions.unsaved)).toBeInTheDocument();
    answers.push({ status: 200, body: { message: 'ok', saved: true, saves: 1 } });
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(qc.getQueryData(readerActionsQueries.keys.savedIds())).toEqual(['a1']),
    );
  });

  it('a press before the lists load toggles without a guessed state; the answer says what holds', async () => {
    const user = userEvent.setup();
    const { qc } = setup();
    // Lists loaded: the request says the state the reader means.
    answers.push({ status: 200, body: { message: 'ok', saved: true, saves: 1 } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Generous: under a full parallel run the first action also loads the queue's code.
    await waitFor(() => expect(success).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(calls[0]!.body).toEqual({ article_id: 'a1', saved: true });

    // A page just opened, its saved list not loaded yet: the screen's "not saved" is a guess.
    qc.removeQueries({ queryKey: readerActionsQueries.keys.savedIds() });
    answers.push({ status: 200, body: { message: 'ok', saved: false, saves: 0 } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledTimes(2), { timeout: 5000 });
    expect(calls[1]!.body).toEqual({ article_id: 'a1' });
    expect(success.mock.calls[1]![1]).toMatchObject({
      key: `${MESSAGES.interactions.unsaved} a1`,
    });
    expect(savedEntries(qc)).toEqual([]);
  });
});

describe('the toasts of the actions, as the reader sees them', () => {
  beforeAll(() => toastModule.loadToasts());
  beforeEach(() => {
    success.mockRestore();
    error.mockRestore();
  });
  afterEach(() => act(() => toastModule.toast.reset()));

  const shown = () =>
    screen
      .queryAllByRole('status')
      .filter((el) => el.textContent)
      .map((el) => el.textContent);

  it('a share copies the link, then says "Article Shared!" in its place: one toast, twice over', async () => {
    const user = userEvent.setup();
    setup();
    render(<AppToaster />);
    const shares = () => calls.filter((c) => c.url.endsWith('/share')).length;
    for (const time of [1, 2]) {
      answers.push({ status: 200, body: { message: 'ok' } });
      await user.click(screen.getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(shares()).toBe(time));
      await waitFor(() => expect(shown()).toEqual([MESSAGES.interactions.shared]));
    }
  });

  it('a like then a save leave the newest toast only', async () => {
    const user = userEvent.setup();
    setup();
    render(<AppToaster />);
    answers.push(
      { status: 200, body: { message: 'ok', liked: true, disliked: false, likes: 6, dislikes: 0 } },
      { status: 200, body: { message: 'ok', saved: true, saves: 1 } },
    );
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(shown()).toEqual([MESSAGES.interactions.liked]));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shown()).toEqual([MESSAGES.interactions.saved]));
  });
});
