import {
  QueryClient,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { articleQueries } from '@/features/articles/api/articles';
import { feedQueries } from '@/features/feed/api/feed';
import { readerActionsQueries } from '@/features/reader-actions/api/reader-actions';
import { storyQueries } from '@/features/stories/api/stories';
import { firstRequests } from './first-requests';

type PagedQuery = UseInfiniteQueryOptions<
  unknown,
  Error,
  InfiniteData<unknown>,
  QueryKey,
  string | undefined
>;

/** The URL a query factory asks for (a list's first page) with (the network refused). */
async function firstPageUrl(options: unknown, paged = true): Promise<string> {
  const fetchSpy = vi.fn((_url: string) => Promise.reject(new TypeError('offline')));
  vi.stubGlobal('fetch', fetchSpy);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await (
    paged
      ? qc.fetchInfiniteQuery(options as PagedQuery)
      : qc.fetchQuery(options as Parameters<QueryClient['fetchQuery']>[0])
  ).catch(() => undefined);
  expect(fetchSpy).toHaveBeenCalledTimes(1);
  return fetchSpy.mock.calls[0]![0];
}

describe('the first screen asks for its data at start-up, as its query will', () => {
  it('explore: the chip in the address, trending by default', async () => {
    const trending = await firstPageUrl(articleQueries.trending());
    expect(trending).toBe('/api/articles/getlatesttrendingarticles');
    expect(firstRequests('/explore', '', false)).toEqual([trending]);
    expect(firstRequests('/explore', '?category=nonsense', false)).toEqual([trending]);
    expect(firstRequests('/explore', '?category=all', false)).toEqual([
      await firstPageUrl(articleQueries.latest()),
    ]);
    expect(firstRequests('/explore', '?category=science', false)).toEqual([
      await firstPageUrl(articleQueries.keyword('science')),
    ]);
  });

  it('search: the trimmed query, encoded as the API client encodes it; nothing without one', async () => {
    const url = await firstPageUrl(articleQueries.keyword('climate change'));
    expect(url).toBe('/api/articles/getarticlebykeyword?keyword=climate+change');
    expect(firstRequests('/search', '?q=%20climate%20change%20', false)).toEqual([url]);
    expect(firstRequests('/search', '?q=', false)).toEqual([]);
  });

  it("a reader's pages only for a reader; the reader's own state waits for the list", async () => {
    expect(firstRequests('/home', '', false)).toEqual([]);
    expect(firstRequests('/saved', '', false)).toEqual([]);
    expect(firstRequests('/home', '', true)).toEqual([await firstPageUrl(feedQueries.pages())]);
    const saved = await firstPageUrl(readerActionsQueries.savedArticles());
    expect(saved).toBe('/api/articles/getsavedarticles?limit=30');
    expect(firstRequests('/saved', '', true)).toEqual([saved]);
    expect(firstRequests('/explore', '', true)).toEqual([
      await firstPageUrl(articleQueries.trending()),
    ]);
  });

  it("a story's page: its story, for a visitor and a reader; not a longer path", async () => {
    const id = '0f0e8b0a-54f7-4311-bd1e-8e5f5d9702a6';
    const url = await firstPageUrl(storyQueries.byId(id), false);
    expect(url).toBe(`/api/stories/getstorybyid?story_id=${id}`);
    expect(firstRequests(`/story/${id}`, '?report=abc', false)).toEqual([url]);
    expect(firstRequests(`/story/${id}`, '', true)).toEqual([url]);
    expect(firstRequests(`/story/${id}/more`, '', false)).toEqual([]);
    expect(firstRequests('/story/', '', false)).toEqual([]);
  });

  it('nothing for screens without a list', () => {
    for (const path of ['/', '/login', '/profile', '/article/abc', '/preferences']) {
      expect(firstRequests(path, '', true), path).toEqual([]);
    }
  });
});
