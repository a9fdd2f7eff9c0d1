/** Tunables of the ranker (documented, with their reasons, in README.md). */
import type { HistoryAction, Weights } from './types.js';

/**
 * Weight of the subject signal (the candidate is in the story cluster of something the reader
 * liked, saved, shared or read) in both blends. A reader without history has no subjects, so
 * it changes nothing for them. Small: for a reader with history the content signal already
 * carries most of it (0.2 cost 0.01 nDCG@10 in the offline evaluation, on every model); its
 * main work is ordering the learned share of the page.
 */
export const SUBJECT_WEIGHT = 0.1;

/**
 * Profile weight of each action (content profile and subjects); dislikes push the profile
 * away. A read is half a like: an open the reader did not follow with a like or a save says
 * less than their word, and half is the ratio the blend's evidence uses too (1 per read, 2 per
 * like). The evaluation is flat around it: reads in the subject profile at 0.25 / 0.5 / 1 give
 * the subject readers 0.159 / 0.162 / 0.160 nDCG@10; at 0 they lose 0.008 (model 1 gains 0.012:
 * its readers open more at random), and opened stories would teach no subject at all.
 */
export const ACTION_WEIGHTS: Readonly<Record<HistoryAction, number>> = {
  like: 1,
  save: 1.5,
  share: 1.2,
  read: 0.5,
  dislike: -1.5,
};

/** Blend for a reader without positive history. */
export const BLEND_NEW: Weights = {
  interest: 0.5,
  content: 0,
  subject: SUBJECT_WEIGHT,
  coEngagement: 0,
  popularity: 0.2,
  freshness: 0.3,
};
/** Blend the weights converge to as the history grows. */
export const BLEND_EXPERIENCED: Weights = {
  interest: 0.2,
  content: 0.45,
  subject: SUBJECT_WEIGHT,
  coEngagement: 0.1,
  popularity: 0.1,
  freshness: 0.15,
};
/**
 * Evidence n → t = n / (n + HISTORY_PIVOT) of the way to BLEND_EXPERIENCED; a read adds 1 to
 * n, a like, save or share EXPLICIT_EVIDENCE (three likes: t = 0.5).
 */
export const HISTORY_PIVOT = 6;
export const EXPLICIT_EVIDENCE = 2;
/**
 * Below this many positive events the page rotates through the reader's topics (declared and
 * learned); from there on the content profile knows the reader better than any topic list.
 */
export const ROTATION_MAX_POSITIVES = 6;

export const DAY_MS = 86_400_000;
/** History events lose half their profile weight every 14 days. */
export const HISTORY_HALF_LIFE_DAYS = 14;
/** Freshness: half-life 2 days, plus a small 30-day tail so old items keep an order but never dominate. */
export const FRESH_HALF_LIFE_DAYS = 2;
export const FRESH_TAIL_HALF_LIFE_DAYS = 30;
export const FRESH_TAIL_SHARE = 0.1;
/** Popularity: log engagement, halved every 7 days of article age. */
export const POPULARITY_HALF_LIFE_DAYS = 7;

/**
 * The content vector is a TF-IDF text vector (unit length) plus a category channel
 * (article.categories as pseudo-terms) of length CATEGORY_CHANNEL, renormalised.
 */
export const CATEGORY_CHANNEL = 0.5;
/** Interest signal by position of the matched category (categories are best first). */
export const INTEREST_BY_POSITION = [1, 0.8, 0.65] as const;

/**
 * Learned topics: a category becomes one once the reader liked, saved or shared at least
 * LEARNED_MIN_POSITIVES of its articles (after any "remove" of it) and more than they disliked.
 * Two is "a few" on the bundled corpus: one like is often a single story, two in a category
 * in a short time are a taste (see README.md).
 */
export const LEARNED_MIN_POSITIVES = 2;
/**
 * Interest value of a learned topic: 0.6 + 0.15 per positive, at most 1 (2 → 0.9). It no longer
 * takes the page over: declared interests keep their floor and the learned share goes to the
 * taught subject first (diversity.ts). Lowering it to 0.3 + 0.1 cost 0.04 nDCG@10 on the
 * drifting readers and changed nothing on the subject readers.
 */
export const LEARNED_BASE = 0.6;
/**
 * Topic strength: what the reader's likes, saves, shares and reads of a category say,
 * E = Σ over its articles (each once, with its strongest act) of the action weight × recency
 * (HISTORY_HALF_LIFE_DAYS), an article counting fully for its own (first) category and
 * TOPIC_SECONDARY_EVIDENCE for the others. It saturates: strength = E / (E + TOPIC_STRENGTH_PIVOT)
 * (one save 0.33, two 0.5, six 0.75, twenty-five 0.93): twenty saves are not twenty times one.
 * A declared interest with strength s takes 1 + ⌊TOPIC_EXTRA_TURNS · s⌋ turns of the rotation
 * (its own floor grows with them: two saves → 2 of 20, six or more → 3 of 10 at most), and its
 * own articles' relevance is multiplied by 1 + TOPIC_STRENGTH_BOOST · s, so that what fills
 * its turns is its own stories, not others' that merely touch it.
 */
export const TOPIC_STRENGTH_PIVOT = 3;
export const TOPIC_SECONDARY_EVIDENCE = 0.5;
export const TOPIC_EXTRA_TURNS = 3;
export const TOPIC_STRENGTH_BOOST = 0.25;
export const LEARNED_PER_POSITIVE = 0.15;
export const LEARNED_MAX = 1;

/**
 * Subjects (subjects.ts). An article's subject features are its SUBJECT_TERMS most weighted
 * TF-IDF terms among those rare enough to name a subject (document frequency ≤ max(
 * SUBJECT_MIN_DF, SUBJECT_MAX_DF_SHARE of the corpus); category words never), plus the named
 * entities of its text (runs of capitalised words, counting ENTITY_FEATURE_WEIGHT). A
 * candidate is on a subject the reader taught when it shares at least SUBJECT_MIN_SHARED
 * features with one article they liked, saved, shared or read (its story cluster); its
 * subject signal is the action- and recency-weighted sum of the shared features over
 * SUBJECT_SATURATION, at most 1.
 */
export const SUBJECT_TERMS = 10;
/**
 * What several stories share, and what a steered subject's key asks of an article, counts every
 * salient term stored with it (lib/text keeps at most MAX_TERMS = 24, heaviest first): a subject
 * names what the article carries. Cut at SUBJECT_TERMS, two stories on Joe Biden at
 * the Queen's funeral lost their shared "president" (the 11th term of one), their subject's key
 * became "Joe Biden · Elizabeth · royal", and turning it up reached no other story. One story's
 * cluster (a candidate sharing SUBJECT_MIN_SHARED features with one liked or read article) keeps
 * the SUBJECT_TERMS heaviest: with all of them, one Biden story opened put three Biden stories
 * (sharing "joe biden" and "president") in the next 10.
 */
export const STORED_SUBJECT_TERMS = 24;
export const SUBJECT_MIN_DF = 8;
export const SUBJECT_MAX_DF_SHARE = 0.1;
export const ENTITY_FEATURE_WEIGHT = 1;
export const SUBJECT_MIN_SHARED = 2;
export const SUBJECT_SATURATION = 4;
/**
 * A subject feature carried by this many taught articles is a subject by itself (what several
 * liked stories share), and one shared feature puts a candidate on it.
 */
export const SHARED_SUBJECT_MIN_SOURCES = 3;

/**
 * Page composition, per block of PAGE_BLOCK items (diversity.ts):
 *  - declared interests keep at least DECLARED_MIN_SHARE of every block (when the candidates
 *    hold enough), and DECLARED_NEW_SHARE for a reader with fewer than ROTATION_MAX_POSITIVES
 *    positive events, minus what learned subjects earn;
 *  - for such a reader, learned subjects and topics earn LEARNED_MAX_SHARE · E / (E +
 *    LEARNED_SHARE_PIVOT), E = the recency-weighted (HISTORY_HALF_LIFE_DAYS) action weights of
 *    their positive events: three fresh likes → 0.6 · 3 / 4 = 0.45, four or five of ten; old evidence
 *    fades, and the share with it. From ROTATION_MAX_POSITIVES on, the content profile and the
 *    subject signal place what was learned in the rest of the page (a reserved share there
 *    cost 0.025 nDCG@10 on model 1);
 *  - at least FREE_MIN_SHARE stays free for the best of everything else. While such a reader's
 *    acts recur on nothing (no two taught articles share a subject, no learned topic outside
 *    the interests), it is discovery: the newest stories of other sections, spread by MMR. A
 *    single act is often just fresh news; the reader's subject may not be on the page yet, and
 *    meeting it is how subject learning starts (subject readers: 0.12 → 0.16 nDCG@10).
 */
export const PAGE_BLOCK = 10;
/**
 * Each declared interest's own floor, per block: one item in ten (two in the top twenty), or
 * its part of the declared share when the reader declared more interests than that holds. A
 * reader known by ROTATION_MAX_POSITIVES positive events keeps it too (a reader who
 * saves only Science still chose their other interests; one in twenty, the earlier floor, left
 * them one card at most).
 */
export const INTEREST_FLOOR_SHARE = 0.1;
export const INTEREST_FLOOR_SHARE_KNOWN = 0.1;
export const DECLARED_MIN_SHARE = 0.4;
/**
 * The declared share grows to hold every turn of the rotation (INTEREST_FLOOR_SHARE each: a
 * strengthened topic takes several), up to this much of a block.
 */
export const DECLARED_MAX_SHARE = 0.7;
export const DECLARED_NEW_SHARE = 0.75;
export const LEARNED_MAX_SHARE = 0.6;
export const LEARNED_SHARE_PIVOT = 1;
export const FREE_MIN_SHARE = 0.2;

/**
 * Dislikes push a category back: its articles' relevance is multiplied by
 * DISLIKE_FACTOR^(recency-weighted dislikes − positives), and at DISLIKES_OUT_OF_ROTATION
 * it leaves the interest rotation.
 */
export const DISLIKE_FACTOR = 0.6;
export const DISLIKES_OUT_OF_ROTATION = 2;
/** "Fewer like this": each mute of a category halves it, each of a topic word takes 25 % off. */
export const MUTED_CATEGORY_FACTOR = 0.5;
export const MUTED_KEYWORD_FACTOR = 0.75;

/**
 * Story clusters of a disliked article: candidates sharing at least STORY_SHARED_KEYWORDS of
 * its keywords that are rare enough to mark a story (document frequency ≤ max(5, 1 % of the
 * corpus)) are left out with it.
 */
export const STORY_SHARED_KEYWORDS = 2;
export const STORY_KEYWORD_MAX_DF_SHARE = 0.01;
export const STORY_KEYWORD_MIN_DF = 5;

export const MMR_LAMBDA = 0.7;
/** Pairwise similarity used by MMR: weights of shared categories, same source, content cosine. */
export const SIM_CATEGORY = 0.35;
export const SIM_SOURCE = 0.15;
export const SIM_CONTENT = 0.5;
export const CATEGORY_CAP_SHARE = 0.4;
/** The caps count within every CAP_WINDOW items (two screens of cards), so 8 of 20 at most. */
export const CAP_WINDOW = 20;
export const SOURCE_CAP_SHARE = 0.5;

/**
 * Steering: what the reader turned up, down or off on the profile page. `off`
 * removes a category's or subject's articles from the feed, and what the reader did on it no
 * longer teaches the profile. `up` multiplies relevance by STEER_UP_FACTOR, gives a category
 * STEER_UP_TURNS turns of the declared rotation (a learned one joins it) and adds STEER_UP_SHARE
 * to a subject's learned share of every block, its articles first in it (at most all but the
 * declared floor). `down` multiplies
 * relevance by STEER_DOWN_FACTOR, takes a category out of the rotation and a subject out of the
 * learned share.
 */
export const STEER_UP_FACTOR = 1.5;
export const STEER_DOWN_FACTOR = 0.35;
export const STEER_UP_TURNS = 2;
export const STEER_UP_SHARE = 0.3;
/**
 * The profile page's subjects: story clusters of what the reader acted on, each named by up to
 * SUBJECT_KEY_FEATURES of its features (those shared within the cluster first); at most
 * SUBJECTS_SHOWN; weight = min(1, evidence / SUBJECT_FULL_EVIDENCE) (three fresh likes: 1).
 */
export const SUBJECT_KEY_FEATURES = 6;
export const SUBJECTS_SHOWN = 8;
export const SUBJECT_FULL_EVIDENCE = 3;
