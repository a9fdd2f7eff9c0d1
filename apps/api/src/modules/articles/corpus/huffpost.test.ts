import { describe, expect, it } from 'vitest';
import { compareSeedRecords, huffPostToSeedRecord, noonUtc, splitAuthors } from './huffpost.js';

describe('splitAuthors', () => {
  it('splits on commas and " and "', () => {
    expect(splitAuthors('Carla K. Johnson, AP')).toEqual(['Carla K. Johnson', 'AP']);
    expect(splitAuthors('Mike Corder, Jill Lawless and Danica Kirka, AP')).toEqual([
      'Mike Corder',
      'Jill Lawless',
      'Danica Kirka',
      'AP',
    ]);
    expect(splitAuthors('Marina Fang and Candice Frederick')).toEqual([
      'Marina Fang',
      'Candice Frederick',
    ]);
  });

  it('does not split inside names and returns [] when empty', () => {
    expect(splitAuthors('Alexander Andersen')).toEqual(['Alexander Andersen']);
    expect(splitAuthors('')).toEqual([]);
    expect(splitAuthors('  ')).toEqual([]);
  });
});

describe('noonUtc', () => {
  it('keeps the real date, at 12:00:00Z', () => {
    expect(noonUtc('2022-09-23')).toBe('2022-09-23T12:00:00.000Z');
    expect(noonUtc('2018-05-01')).toBe('2018-05-01T12:00:00.000Z');
  });

  it('rejects malformed dates', () => {
    expect(() => noonUtc('2022-02-30')).toThrow();
    expect(() => noonUtc('23/09/2022')).toThrow();
  });
});

describe('huffPostToSeedRecord', () => {
  it('maps a dataset line to a seed record', () => {
    const { record } = huffPostToSeedRecord({
      link: 'https://www.huffpost.com/entry/covid-boosters-uptake-us_n_632d719ee4b087fae6feaac9',
      headline: 'Over 4 Million Americans Roll Up Sleeves For Omicron-Targeted COVID Boosters',
      category: 'U.S. NEWS',
      short_description:
        'Health experts said it is too early to predict whether demand would match up with the 171 million doses of the new boosters the U.S. ordered for the fall.',
      authors: 'Carla K. Johnson, AP',
      date: '2022-09-23',
    });
    expect(record).toMatchObject({
      link: 'https://www.huffpost.com/entry/covid-boosters-uptake-us_n_632d719ee4b087fae6feaac9',
      title: 'Over 4 Million Americans Roll Up Sleeves For Omicron-Targeted COVID Boosters',
      creator: ['Carla K. Johnson', 'AP'],
      pubDate: '2022-09-23T12:00:00.000Z',
      source_name: 'HuffPost',
      source_url: 'https://www.huffpost.com',
      source_icon: null,
      image_url: null,
      source_category: 'U.S. NEWS',
      categories: ['health'],
    });
    expect(record.keywords[0]).toBe('health');
    expect(record.keywords).toContain('covid boosters');
  });

  it('orders records newest first, then by link', () => {
    const base = huffPostToSeedRecord({
      link: 'https://x/b',
      headline: 'A',
      category: 'TECH',
      short_description: '',
      authors: '',
      date: '2020-01-01',
    }).record;
    const a = { ...base, link: 'https://x/a' };
    const newer = { ...base, pubDate: '2021-01-01T12:00:00.000Z' };
    expect([base, a, newer].sort(compareSeedRecords).map((r) => r.link + r.pubDate)).toEqual([
      'https://x/b2021-01-01T12:00:00.000Z',
      'https://x/a2020-01-01T12:00:00.000Z',
      'https://x/b2020-01-01T12:00:00.000Z',
    ]);
  });
});
