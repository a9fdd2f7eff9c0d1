import { describe, expect, it } from 'vitest';
import { contentWords, stem, tokenize } from './tokens.js';

describe('tokenize', () => {
  it('lowercases, strips diacritics and possessives, keeps stopwords', () => {
    expect(tokenize("Trump's Café — ÉLAN, don’t")).toEqual(['trump', 'cafe', 'elan', 'dont']);
  });

  it('keeps the words whose symbols are their meaning', () => {
    expect(tokenize('Learn C++ and C# at AT&T after 9/11.')).toEqual([
      'learn',
      'c++',
      'and',
      'c#',
      'at',
      'at&t',
      'after',
      '9/11',
    ]);
    expect(tokenize('rock-and-roll / U.S.')).toEqual(['rock', 'and', 'roll', 'u', 's']);
  });
});

describe('contentWords', () => {
  it('drops stopwords, letters and plain numbers, folds plurals', () => {
    expect(contentWords('The 3 biggest storms of the years hit Puerto Rico, says report')).toEqual([
      'storm',
      'hit',
      'puerto',
      'rico',
    ]);
    expect(contentWords('A 7.1 quake')).toEqual(['71', 'quake']);
  });

  it('folds plurals without joining different words', () => {
    expect(['rates', 'stories', 'taxes', 'crisis', 'bus'].map(stem)).toEqual([
      'rate',
      'story',
      'tax',
      'crisis',
      'bus',
    ]);
  });
});
