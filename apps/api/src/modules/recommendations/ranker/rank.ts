/**
 * `rank`: the pipeline from (reader, candidates, context) to an ordered, explained list.
 * Pure: no database, no clock, no randomness (ties are broken by a hash of the article id
 * salted with `context.seed`). The steps live in their own files:
 *  1. exclusion — history, hidden sources, "fewer like this" articles, disliked stories
 *     (duplicates.ts);
 *  2. signals — interest (declared and learned), content, subject (subjects.ts),
 *     co-engagement, popularity, freshness, and the push-back of dislikes and muted topics
 *     (profile.ts, scoring.ts);
 *  3. blend — weights from "interests + popular + fresh" to "content + co-engagement" as the
 *     history grows (tunables.ts);
 *  4. diversity — MMR under caps; each block of the page keeps a floor of declared interests
 *     and gives learned subjects a share that grows with evidence (diversity.ts);
 *  5. reasons (explanations.ts).
 */
import { dislikedStoryFilter } from './duplicates.js';
import { diversify } from './diversity.js';
import { reasonsFor } from './explanations.js';
import { seededHash } from './hash.js';
import { pageShares } from './page-shares.js';
import { buildContentProfile, learnedValue, topicFeedback, type TopicFeedback } from './profile.js';
import {
  type Candidate,
  freshnessOf,
  interestOf,
  normaliseInterests,
  pushBackOf,
  rawPopularity,
} from './scoring.js';
import { buildSubjectProfile } from './subjects.js';
import {
  BLEND_EXPERIENCED,
  BLEND_NEW,
  DISLIKES_OUT_OF_ROTATION,
  HISTORY_PIVOT,
} from './tunables.js';
import type {
  RankableArticle,
  RankContext,
  RankedArticle,
  RankUser,
  ReaderControls,
  SignalName,
} from './types.js';
import { analyzerFor, normalisedCategories } from './vectors.js';

export function rank(
  user: RankUser,
  candidates: RankableArticle[],
  context: RankContext,
): RankedArticle[] {
  const limit = Math.max(0, Math.floor(context.limit));
  if (limit === 0 || candidates.length === 0) return [];
  const now = context.now.getTime();
  const seed = context.seed | 0;
  const analyzer = analyzerFor(context.stats);
  const controls = user.controls;
  const interests = normaliseInterests(user.interests);
  const interestSet = new Set(interests);
  const feedback = topicFeedback(user.history, now, controls?.forgottenTopics);

  // -- 1. exclusion ------------------------------------------------------------------------
  const seenIds = new Set<string>();
  const seenKeys = new Set<string>();
  const disliked: RankableArticle[] = [];
  for (const event of user.history) {
    seenIds.add(event.article.id);
    if (event.article.titleKey) seenKeys.add(event.article.titleKey);
    if (event.action === 'dislike') disliked.push(event.article);
  }
  const isDislikedStory = dislikedStoryFilter(disliked, context.stats);
  // Learned topics outside the declared interests, unless the reader asked for fewer of them.
  const learnedOutside = new Set(
    [...feedback.values()]
      .filter(
        (f) =>
          !interestSet.has(f.category) &&
          learnedValue(f) > 0 &&
          !controls?.mutedCategories?.get(f.category),
      )
      .map((f) => f.category),
  );
  const hiddenSources = controls?.hiddenSources;
  const fewer = controls?.fewerArticleIds;

  const profile = buildContentProfile(user.history, analyzer, now, controls?.forgottenTopics);
  const subjects = buildSubjectProfile(user.history, analyzer, now, controls?.forgottenTopics);
  try {
    // -- 2. signals ----------------------------------------------------------------------------
    const kept: Candidate[] = [];
    const keptIds = new Set<string>();
    let maxContent = 0;
    let maxPopularity = 0;
    let maxCo = 0;
    for (const article of candidates) {
      if (seenIds.has(article.id) || keptIds.has(article.id)) continue;
      if (article.titleKey && seenKeys.has(article.titleKey)) continue;
      if (hiddenSources?.has(article.sourceName) || fewer?.has(article.id)) continue;
      const analysis = analyzer.analyse(article);
      const { vector, titleTokens } = analysis;
      if (isDislikedStory(article, titleTokens)) continue;
      keptIds.add(article.id);

      const categories = normalisedCategories(article.categories);
      const interest = interestOf(categories, interestSet, feedback);
      const subjectMatch = subjects.match(analysis);
      const contentRaw = profile.similarity(vector);
      if (contentRaw > maxContent) maxContent = contentRaw;
      const co = context.coEngagement?.get(article.id);
      const coScore = co && Number.isFinite(co.score) && co.score > 0 ? co.score : 0;
      if (coScore > maxCo) maxCo = coScore;
      const popularity = rawPopularity(article, now);
      if (popularity > maxPopularity) maxPopularity = popularity;

      kept.push({
        article,
        vector,
        titleTokens,
        categories,
        hash: seededHash(seed, article.id),
        interest: interest.value,
        interestCategory: interest.category,
        interestLearned: interest.learned,
        content: 0,
        contentRaw,
        subject: subjectMatch?.strength ?? 0,
        subjectMatch,
        learned: subjectMatch !== undefined || inLearnedTopic(categories, learnedOutside),
        coEngagement: coScore,
        viaTitle: co?.viaTitle,
        popularity,
        freshness: freshnessOf(article.pubDate, context.now, context.freshnessStretch),
        pushBack: pushBackOf(article, categories, feedback, controls),
        relevance: 0,
      });
    }
    if (kept.length === 0) return [];

    // -- 3. blend --------------------------------------------------------------------------------
    const t = profile.evidence / (profile.evidence + HISTORY_PIVOT);
    const weights = {} as Record<SignalName, number>;
    for (const k of Object.keys(BLEND_NEW) as SignalName[]) {
      weights[k] = (1 - t) * BLEND_NEW[k] + t * BLEND_EXPERIENCED[k];
    }
    let maxRelevance = 0;
    for (const c of kept) {
      c.content = maxContent > 0 ? c.contentRaw / maxContent : 0;
      c.coEngagement = maxCo > 0 ? Math.min(1, c.coEngagement / maxCo) : 0;
      c.popularity = maxPopularity > 0 ? c.popularity / maxPopularity : 0;
      c.relevance =
        c.pushBack *
        (weights.interest * c.interest +
          weights.content * c.content +
          weights.subject * c.subject +
          weights.coEngagement * c.coEngagement +
          weights.popularity * c.popularity +
          weights.freshness * c.freshness);
      if (c.relevance > maxRelevance) maxRelevance = c.relevance;
    }
    kept.sort((a, b) => b.relevance - a.relevance || a.hash - b.hash);

    // -- 4. diversity ----------------------------------------------------------------------------
    const order = diversify(kept, {
      limit,
      maxRelevance,
      declared: rotation(interests, feedback, controls),
      ...pageShares(profile.positiveEvents, subjects.evidence),
    });

    // -- 5. output -------------------------------------------------------------------------------
    const out: RankedArticle[] = [];
    let previous = Number.POSITIVE_INFINITY;
    for (const index of order) {
      const c = kept[index]!;
      const score = Math.min(c.relevance, previous - 1e-6);
      previous = score;
      out.push({
        article: c.article,
        score,
        reasons: reasonsFor(c, weights, profile.actionDots(c.vector), feedback),
        signals: {
          interest: c.interest,
          content: c.content,
          subject: c.subject,
          coEngagement: c.coEngagement,
          popularity: c.popularity,
          freshness: c.freshness,
          relevance: c.relevance,
        },
      });
    }
    return out;
  } finally {
    profile.release();
  }
}

function inLearnedTopic(categories: readonly string[], learned: ReadonlySet<string>): boolean {
  if (learned.size === 0) return false;
  for (const c of categories) if (learned.has(c)) return true;
  return false;
}

/**
 * The declared interests the page rotates through: those the reader acts on most first;
 * categories the reader pushed back (dislikes, "fewer like this") leave the rotation.
 */
export function rotation(
  interests: readonly string[],
  feedback: ReadonlyMap<string, TopicFeedback>,
  controls: ReaderControls | undefined,
): string[] {
  const out = (c: string) =>
    (feedback.get(c)?.pushBack ?? 0) >= DISLIKES_OUT_OF_ROTATION ||
    (controls?.mutedCategories?.get(c) ?? 0) > 0;
  const positives = (c: string) => feedback.get(c)?.positives ?? 0;
  return interests
    .filter((c) => !out(c))
    .map((c, i) => ({ c, i }))
    .sort((a, b) => positives(b.c) - positives(a.c) || a.i - b.i)
    .map(({ c }) => c);
}
