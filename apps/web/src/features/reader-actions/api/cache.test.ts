import type { PublicArticle, SavedArticleEntry } from '@lede/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyReaction, cachedLikes, cancelReactionQueries, currentReaction } from './cache';
import { readerActionsQueries } from './reader-actions';
import { queryKeys } from '@/lib/query-keys';

function article(id: string, likes: number): PublicArticle {
  return {
    _id: id,
    title: `Article ${id}`,
    creator: ['Neil'],
    description: 'One small step',
    pubDate: '2022-09-01T00:00:00.000Z',
    image_url: '/media/default-article.svg',
    link: `https://example.com/${id}`,
    source_name: 'Example',
    source_url: null,
    source_icon: null,
    keywords: [],
    categories: ['science'],
    likes,
    story: { _id: 'story-lone', size: 1, source_count: 1 },
  };
}

const a1 = article('a1', 5);
const a2 = article('a2', 9);
const entries: SavedArticleEntry[] = [
  { _id: 's2', article_id: a2, savedAt: '2022-09-03T00:00:00.000Z' },
  { _id: 's1', article_id: a1, savedAt: '2022-09-02T00:00:00.000Z' },
];

/** The saved articles as their query caches them: pages of entries. */
const savedPages = (...pages: SavedArticleEntry[][]) => ({
  pages: pages.map((savedArticles) => ({ savedArticles, nextCursor: null })),
  pageParams: pages.map(() => undefined),
});
const savedOf = (qc: QueryClient) =>
  qc
    .getQueryData<ReturnType<typeof savedPages>>(readerActionsQueries.keys.savedArticles())
    ?.pages.flatMap((p) => p.savedArticles);

/** Every place an article can be cached: public lists, search, a detail, the feed, saved. */
function cache() {
  const qc = new QueryClient();
  qc.setQueryData(readerActionsQueries.keys.likedIds(), ['a2']);
  qc.setQueryData(readerActionsQueries.keys.dislikedIds(), ['a1']);
  qc.setQueryData(readerActionsQueries.keys.savedIds(), ['a2', 'a1']);
  qc.setQueryData([...queryKeys.articles, 'latest'], [a1, a2]);
  qc.setQueryData([...queryKeys.articles, 'trending'], [a2, a1]);
  qc.setQueryData([...queryKeys.articles, 'keyword', 'moon'], [a1]);
  qc.setQueryData([...queryKeys.articles, 'byId', 'a1'], a1);
  qc.setQueryData(queryKeys.feed(), {
    interestCount: 3,
    items: [{ ...a1, recommendationId: 'r1', status: 'new', reasons: [] }, a2],
  });
  qc.setQueryData(readerActionsQueries.keys.savedArticles(), savedPages(entries));
  return qc;
}

/** The like count of `id` in every cache that holds it. */
function likesEverywhere(qc: QueryClient, id: string) {
  const find = (list: PublicArticle[] | undefined) => list?.find((a) => a._id === id)?.likes;
  return {
    latest: find(qc.getQueryData([...queryKeys.articles, 'latest'])),
    trending: find(qc.getQueryData([...queryKeys.articles, 'trending'])),
    search: find(qc.getQueryData([...queryKeys.articles, 'keyword', 'moon'])),
    detail: qc.getQueryData<PublicArticle>([...queryKeys.articles, 'byId', id])?.likes,
    feed: find(qc.getQueryData<{ items: PublicArticle[] }>(queryKeys.feed())?.items),
    saved: find(savedOf(qc)?.map((e) => e.article_id)),
  };
}

describe('applyReaction', () => {
  it("counts a like in a cached story's articles too", () => {
    const qc = cache();
    const story = { _id: 'st', title: 'Moon', articles: [a2, { ...a1, joined: {} }], sources: [] };
    qc.setQueryData([...queryKeys.stories, 'byId', 'st'], story);
    applyReaction(qc, 'a1', { liked: true, disliked: false, likes: 6 });
    const after = qc.getQueryData<typeof story>([...queryKeys.stories, 'byId', 'st'])!;
    expect(after.articles.map((a) => a.likes)).toEqual([9, 6]);
    expect(after.articles[0]).toBe(a2);
  });

  it('applies a like to every cached list and the detail, and leaves other articles alone', () => {
    const qc = cache();
    const latestA2 = qc.getQueryData<PublicArticle[]>([...queryKeys.articles, 'latest'])![1];
    applyReaction(qc, 'a1', { liked: true, disliked: false, likes: 6 });
    expect(likesEverywhere(qc, 'a1')).toEqual({
      latest: 6,
      trending: 6,
      search: 6,
      detail: 6,
      feed: 6,
      saved: 6,
    });
    expect(qc.getQueryData(readerActionsQueries.keys.likedIds())).toEqual(['a2', 'a1']);
    expect(qc.getQueryData(readerActionsQueries.keys.dislikedIds())).toEqual([]);
    expect(currentReaction(qc, 'a1')).toEqual({
      liked: true,
      disliked: false,
      saved: true,
      likes: 6,
    });
    // The other article, and the feed's own fields, are untouched (same objects).
    expect(qc.getQueryData<PublicArticle[]>([...queryKeys.articles, 'latest'])![1]).toBe(latestA2);
    expect(likesEverywhere(qc, 'a2').latest).toBe(9);
    expect(
      qc.getQueryData<{ items: { status?: string }[] }>(queryKeys.feed())!.items[0]!.status,
    ).toBe('new');
  });

  it('returns the reaction that rolls it back: lists, counts and the saved entry come back', () => {
    const qc = cache();
    const before = {
      liked: qc.getQueryData(readerActionsQueries.keys.likedIds()),
      disliked: qc.getQueryData(readerActionsQueries.keys.dislikedIds()),
      saved: qc.getQueryData(readerActionsQueries.keys.savedIds()),
      entries: qc.getQueryData(readerActionsQueries.keys.savedArticles()),
      likes: likesEverywhere(qc, 'a1'),
    };
    const undo = applyReaction(qc, 'a1', { liked: true, disliked: false, saved: false, likes: 6 });
    expect(qc.getQueryData(readerActionsQueries.keys.savedIds())).toEqual(['a2']);
    expect(savedOf(qc)).toEqual([entries[0]]);
    expect(undo).toEqual({
      liked: false,
      disliked: true,
      saved: true,
      likes: 5,
      savedEntry: { entry: entries[1], index: 1 },
    });

    applyReaction(qc, 'a1', undo);
    expect(new Set(qc.getQueryData<string[]>(readerActionsQueries.keys.likedIds()))).toEqual(
      new Set(before.liked as string[]),
    );
    expect(qc.getQueryData(readerActionsQueries.keys.dislikedIds())).toEqual(before.disliked);
    expect(new Set(qc.getQueryData<string[]>(readerActionsQueries.keys.savedIds()))).toEqual(
      new Set(before.saved as string[]),
    );
    // The saved entry is back where it was, and every count is as before.
    expect(qc.getQueryData(readerActionsQueries.keys.savedArticles())).toEqual(before.entries);
    expect(likesEverywhere(qc, 'a1')).toEqual(before.likes);
  });

  it('takes an unsaved article out of whichever saved page holds it, and puts it back in place', () => {
    const qc = cache();
    const third = { _id: 's0', article_id: article('a3', 1), savedAt: '2022-09-01T00:00:00.000Z' };
    qc.setQueryData(readerActionsQueries.keys.savedIds(), ['a2', 'a1', 'a3']);
    qc.setQueryData(readerActionsQueries.keys.savedArticles(), savedPages(entries, [third]));
    for (const [id, index] of [
      ['a3', 2],
      ['a1', 1],
      ['a2', 0],
    ] as const) {
      const undo = applyReaction(qc, id, { saved: false });
      expect(undo.savedEntry?.index).toBe(index);
      expect(savedOf(qc)!.map((e) => e.article_id._id)).not.toContain(id);
      applyReaction(qc, id, undo);
      expect(savedOf(qc)).toEqual([...entries, third]);
    }
  });

  it('changes only the fields it is given, never shows a negative count, and knows no count for an uncached article', () => {
    const qc = cache();
    const undo = applyReaction(qc, 'a2', { likes: -1 });
    expect(undo).toEqual({ likes: 9 });
    expect(likesEverywhere(qc, 'a2').latest).toBe(0);
    expect(qc.getQueryData(readerActionsQueries.keys.likedIds())).toEqual(['a2']);
    expect(cachedLikes(qc, 'nowhere')).toBeUndefined();
    expect(applyReaction(qc, 'nowhere', { likes: 3 })).toEqual({});
  });
});

describe('cancelReactionQueries', () => {
  it("stops a refetch of the reader's lists so that it cannot overwrite an optimistic update", async () => {
    const qc = cache();
    let answer!: (ids: string[]) => void;
    const refetch = qc.fetchQuery({
      queryKey: readerActionsQueries.keys.likedIds(),
      queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)),
      staleTime: 0,
    });
    await cancelReactionQueries(qc);
    // The cancelled fetch gives back the list as it was before it started.
    await expect(refetch).resolves.toEqual(['a2']);
    applyReaction(qc, 'a1', { liked: true });
    answer(['stale']);
    await Promise.resolve();
    expect(qc.getQueryData(readerActionsQueries.keys.likedIds())).toEqual(['a2', 'a1']);
  });
});
