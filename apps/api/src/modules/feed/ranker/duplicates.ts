/**
 * What a dislike keeps out besides the article itself: the rest of its story (`storyId`), the
 * same story re-published (same titleKey) and reworded copies (title token Jaccard ≥ 0.6).
 */
import {
  MIN_TOKENS_FOR_JACCARD,
  NEAR_DUPLICATE_JACCARD,
  nearDuplicateTokens,
  titleTokenList,
} from './text.js';
import type { RankableArticle } from './types.js';

/**
 * Same story: identical (non-empty) titleKey, or title token Jaccard ≥ 0.6
 * when both titles have at least 3 distinct non-stopword tokens.
 */
export function isNearDuplicate(
  a: Pick<RankableArticle, 'titleKey' | 'title'>,
  b: Pick<RankableArticle, 'titleKey' | 'title'>,
): boolean {
  return nearDuplicateTokens(
    a.titleKey,
    titleTokenList(a.title),
    b.titleKey,
    titleTokenList(b.title),
  );
}

/**
 * A test "may this article share a page with all of `shown`?": not the same story (`storyId`)
 * and no near-duplicate of any (isNearDuplicate), each title tokenised once. What a feed's next
 * page and its fill check against what is already on it.
 */
export function notOnPageWith(
  shown: ReadonlyArray<Pick<RankableArticle, 'title' | 'titleKey' | 'storyId'>>,
): (article: Pick<RankableArticle, 'title' | 'titleKey' | 'storyId'>) => boolean {
  const titles = shown.map((a) => ({ key: a.titleKey, tokens: titleTokenList(a.title) }));
  const stories = new Set(shown.flatMap((a) => (a.storyId ? [a.storyId] : [])));
  return (article) => {
    if (article.storyId && stories.has(article.storyId)) return false;
    const tokens = titleTokenList(article.title);
    return !titles.some((t) => nearDuplicateTokens(t.key, t.tokens, article.titleKey, tokens));
  };
}

/**
 * A membership test "is this candidate the same story as a disliked article?": its story
 * (`storyId`, the stories module's), its titleKey, or a reworded copy of its title. An inverted
 * index over the disliked titles' tokens gives exact shared counts without comparing all pairs.
 */
export function dislikedStoryFilter(
  disliked: ReadonlyArray<Pick<RankableArticle, 'titleKey' | 'title' | 'storyId'>>,
): (
  candidate: Pick<RankableArticle, 'titleKey' | 'storyId'>,
  titleTokens: readonly string[],
) => boolean {
  const keys = new Set<string>();
  const stories = new Set<string>();
  const titles: Array<readonly string[]> = [];
  const byToken = new Map<string, number[]>();
  disliked.forEach((d, k) => {
    if (d.titleKey) keys.add(d.titleKey);
    if (d.storyId) stories.add(d.storyId);
    const tokens = titleTokenList(d.title);
    titles.push(tokens);
    for (const t of tokens) {
      const list = byToken.get(t);
      if (list) list.push(k);
      else byToken.set(t, [k]);
    }
  });
  const shared = new Int32Array(disliked.length);
  const touched: number[] = [];

  return (candidate, tokens) => {
    if (disliked.length === 0) return false;
    if (candidate.storyId && stories.has(candidate.storyId)) return true;
    if (candidate.titleKey && keys.has(candidate.titleKey)) return true;
    if (tokens.length < MIN_TOKENS_FOR_JACCARD) return false;
    for (const t of tokens) {
      const list = byToken.get(t);
      if (!list) continue;
      for (const k of list) if (shared[k]!++ === 0) touched.push(k);
    }
    let hit = false;
    for (const k of touched) {
      const other = titles[k]!.length;
      const s = shared[k]!;
      if (
        other >= MIN_TOKENS_FOR_JACCARD &&
        s / (tokens.length + other - s) >= NEAR_DUPLICATE_JACCARD
      )
        hit = true;
      shared[k] = 0;
    }
    touched.length = 0;
    return hit;
  };
}

export { nearDuplicateTokens };
