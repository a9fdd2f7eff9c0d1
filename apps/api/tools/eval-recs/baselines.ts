/**
 * The obvious feeds the ranker must beat. Like the typical implementation
 * they are history-blind: they never exclude what the reader already read or
 * disliked (that is part of what the evaluation measures). Ties are broken by
 * a seeded hash of the id so every list is deterministic.
 */
import {
  engagementOf,
  type RankableArticle,
  seededHash,
} from '../../src/modules/feed/ranker/index.js';

export interface BaselineInput {
  interests: readonly string[];
  candidates: readonly RankableArticle[];
  now: Date;
  seed: number;
  limit: number;
}

function top(
  items: readonly RankableArticle[],
  score: (a: RankableArticle) => number,
  seed: number,
  limit: number,
): RankableArticle[] {
  return items
    .map((a) => ({ a, s: score(a), h: seededHash(seed, a.id) }))
    .sort((x, y) => y.s - x.s || x.h - y.h)
    .slice(0, limit)
    .map((x) => x.a);
}

/** Newest first. */
export function newest(input: BaselineInput): RankableArticle[] {
  return top(input.candidates, (a) => a.pubDate.getTime(), input.seed, input.limit);
}

/** Trending half-life: engagement counts half as much per 2 days of age. */
export const TRENDING_HALF_LIFE_DAYS = 2;

/** Decayed engagement (the one definition, src/lib/engagement.ts) · 2^(−age / 2 days). */
export function trending(input: BaselineInput): RankableArticle[] {
  const now = input.now.getTime();
  return top(
    input.candidates,
    (a) => {
      const age = Math.max(0, (now - a.pubDate.getTime()) / 86_400_000);
      return engagementOf(a) * Math.pow(2, -age / TRENDING_HALF_LIFE_DAYS);
    },
    input.seed,
    input.limit,
  );
}

/**
 * Articles in one of the declared interests, newest first; when fewer than
 * `limit` match, the rest of the page is the newest other articles.
 */
export function interestsOnly(input: BaselineInput): RankableArticle[] {
  const interests = new Set(input.interests.map((i) => i.trim().toLowerCase()));
  const matches = (a: RankableArticle) => a.categories.some((c) => interests.has(c));
  const inInterests = top(
    input.candidates.filter(matches),
    (a) => a.pubDate.getTime(),
    input.seed,
    input.limit,
  );
  if (inInterests.length >= input.limit) return inInterests;
  const rest = top(
    input.candidates.filter((a) => !matches(a)),
    (a) => a.pubDate.getTime(),
    input.seed,
    input.limit - inInterests.length,
  );
  return [...inInterests, ...rest];
}
