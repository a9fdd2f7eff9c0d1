import { describe, expect, it } from 'vitest';
import { topProfileKeywords } from './profile-keywords.js';
import type { HistoryAction, HistoryEvent } from '../ranker/index.js';

const event = (action: HistoryAction, keywords: string[]): HistoryEvent => ({
  action,
  at: new Date('2022-09-20T00:00:00Z'),
  article: {
    id: keywords.join('-'),
    title: '',
    description: '',
    keywords,
    categories: [],
    sourceName: '',
    pubDate: new Date('2022-09-20T00:00:00Z'),
    titleKey: '',
    likes: 0,
    dislikes: 0,
    saves: 0,
    shares: 0,
    views: 0,
  },
});

describe('profile keywords', () => {
  it('ranks keywords by action weight, leaving out categories and disliked articles', () => {
    const history = [
      event('save', ['sports', 'nfl', 'draft']),
      event('read', ['sports', 'nba']),
      event('like', ['nfl', 'injury']),
      event('dislike', ['golf', 'golf', 'liv']),
    ];
    expect(topProfileKeywords(history, 10)).toEqual(['nfl', 'draft', 'injury', 'nba']);
    expect(topProfileKeywords(history, 2)).toEqual(['nfl', 'draft']);
  });
});
