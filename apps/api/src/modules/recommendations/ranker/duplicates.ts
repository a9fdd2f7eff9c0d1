/**
 * What a dislike keeps out besides the article itself: the same story re-published (same
 * titleKey), reworded copies (title token Jaccard ≥ 0.6) and the rest of its story cluster
 * (articles sharing ≥ 2 rare keywords with it).
 */
import { CATEGORY_IDS } from '@lede/shared';
import {
  MIN_TOKENS_FOR_JACCARD,
  NEAR_DUPLICATE_JACCARD,
  nearDuplicateTokens,
  titleTokenList,
} from './text.js';
import {
  STORY_KEYWORD_MAX_DF_SHARE,
  STORY_KEYWORD_MIN_DF,
  STORY_SHARED_KEYWORDS,
} from './tunables.js';
import type { CorpusStats, RankableArticle } from './types.js';

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

const CATEGORY_WORDS: ReadonlySet<string> = new Set(CATEGORY_IDS);

/**
 * A membership test "is this candidate the same story as, or in the story cluster of, a
 * disliked article?". Inverted indexes over the disliked titles' tokens and story keywords
 * give exact shared counts without comparing all pairs.
 */
export function dislikedStoryFilter(
  disliked: ReadonlyArray<Pick<RankableArticle, 'titleKey' | 'title' | 'keywords'>>,
  stats: CorpusStats,
): (
  candidate: Pick<RankableArticle, 'titleKey' | 'keywords'>,
  titleTokens: readonly string[],
) => boolean {
  const keys = new Set<string>();
  const titles: Array<readonly string[]> = [];
  const byToken = new Map<string, number[]>();
  const byKeyword = new Map<string, number[]>();
  const maxDf = Math.max(STORY_KEYWORD_MIN_DF, STORY_KEYWORD_MAX_DF_SHARE * stats.totalDocuments);
  const isStoryKeyword = (k: string) =>
    !CATEGORY_WORDS.has(k) && (stats.documentFrequency.get(k) ?? 0) <= maxDf;
  const push = (index: Map<string, number[]>, key: string, k: number) => {
    const list = index.get(key);
    if (list) list.push(k);
    else index.set(key, [k]);
  };
  disliked.forEach((d, k) => {
    if (d.titleKey) keys.add(d.titleKey);
    const tokens = titleTokenList(d.title);
    titles.push(tokens);
    for (const t of tokens) push(byToken, t, k);
    for (const w of new Set(d.keywords)) if (isStoryKeyword(w)) push(byKeyword, w, k);
  });
  const shared = new Int32Array(disliked.length);
  const touched: number[] = [];
  const count = (index: Map<string, number[]>, items: Iterable<string>) => {
    for (const t of items) {
      const list = index.get(t);
      if (!list) continue;
      for (const k of list) if (shared[k]!++ === 0) touched.push(k);
    }
  };
  const reset = () => {
    for (const k of touched) shared[k] = 0;
    touched.length = 0;
  };

  return (candidate, tokens) => {
    if (disliked.length === 0) return false;
    if (candidate.titleKey && keys.has(candidate.titleKey)) return true;
    let hit = false;
    if (tokens.length >= MIN_TOKENS_FOR_JACCARD) {
      count(byToken, tokens);
      for (const k of touched) {
        const other = titles[k]!.length;
        const s = shared[k]!;
        if (
          other >= MIN_TOKENS_FOR_JACCARD &&
          s / (tokens.length + other - s) >= NEAR_DUPLICATE_JACCARD
        )
          hit = true;
      }
      reset();
    }
    if (!hit && byKeyword.size > 0) {
      count(byKeyword, new Set(candidate.keywords));
      for (const k of touched) if (shared[k]! >= STORY_SHARED_KEYWORDS) hit = true;
      reset();
    }
    return hit;
  };
}

export { nearDuplicateTokens };
