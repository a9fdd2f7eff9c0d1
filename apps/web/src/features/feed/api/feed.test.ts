import type { PublicArticle } from '@lede/shared';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '@/lib/api-client';
import { toFeed } from './feed';

const article = (categories: string[]): PublicArticle => ({
  _id: 'a1',
  title: 'Russian cosmonaut dies at 80',
  creator: [],
  description: 'He spent 437 days in space.',
  pubDate: '2022-09-20T12:00:00.000Z',
  image_url: '/media/default-article.svg',
  link: 'https://example.com/a1',
  source_name: 'HuffPost',
  source_url: null,
  source_icon: null,
  keywords: ['world'],
  categories,
  likes: 0,
  story: { _id: 'a1', size: 1, source_count: 1 },
});

describe('toFeed', () => {
  it("keeps the article's own categories, primary first, whatever category the reason names", () => {
    const feed = toFeed({
      recommendations: [
        {
          _id: 'r1',
          score: 1,
          status: 'new',
          article_id: article(['world', 'science']),
          reasons: ['Because you like Science'],
          category: 'science',
        },
      ],
      interestCount: 3,
      nextCursor: null,
    } as unknown as ApiResult<'GET /api/recommendations/get'>);
    expect(feed.items[0]!.categories).toEqual(['world', 'science']);
    expect(feed.items[0]!.reasons).toEqual(['Because you like Science']);
    expect(feed.items[0]!.recommendationId).toBe('r1');
  });
});
