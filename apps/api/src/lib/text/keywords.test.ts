import { describe, expect, it } from 'vitest';
import { extractKeywords, normalizeTitle, phraseCorpusOf } from './keywords.js';

describe('extractKeywords', () => {
  it('puts the category ids first, then names and noun phrases, not verbs', () => {
    const kw = extractKeywords(
      'Puerto Rico Braces For Landslides As Hurricane Fiona Approaches',
      'Hurricane Fiona accidentally grew stronger as it neared Puerto Rico, and officials said the power grid could fail.',
      ['environment', 'world'],
    );
    expect(kw.slice(0, 2)).toEqual(['environment', 'world']);
    expect(kw).toEqual(expect.arrayContaining(['hurricane fiona', 'puerto rico', 'power grid']));
    for (const verbOrAdverb of ['accidentally', 'grew', 'stronger', 'neared', 'fail'])
      expect(kw).not.toContain(verbOrAdverb);
    // a word inside a chosen phrase is not repeated on its own
    expect(kw).not.toContain('fiona');
  });

  it('drops stopwords, numbers, calendar words and category words', () => {
    const kw = extractKeywords(
      'The 10 Best Volcano Photos Of 2022',
      'On Monday, 4 people in September saw the politics of it.',
      [],
    );
    expect(kw).toContain('volcano');
    for (const noise of ['10', '2022', 'monday', 'september', 'people', 'politics', 'best'])
      expect(kw.join(' · ')).not.toMatch(new RegExp(`\\b${noise}\\b`));
  });

  it('weights title phrases above description phrases', () => {
    const kw = extractKeywords('Volcano Erupts', 'Lava flows near the village. More lava.', [], 3);
    expect(kw[0]).toBe('volcano');
  });

  it('weighs phrases across a corpus: what every item says is left out', () => {
    const items = Array.from({ length: 300 }, (_, i) => ({
      title: `Local council news ${i}`,
      description: i < 40 ? 'The local council met.' : `A farmer sold ${i} pumpkins.`,
    }));
    const target = {
      title: 'Local Council Approves Solar Farm',
      description: 'The local council approved a solar farm near the river.',
    };
    const corpus = phraseCorpusOf([...items, target]);
    const weighed = extractKeywords(target.title, target.description, [], 8, corpus);
    expect(weighed).toContain('solar farm');
    expect(weighed).not.toContain('local council');
    expect(extractKeywords(target.title, target.description, [])).toContain('local council');
  });

  it('de-duplicates, including words equal to a category id', () => {
    const kw = extractKeywords('Politics Politics Politics', 'politics and more politics', [
      'politics',
      'politics',
    ]);
    expect(kw).toEqual(['politics']);
  });

  it('always keeps every category id, and respects max for the rest', () => {
    const title = 'Apple Unveils Tablet In Paris';
    const description = 'Apple showed a tablet and a laptop to reporters in Paris.';
    expect(extractKeywords(title, description, ['world', 'politics', 'health'], 2)).toEqual([
      'world',
      'politics',
      'health',
    ]);
    expect(extractKeywords(title, description, ['world'], 3)).toHaveLength(3);
  });

  it('is deterministic', () => {
    const args = [
      'Senate Votes On Climate Bill',
      'The climate bill passed the Senate.',
      ['politics'],
    ] as const;
    expect(extractKeywords(...args)).toEqual(extractKeywords(...args));
    expect(extractKeywords(...args)).toContain('climate bill');
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
