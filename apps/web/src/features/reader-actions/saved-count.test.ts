import { describe, expect, it } from 'vitest';
import { savedCountText } from './saved-count';

describe('savedCountText', () => {
  it('gives the true total once the saved ids cover the cards loaded', () => {
    expect(savedCountText(57, 30, true)).toBe('(57 articles)');
    expect(savedCountText(1, 1, false)).toBe('(1 article)');
    expect(savedCountText(0, 0, false)).toBe('(0 articles)');
  });

  it('counts the cards loaded, "+" while more can load, until the ids arrive', () => {
    expect(savedCountText(0, 30, true)).toBe('(30+ articles)');
    expect(savedCountText(0, 1, true)).toBe('(1+ articles)');
    expect(savedCountText(0, 4, false)).toBe('(4 articles)');
  });
});
