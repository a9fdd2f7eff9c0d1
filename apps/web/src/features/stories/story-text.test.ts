import { describe, expect, it } from 'vitest';
import { nameList, storyCounts, whyGrouped } from './story-text';

describe('story texts', () => {
  it('counts articles and sources', () => {
    expect(storyCounts({ size: 4, source_count: 3 })).toBe('4 articles from 3 sources');
    expect(storyCounts({ size: 1, source_count: 1 })).toBe('1 article from 1 source');
  });

  it('says why an article joined its story', () => {
    expect(
      whyGrouped({ rule: 'similar', score: 0.7, shared_terms: ['hurricane fiona', 'puerto rico'] }),
    ).toBe('Shares: hurricane fiona, puerto rico');
    expect(whyGrouped({ rule: 'same-title', score: 1, shared_terms: [] })).toBe(
      'Same headline as an earlier report',
    );
    expect(whyGrouped({ rule: 'new', score: 0, shared_terms: ['ignored'] })).toBeNull();
    expect(whyGrouped({ rule: 'merged', score: 0.4, shared_terms: [] })).toBeNull();
    expect(
      whyGrouped({ rule: 'merged', score: 0.4, shared_terms: ['a', 'b', 'c', 'd', 'e', 'f'] }),
    ).toBe('Shares: a, b, c, d, e');
  });

  it('names a few sources, then how many more', () => {
    expect(nameList([], 3)).toBe('');
    expect(nameList(['AP'], 3)).toBe('AP');
    expect(nameList(['AP', 'BBC', 'CNN'], 3)).toBe('AP, BBC and CNN');
    expect(nameList(['AP', 'BBC', 'CNN', 'NPR', 'DW'], 3)).toBe('AP, BBC, CNN and 2 more');
  });
});
