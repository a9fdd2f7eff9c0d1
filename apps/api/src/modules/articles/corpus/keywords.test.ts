import { describe, expect, it } from 'vitest';
import { extractKeywords, normalizeTitle, tokenize } from './keywords.js';

describe('tokenize', () => {
  it('lowercases, strips diacritics and possessives', () => {
    expect(tokenize("Trump's Café — ÉLAN, don’t")).toEqual(['trump', 'cafe', 'elan', 'dont']);
  });
});

describe('extractKeywords', () => {
  it('puts the category ids first, then salient title terms', () => {
    const kw = extractKeywords(
      'Tesla Recalls Electric Cars Over Battery Fires',
      'The automaker said the battery problem affects 2,000 cars sold in 2021.',
      ['automotive', 'technology'],
    );
    expect(kw.slice(0, 2)).toEqual(['automotive', 'technology']);
    expect(kw).toContain('tesla');
    expect(kw).toContain('battery');
    expect(kw).toHaveLength(8);
    // battery (title + description) outranks tesla (title only), which outranks
    // automaker (description only, left out)
    expect(kw.indexOf('battery')).toBeLessThan(kw.indexOf('tesla'));
    expect(kw).not.toContain('automaker');
  });

  it('drops stopwords, short tokens and pure numbers, and lowercases', () => {
    const kw = extractKeywords('The 10 Best Volcano Photos Of 2022', 'And so on, by far: 4K!', []);
    expect(kw).toEqual(['volcano', 'photos']);
  });

  it('weights title terms above description terms', () => {
    // lava occurs twice in the description, but a single title occurrence weighs 3
    const kw = extractKeywords('Volcano Erupts', 'Lava flows near the village. More lava.', [], 4);
    expect(kw).toEqual(['volcano', 'erupts', 'lava', 'flows']);
  });

  it('folds a plural onto its singular when both occur', () => {
    const kw = extractKeywords('Car Makers Recall Cars', 'Every car is affected.', []);
    expect(kw).toContain('car');
    expect(kw).not.toContain('cars');
  });

  it('de-duplicates, including words equal to a category id', () => {
    const kw = extractKeywords('Politics Politics Politics', 'politics and more politics', [
      'politics',
      'politics',
    ]);
    expect(kw).toEqual(['politics']);
  });

  it('always keeps every category id, and respects max for the rest', () => {
    expect(
      extractKeywords('Alpha Beta Gamma Delta', '', ['world', 'politics', 'health'], 2),
    ).toEqual(['world', 'politics', 'health']);
    expect(extractKeywords('Alpha Beta Gamma Delta', '', ['world'], 3)).toEqual([
      'world',
      'alpha',
      'beta',
    ]);
  });

  it('is deterministic', () => {
    const args = [
      'Senate Votes On Climate Bill',
      'The climate bill passed the Senate.',
      ['politics'],
    ] as const;
    expect(extractKeywords(...args)).toEqual(extractKeywords(...args));
  });
});

describe('normalizeTitle', () => {
  it('lowercases, strips punctuation and diacritics, collapses whitespace', () => {
    expect(normalizeTitle('  Café   Opens!  “Best” Croissants, Ever? ')).toBe(
      'cafe opens best croissants ever',
    );
    expect(normalizeTitle("Trump's Team Won't Comment")).toBe('trumps team wont comment');
  });

  it('drops a trailing " - Source Name" suffix', () => {
    const key = 'biden signs climate bill into law';
    expect(normalizeTitle('Biden Signs Climate Bill Into Law - The New York Times')).toBe(key);
    expect(normalizeTitle('Biden signs climate bill into law | Reuters')).toBe(key);
    expect(normalizeTitle('Biden Signs Climate Bill Into Law — BBC News')).toBe(key);
    expect(normalizeTitle('Biden signs climate bill into law')).toBe(key);
  });

  it('keeps dashes that are part of the headline', () => {
    expect(normalizeTitle('Covid-19 Cases Rise')).toBe('covid 19 cases rise');
    expect(normalizeTitle('Yes - No')).toBe('yes no');
  });

  it('treats & and "and" alike', () => {
    expect(normalizeTitle('Salt & Pepper')).toBe(normalizeTitle('Salt and Pepper'));
  });
});
