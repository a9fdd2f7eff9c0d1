import { describe, expect, it } from 'vitest';
import { sharedWords, surfaceTerms } from './why-grouped.js';

describe('surfaceTerms: stored features as the headlines write them', () => {
  it('gives a phrase as the stretch of the headline it spans, stopwords and case kept', () => {
    const headline = 'Hurricane Fiona Slams Turks And Caicos After Puerto Rico';
    expect(surfaceTerms(['turk caico', 'puerto rico', 'fiona'], [headline])).toEqual([
      'Turks And Caicos',
      'Puerto Rico',
      'Fiona',
    ]);
  });

  it('undoes the stemming: "texa", "bahama", "caico" are never shown', () => {
    const headline = 'Storm Heads From The Bahamas Toward Texas, Sparing The Caicos Islands';
    expect(surfaceTerms(['texa', 'bahama', 'caico', 'island'], [headline])).toEqual([
      'Texas',
      'Bahamas',
      'Caicos',
      'Islands',
    ]);
  });

  it('leaves out stopwords and terms no text holds', () => {
    expect(
      surfaceTerms(['old', 'says', 'volcano', 'chile'], ['Old Man Says Chile Is Ready']),
    ).toEqual(['Chile']);
    expect(surfaceTerms([], ['Anything'])).toEqual([]);
    expect(surfaceTerms(['chile'], [])).toEqual([]);
  });

  it('keeps numbers and symbol words as written, and drops a possessive', () => {
    const headline = "Magnitude 7.1 Quake Hits Chile's Coast; AT&T Says 1,000 Towers Down";
    expect(surfaceTerms(['71', 'chile', 'at&t', '1000', 'tower'], [headline])).toEqual([
      '7.1',
      'Chile',
      'AT&T',
      '1,000',
      'Towers',
    ]);
  });

  it('cuts words joined by a slash or a dash apart, as the text module does', () => {
    expect(surfaceTerms(['harris', 'texa'], ['Biden/Harris Visit Texas-Based Plant'])).toEqual([
      'Harris',
      'Texas',
    ]);
  });

  it('gives a phrase once: its words alone are inside it, and it replaces them', () => {
    const headline = 'Puerto Rico Without Power As Fiona Moves On';
    expect(surfaceTerms(['puerto rico', 'rico', 'puerto', 'power'], [headline])).toEqual([
      'Puerto Rico',
      'Power',
    ]);
    expect(surfaceTerms(['rico', 'power', 'puerto', 'puerto rico'], [headline])).toEqual([
      'Puerto Rico',
      'Power',
    ]);
  });

  it('looks in the next text when the first does not hold the term, and names a form once', () => {
    expect(
      surfaceTerms(
        ['fiona', 'hurricane fiona', 'landslide'],
        ['Puerto Rico Braces For Landslides', 'Hurricane Fiona Hits Puerto Rico'],
      ),
    ).toEqual(['Hurricane Fiona', 'Landslides']);
    expect(surfaceTerms(['chile', 'chile'], ['Chile quake', 'CHILE'])).toEqual(['Chile']);
  });
});

describe('sharedWords: one member of a story', () => {
  const story = {
    title: 'Hurricane Fiona Hits Turks And Caicos',
    headlines: ['Hurricane Fiona Hits Turks And Caicos', 'Dominican Republic Cleans Up'],
  };

  it('reads its headline first, then the title, the other headlines, its description', () => {
    expect(
      sharedWords(
        {
          title: 'Fiona Leaves Islands Dark',
          description: 'The storm knocked out power across the Caribbean.',
          storySharedTerms: ['fiona', 'turk caico', 'caribbean', 'dominican republic', 'old'],
        },
        story,
      ),
    ).toEqual(['Fiona', 'Turks And Caicos', 'Caribbean', 'Dominican Republic']);
  });

  it('has nothing to show without shared terms', () => {
    expect(sharedWords({ title: 'Fiona', description: '', storySharedTerms: null }, story)).toEqual(
      [],
    );
  });
});
