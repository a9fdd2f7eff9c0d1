import { describe, expect, it } from 'vitest';
import { parseSearch } from './search-query.js';
import {
  inverseDocumentFrequency,
  requiredShare,
  weighedTerms,
  weightsWithoutFrequencies,
} from './search-weights.js';

describe('search weights', () => {
  it('needs every term of a short search, without reading frequencies', () => {
    expect(weightsWithoutFrequencies(parseSearch('covid vaccine')!)).toMatchObject({
      weights: [1, 1],
      mode: 'all',
      candidateTerms: [0, 1],
    });
    // "c++ or java": neither the text query nor the words can require the term alone.
    expect(weightsWithoutFrequencies(parseSearch('c++ or java')!)?.mode).toBe('any');
    expect(weightsWithoutFrequencies(parseSearch('climate change policy')!)).toBeNull();
  });

  it('weighs rare terms more, and a term no article holds not at all', () => {
    expect(inverseDocumentFrequency(10, 10_000)).toBeGreaterThan(
      inverseDocumentFrequency(1_000, 10_000),
    );
    expect(inverseDocumentFrequency(10_000, 10_000)).toBeGreaterThan(0);
    expect(inverseDocumentFrequency(0, 10_000)).toBe(0);
  });

  it('asks less of a long question than of a short search', () => {
    expect([1, 2, 3, 4, 5, 12].map(requiredShare)).toEqual([1, 1, 0.6, 0.5, 0.3, 0.3]);
  });

  it('reads only the terms an article cannot do without', () => {
    // Three common terms and two rare ones: the common ones together stay below the share.
    const weights = weighedTerms([3000, 2500, 2000, 12, 40], 10_000)!;
    expect(weights.candidateTerms).toEqual([3, 4]);
    const common = [0, 1, 2].reduce((sum, i) => sum + weights.weights[i]!, 0);
    expect(common).toBeLessThan(weights.needed);
    expect(weights.needed).toBeCloseTo(weights.total * 0.3, 6);
    expect(weighedTerms([0, 0, 0], 10_000)).toBeNull();
  });
});
