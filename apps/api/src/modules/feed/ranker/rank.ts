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
 *     and gives learned subjects a share that grows with evidence, and, until the reader's acts
 *     recur on a subject, discovery: the newest stories of other sections (diversity.ts);
 *  5. reasons (explanations.ts).
 */
import { dislikedStoryFilter } from './duplicates.js';
import { diversify } from './diversity.js';
import { reasonsFor } from './explanations.js';
import { seededHash } from './hash.js';
import { pageShares } from './page-shares.js';
import {
  buildContentProfile,
  learnedValue,
  overruledReads,
  topicFeedback,
  topicStrength,
  type TopicFeedback,
} from './profile.js';
import {
  type Candidate,
  freshnessOf,
  interestOf,
  normaliseInterests,
  pushBackOf,
  rawPopularity,
} from './scoring.js';
import { subjectSteering } from './steering.js';
import { buildSubjectProfile } from './subjects.js';
import {
  BLEND_EXPERIENCED,
  BLEND_NEW,
  DISLIKES_OUT_OF_ROTATION,
  HISTORY_PIVOT,
  STEER_DOWN_FACTOR,
  STEER_UP_FACTOR,
  STEER_UP_TURNS,
  TOPIC_EXTRA_TURNS,
  TOPIC_STRENGTH_BOOST,
} from './tunables.js';
import type {
  RankableArticle,
  RankContext,
  RankedArticle,
  HistoryEvent,
  RankUser,
  ReaderControls,
  SignalName,
  Steering,
  StoryAction,
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
  const steeredCategories = controls?.steeredCategories;
  const steerSubject = subjectSteering(controls?.steeredSubjects, analyzer);
  const categorySteering = (categories: readonly string[]): Steering | undefined =>
    steeringOf(categories, steeredCategories);
  // What the reader turned off no longer teaches anything (it is still seen: excluded below);
  // nor does a read the reader took back: a story they disliked or asked fewer of, or one from
  // a source they hid (a read is weak evidence; their word on it is not).
  const overruled = overruledReads(user.history, controls);
  const teaching = teachingHistory(user.history, (e) => {
    if (e.action === 'dislike') return true;
    if (overruled(e)) return false;
    if (categorySteering(normalisedCategories(e.article.categories)) === 'off') return false;
    return steerSubject(analyzer.analyse(e.article)) !== 'off';
  });
  const interests = normaliseInterests(user.interests).filter(
    (c) => steeredCategories?.get(c) !== 'off',
  );
  const interestSet = new Set(interests);
  const feedback = topicFeedback(teaching, now, controls?.forgottenTopics);

  // -- 1. exclusion ------------------------------------------------------------------------
  const seenIds = new Set<string>();
  const seenKeys = new Set<string>();
  const disliked: RankableArticle[] = [];
  const storiesMet = new Map<string, StoryMet>();
  for (const event of user.history) {
    seenIds.add(event.article.id);
    if (event.article.titleKey) seenKeys.add(event.article.titleKey);
    if (event.action === 'dislike') disliked.push(event.article);
    meetStory(storiesMet, event);
  }
  const isDislikedStory = dislikedStoryFilter(disliked);
  // Learned topics outside the declared interests, unless the reader asked for fewer of them.
  const learnedOutside = new Set(
    [...feedback.values()]
      .filter(
        (f) =>
          !interestSet.has(f.category) &&
          learnedValue(f) > 0 &&
          !controls?.mutedCategories?.get(f.category) &&
          steeredCategories?.get(f.category) !== 'off',
      )
      .map((f) => f.category),
  );
  const hiddenSources = controls?.hiddenSources;
  const fewer = controls?.fewerArticleIds;
  // A story the reader asked fewer of is met too (through its reports still among candidates).
  if (fewer?.size) {
    for (const article of candidates)
      if (fewer.has(article.id)) meetStory(storiesMet, { article, action: 'fewer' });
  }

  const profile = buildContentProfile(teaching, analyzer, now, controls?.forgottenTopics);
  const subjects = buildSubjectProfile(teaching, analyzer, now, controls?.forgottenTopics);
  let steeredUp = false;
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
      // A story the reader met comes back only with a report newer than any they met.
      const met = article.storyId ? storiesMet.get(article.storyId) : undefined;
      if (met && article.pubDate.getTime() <= met.newestMs) continue;
      const analysis = analyzer.analyse(article);
      const { vector, titleTokens } = analysis;
      if (isDislikedStory(article, titleTokens)) continue;
      const categories = normalisedCategories(article.categories);
      const onCategory = categorySteering(categories);
      const onSubject = steerSubject(analysis);
      if (onCategory === 'off' || onSubject === 'off') continue;
      keptIds.add(article.id);
      const steerFactor =
        (onCategory === 'up' ? STEER_UP_FACTOR : onCategory === 'down' ? STEER_DOWN_FACTOR : 1) *
        (onSubject === 'up' ? STEER_UP_FACTOR : onSubject === 'down' ? STEER_DOWN_FACTOR : 1);
      if (onSubject === 'up') steeredUp = true;

      const interest = interestOf(categories, interestSet, feedback);
      // A subject turned down no longer earns the learned share.
      const subjectMatch = onSubject === 'down' ? undefined : subjects.match(analysis);
      const contentRaw = profile.similarity(vector);
      if (contentRaw > maxContent) maxContent = contentRaw;
      const co = context.coEngagement?.get(article.id);
      const coScore = co && Number.isFinite(co.score) && co.score > 0 ? co.score : 0;
      if (coScore > maxCo) maxCo = coScore;
      const popularity = rawPopularity(article, now);
      if (popularity > maxPopularity) maxPopularity = popularity;

      kept.push({
        article,
        storyGrewSince: met?.action,
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
        learned:
          onSubject !== 'down' &&
          onCategory !== 'down' &&
          (subjectMatch !== undefined || inLearnedTopic(categories, learnedOutside)),
        steeredUp: onSubject === 'up',
        coEngagement: coScore,
        viaTitle: co?.viaTitle,
        popularity,
        freshness: freshnessOf(article.pubDate, context.now, context.freshnessStretch),
        pushBack:
          steerFactor *
          pushBackOf(article, categories, feedback, controls) *
          strengthened(categories, interestSet, feedback),
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
    const declared = rotation(interests, feedback, controls, learnedOutside);
    const order = diversify(kept, {
      limit,
      maxRelevance,
      declared,
      // What the reader follows beyond their interests is known once a subject recurs in
      // what they taught or they took up a topic outside them; until then, discovery.
      ...pageShares(
        profile.positiveEvents,
        subjects.evidence,
        steeredUp,
        subjects.recurring || learnedOutside.size > 0,
        declared.length,
      ),
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

/** A story the reader met: the newest report of it they acted on, and what they did. */
interface StoryMet {
  newestMs: number;
  action: StoryAction;
}

function meetStory(
  met: Map<string, StoryMet>,
  event: { article: RankableArticle; action: StoryAction },
): void {
  const story = event.article.storyId;
  if (!story) return;
  const at = event.article.pubDate.getTime();
  const known = met.get(story);
  if (!known || at > known.newestMs) met.set(story, { newestMs: at, action: event.action });
}

/**
 * A chosen topic the reader's acts strengthen (topicStrength): its own articles (the category
 * their card shows) weigh 1 + TOPIC_STRENGTH_BOOST · strength, so that its turns go to its own
 * stories rather than to others' that merely touch it.
 */
function strengthened(
  categories: readonly string[],
  interests: ReadonlySet<string>,
  feedback: ReadonlyMap<string, TopicFeedback>,
): number {
  const own = categories[0];
  if (own === undefined || !interests.has(own)) return 1;
  return 1 + TOPIC_STRENGTH_BOOST * topicStrength(feedback.get(own));
}

/** Turns of the rotation a declared interest takes: more as the reader's acts strengthen it. */
export function topicTurns(f: TopicFeedback | undefined): number {
  return 1 + Math.floor(TOPIC_EXTRA_TURNS * topicStrength(f) + 1e-9);
}

function inLearnedTopic(categories: readonly string[], learned: ReadonlySet<string>): boolean {
  if (learned.size === 0) return false;
  for (const c of categories) if (learned.has(c)) return true;
  return false;
}

/**
 * The declared interests the page rotates through: those the reader acts on most first;
 * categories the reader pushed back (dislikes, "fewer like this") leave the rotation. An
 * interest takes as many turns (and parts of its own floor) as its strength earns (topicTurns),
 * one turned up at least STEER_UP_TURNS, first; a learned topic turned up joins it.
 */
export function rotation(
  interests: readonly string[],
  feedback: ReadonlyMap<string, TopicFeedback>,
  controls: ReaderControls | undefined,
  learned: ReadonlySet<string> = new Set(),
): string[] {
  const steered = controls?.steeredCategories;
  const out = (c: string) =>
    (feedback.get(c)?.pushBack ?? 0) >= DISLIKES_OUT_OF_ROTATION ||
    (controls?.mutedCategories?.get(c) ?? 0) > 0 ||
    steered?.get(c) === 'down' ||
    steered?.get(c) === 'off';
  const positives = (c: string) => feedback.get(c)?.positives ?? 0;
  const base = interests
    .filter((c) => !out(c))
    .map((c, i) => ({ c, i }))
    .sort((a, b) => positives(b.c) - positives(a.c) || a.i - b.i)
    .map(({ c }) => c);
  const up = steered?.size
    ? [...steered]
        .filter(([c, s]) => s === 'up' && (base.includes(c) || learned.has(c)))
        .map(([c]) => c)
        .sort()
    : [];
  const turnsOf = (c: string) =>
    Math.max(topicTurns(feedback.get(c)), up.includes(c) ? STEER_UP_TURNS : 1);
  // Those with several turns first (turned up, then the strongest), each turn in a row.
  const order = [...up, ...base.filter((c) => !up.includes(c))];
  const several = order.filter((c) => up.includes(c) || turnsOf(c) > 1);
  const turns: string[] = [];
  for (const c of several) for (let k = 0; k < turnsOf(c); k++) turns.push(c);
  for (const c of order) if (!several.includes(c)) turns.push(c);
  return turns;
}

/** The strongest steering among the categories: off, then down, then up. */
function steeringOf(
  categories: readonly string[],
  steered: ReadonlyMap<string, Steering> | undefined,
): Steering | undefined {
  if (!steered || steered.size === 0) return undefined;
  let out: Steering | undefined;
  for (const c of categories) {
    const s = steered.get(c);
    if (s === 'off') return 'off';
    if (s === 'down' || (s === 'up' && !out)) out = s;
  }
  return out;
}

/** The history without what `keep` refuses (unchanged, and not copied, when it keeps all). */
function teachingHistory(
  history: readonly HistoryEvent[],
  keep: (e: HistoryEvent) => boolean,
): HistoryEvent[] {
  const out = history.filter(keep);
  return out.length === history.length ? (history as HistoryEvent[]) : out;
}
