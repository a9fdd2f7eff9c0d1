import { CATEGORY_IDS } from '@lede/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SeedRecord } from '../../src/modules/articles/index.js';
import { intraListDiversity, ndcgAt, recallAt } from './metrics.js';
import { createDriftingPopulation } from './drifting-readers.js';
import { blackBoxScenarios, loadCorpus, runEvaluation } from './run.js';
import { mulberry32 } from '../random.js';
import { createPopulation, toSimArticles } from './simulator.js';

describe('metrics', () => {
  it('nDCG@k and recall@k with binary relevance', () => {
    const positives = new Set(['a', 'b']);
    expect(ndcgAt(10, ['a', 'b', 'x'], positives)).toBeCloseTo(1);
    expect(ndcgAt(10, ['x', 'y'], positives)).toBe(0);
    expect(ndcgAt(10, ['x', 'a'], positives)).toBeCloseTo(
      1 / Math.log2(3) / (1 + 1 / Math.log2(3)),
    );
    expect(recallAt(20, ['x', 'a'], positives)).toBe(0.5);
    expect(recallAt(1, ['a'], positives)).toBe(1); // normalised by min(k, |positives|)
  });

  it('intra-list diversity is 1 − category Jaccard, averaged over pairs', () => {
    expect(intraListDiversity([['sports'], ['sports']])).toBe(0);
    expect(intraListDiversity([['sports'], ['food']])).toBe(1);
    expect(intraListDiversity([['sports', 'world'], ['world']])).toBe(0.5);
  });

  it('mulberry32 is deterministic per seed', () => {
    const a = mulberry32(1);
    const b = mulberry32(1);
    const xs = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(xs);
    for (const x of xs) expect(x).toBeGreaterThanOrEqual(0);
    for (const x of xs) expect(x).toBeLessThan(1);
  });
});

describe('offline evaluation (small run)', () => {
  let records: SeedRecord[] = [];
  beforeAll(async () => {
    records = await loadCorpus();
  });

  it('draws readers with 3+ declared interests and hidden preferences on 2–4 categories', () => {
    const articles = toSimArticles(records.slice(0, 600), 5);
    const readers = createPopulation({ seed: 5, readers: 50, horizon: articles });
    const ids = new Set<string>(CATEGORY_IDS);
    for (const r of readers) {
      expect(r.interests.length).toBeGreaterThanOrEqual(3);
      expect(new Set(r.interests).size).toBe(r.interests.length);
      for (const i of r.interests) expect(ids.has(i)).toBe(true);
      expect(r.hidden.topCategories.length).toBeGreaterThanOrEqual(2);
      expect(r.hidden.topCategories.length).toBeLessThanOrEqual(4);
    }
    const again = createPopulation({ seed: 5, readers: 50, horizon: articles });
    expect(again.map((r) => r.interests)).toEqual(readers.map((r) => r.interests));
  });

  it('prints the expected shape, and the ranker never shows read or disliked items', () => {
    const result = runEvaluation(records, { readers: 40, days: 3, evalDays: 1 });
    expect(result).toMatchObject({ readers: 40, days: 3 });
    expect(typeof result.seed).toBe('number');
    expect(result.candidatesPerDay).toBeGreaterThan(100);
    expect(Object.keys(result.policies).sort()).toEqual(
      ['interestsOnly', 'newest', 'ranker', 'trending'].sort(),
    );
    for (const metrics of Object.values(result.policies)) {
      // Model 1's favourite terms are its subjects: subject precision is reported beside nDCG.
      expect(Object.keys(metrics).sort()).toEqual(
        [
          'coverage',
          'dislikedOrReadShare',
          'diversity',
          'interestCoverage20',
          'ndcg10',
          'recall20',
          'subjectPrecision10',
        ].sort(),
      );
      for (const v of Object.values(metrics)) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
    }
    expect(result.policies.ranker.dislikedOrReadShare).toBe(0);
    expect(typeof result.rankerBeatsAllBaselines.ndcg10).toBe('boolean');
    expect(typeof result.rankerBeatsAllBaselines.recall20).toBe('boolean');
    // deterministic: the same run gives the same JSON
    const again = runEvaluation(records, { readers: 40, days: 3, evalDays: 1 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(result));
  });

  it('second model: drifters and outsiders, each with a topic outside the declared interests', () => {
    const articles = toSimArticles(records.slice(0, 2000), 7);
    const readers = createDriftingPopulation(7, 20, articles);
    expect(new Set(readers.map((r) => r.kind))).toEqual(new Set(['drifter', 'outsider']));
    for (const r of readers) {
      expect(new Set(r.interests).size).toBe(3);
      expect(r.newTopics.length).toBeGreaterThanOrEqual(1);
      for (const t of r.newTopics) expect(r.interests).not.toContain(t);
    }
    for (const model of ['preferences', 'drifting'] as const) {
      for (const s of blackBoxScenarios(records, 10, { model })) {
        expect(s.interests.length).toBeGreaterThanOrEqual(3);
        expect(s.interests).not.toContain(s.likedTopic);
      }
    }
  });

  it('third model: readers whose tastes are subjects, with subject precision in the report', () => {
    const result = runEvaluation(records, { readers: 30, days: 3, evalDays: 1, model: 'subjects' });
    expect(result.model).toBe('subjects');
    expect(result.policies.ranker.dislikedOrReadShare).toBe(0);
    expect(result.setup.scoredFeeds).toBeGreaterThan(0);
    for (const metrics of Object.values(result.policies)) {
      expect(metrics.subjectPrecision10).toBeGreaterThanOrEqual(0);
      expect(metrics.subjectPrecision10).toBeLessThanOrEqual(1);
    }
    for (const s of blackBoxScenarios(records, 10, { model: 'subjects' })) {
      expect(s.interests).toHaveLength(3);
      expect(s.interests).not.toContain(s.likedTopic);
    }
  });

  it('runs the second model with the same report, and the ranker never shows read or disliked items', () => {
    const result = runEvaluation(records, { readers: 30, days: 3, evalDays: 1, model: 'drifting' });
    expect(result.model).toBe('drifting');
    expect(Object.keys(result.policies).sort()).toEqual(
      ['interestsOnly', 'newest', 'ranker', 'trending'].sort(),
    );
    expect(result.policies.ranker.dislikedOrReadShare).toBe(0);
    expect(result.setup.scoredFeeds).toBeGreaterThan(0);
  });
});
