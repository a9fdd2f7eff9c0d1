import { afterEach, describe, expect, it, vi } from 'vitest';
import { articleQueries } from '@/features/articles/api/articles';
import { readerActionsQueries } from '@/features/reader-actions/api/reader-actions';
import { createQueryClient } from '@/lib/query-client';
import { setToken } from '@/lib/storage';
import { prefetchScreen } from './prefetch';

/** fetch answering every request with `body`; the spy records what was asked for. */
function answering(body: unknown) {
  const spy = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', spy);
  return spy;
}
const asked = (spy: ReturnType<typeof answering>) => spy.mock.calls.map(([url]) => String(url));

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  setOnline(true);
});

describe('pointing at a link of the navigation bar fetches its screen ahead of the click', () => {
  it("Explore's first list, through the factory the screen reads, once while it is fresh", async () => {
    const page = { articles: [], nextCursor: null };
    const spy = answering(page);
    const client = createQueryClient();

    await prefetchScreen('/explore', client);
    expect(asked(spy)).toEqual(['/api/articles/getlatesttrendingarticles']);
    expect(client.getQueryData(articleQueries.trending().queryKey)).toEqual({
      pages: [page],
      pageParams: [undefined],
    });

    await prefetchScreen('/explore', client);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("a chip in the link's address: that chip's list", async () => {
    const spy = answering({ articles: [], nextCursor: null });
    const client = createQueryClient();
    await prefetchScreen('/explore?category=all', client);
    await prefetchScreen('/explore?category=science', client);
    expect(asked(spy)).toEqual([
      '/api/articles/getlatestarticles',
      '/api/articles/getarticlebykeyword?keyword=science',
    ]);
    expect(client.getQueryData(articleQueries.latest().queryKey)).toBeDefined();
    expect(client.getQueryData(articleQueries.keyword('science').queryKey)).toBeDefined();
  });

  it('Saved for a signed-in reader only, and never the feed (serving it records what it showed)', async () => {
    const spy = answering({ savedArticles: [], nextCursor: null });
    const client = createQueryClient();
    await prefetchScreen('/saved', client);
    await prefetchScreen('/home', client);
    expect(spy).not.toHaveBeenCalled();

    setToken('a-token');
    await prefetchScreen('/saved', client);
    await prefetchScreen('/home', client);
    expect(asked(spy)).toEqual(['/api/articles/getsavedarticles?limit=30']);
    expect(client.getQueryData(readerActionsQueries.savedArticles().queryKey)).toBeDefined();
  });

  it('nothing offline', async () => {
    const spy = answering({ articles: [], nextCursor: null });
    setOnline(false);
    await prefetchScreen('/explore', createQueryClient());
    expect(spy).not.toHaveBeenCalled();
  });
});
