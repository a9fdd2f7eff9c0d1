import { describe, expect, it } from 'vitest';
import { contentWords, stem } from '../../../lib/text/index.js';
import { articleFeatures, stripSource } from './features.js';

describe('story features', () => {
  it('stems plurals only', () => {
    const words = ['rates', 'stories', 'taxes', 'fees', 'crisis', 'bus', 'ios', 'merger'];
    expect(words.map(stem)).toEqual([
      'rate',
      'story',
      'tax',
      'fee',
      'crisis',
      'bus',
      'ios',
      'merger',
    ]);
  });

  it('keeps numbers whole and drops function words and boilerplate', () => {
    expect(contentWords('Apple releases iOS 7.1: the update, video')).toEqual([
      'apple',
      'release',
      'ios',
      '71',
    ]);
  });

  it('drops a trailing source name, only when it is the article’s source', () => {
    expect(stripSource('Chiquita buys Fyffes - Reuters', 'Reuters')).toBe('Chiquita buys Fyffes');
    expect(stripSource('Chiquita buys Fyffes - Reuters', 'BBC')).toBe(
      'Chiquita buys Fyffes - Reuters',
    );
  });

  it('adds names and noun phrases, and weighs other words half', () => {
    const f = (title: string) => articleFeatures({ id: '1', title, source: 'AP', publishedAt: 0 });
    const swift = f('Taylor Swift leads Billboard money makers');
    expect(swift.get('taylor swift')).toBe(1);
    expect(swift.get('swift')).toBe(1);
    expect(new Map(f('Chiquita quietly agrees to buy Fyffes'))).toEqual(
      new Map([
        ['chiquita', 1],
        ['quietly', 0.5],
        ['agree', 0.5],
        ['buy', 0.5],
        ['fyffe', 1],
      ]),
    );
  });
});
