import { describe, expect, it } from 'vitest';
import { nameList, reportTime, storyCounts, whyGrouped } from './story-text';

const joined = (
  rule: 'new' | 'similar' | 'same-title' | 'merged',
  shared_words: string[] = [],
  shared_terms: string[] = [],
) => ({ rule, score: 0.5, shared_terms, shared_words });

describe('story texts', () => {
  it('counts articles and sources', () => {
    expect(storyCounts({ size: 4, source_count: 3 })).toBe('4 articles from 3 sources');
    expect(storyCounts({ size: 1, source_count: 1 })).toBe('1 article from 1 source');
  });

  it('gives a time only where the source gave one', () => {
    expect(reportTime('2022-09-20T12:00:00.000Z', false)).toBe('20 September 2022');
    expect(reportTime('2026-03-03T08:20:00.000Z', true)).toBe('03 March 2026, 08:20 UTC');
  });

  it('says why every report is in its story, in the headlines words', () => {
    expect(
      whyGrouped(joined('similar', ['Turks and Caicos', 'Hurricane Fiona'], ['turk caico'])),
    ).toBe('Shares: Turks and Caicos, Hurricane Fiona');
    // The stored stems are never shown.
    expect(whyGrouped(joined('similar', [], ['caico', 'texa']))).toBe(
      "Close in wording to the story's other reports",
    );
    expect(whyGrouped(joined('same-title'))).toBe('Same headline as an earlier report');
    expect(whyGrouped(joined('new', ['ignored']))).toBe('First report');
    expect(whyGrouped(joined('merged', ['Fiona', 'Puerto Rico']))).toBe(
      'Its story merged with this one: both tell of Fiona, Puerto Rico',
    );
    expect(whyGrouped(joined('merged'))).toBe('Its story merged with this one: close in wording');
    expect(whyGrouped(joined('similar', ['a', 'b', 'c', 'd', 'e', 'f']))).toBe(
      'Shares: a, b, c, d, e',
    );
  });

  it('names a few sources, then how many more', () => {
    expect(nameList([], 3)).toBe('');
    expect(nameList(['AP'], 3)).toBe('AP');
    expect(nameList(['AP', 'BBC', 'CNN'], 3)).toBe('AP, BBC and CNN');
    expect(nameList(['AP', 'BBC', 'CNN', 'NPR', 'DW'], 3)).toBe('AP, BBC, CNN and 2 more');
  });
});
