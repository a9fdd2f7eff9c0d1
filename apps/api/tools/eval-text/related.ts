/**
 * Offline evaluation of "More like this" and of learned subjects: the `related` and
 * `subjects` sections of `pnpm eval:text`.
 *
 * `evaluateRelated()`: on the bundled corpus (apps/api/data, the HuffPost "News Category
 * Dataset" sample, each article keeping its dataset section as `source_category`), every
 * article's "More like this" top 3 — by the service's own code (src/modules/articles/related.ts)
 * over the stored terms, the stories made by the stories module's clusterer as at seeding —
 * and how many of them share the article's dataset section; how many articles get 0, 1, 2 or 3;
 * how many of the top 3 are of the article's own story. The same for the earlier rule (keywords
 * shared, a phrase counting 2, at least 2; headline copies left out, stories not). On the
 * labelled stream (../shared/data/stories, headlines in 43 labelled stories): how many of the
 * top 3 are of the article's own labelled story, its story known as the clusterer made it, and
 * the same-event level tuned on half of the stories and checked on the other half.
 *
 * `evaluateSubjects()`: simulated readers each liking 3 stories of a theme (articles of the
 * bundled corpus found by a theme word, of 3 different stories), then what the profile's
 * learned subjects say: their labels and terms, and whether each term is carried by at least two
 * of the liked stories.
 */
import { createHash } from 'node:crypto';
import { isCategoryId } from '@lede/shared';
import {
  normalizeTitle,
  phraseCorpusOf,
  stem,
  understandArticle,
} from '../../src/lib/text/index.js';
import { readSeedRecords, type SeedRecord } from '../../src/modules/articles/index.js';
import {
  lookupTerms,
  pickRelated,
  SAME_EVENT_SCORE,
  type RelatedArticle,
} from '../../src/modules/articles/related.js';
import {
  buildCorpusStats,
  learnedSubjects,
  type HistoryEvent,
  type RankableArticle,
} from '../../src/modules/feed/ranker/index.js';
import { analyzerFor } from '../../src/modules/feed/ranker/vectors.js';
import { StoryClusterer } from '../../src/modules/stories/index.js';
import { DEFAULT_DATA, loadHeadlines, replay } from '../eval-stories/run.js';

const TOP = 3;
const DAY = 24 * 60 * 60 * 1000;

export interface CorpusArticle extends RelatedArticle {
  title: string;
  description: string;
  keywords: string[];
  categories: string[];
  sourceName: string;
  sourceCategory: string;
  pubDate: Date;
  storyId: string;
}

export async function loadSeed(): Promise<SeedRecord[]> {
  const records: SeedRecord[] = [];
  for await (const r of readSeedRecords()) records.push(r);
  return records;
}

/** The stories of the bundled corpus as seeding makes them: the clusterer, oldest first. */
function storiesOf(records: readonly SeedRecord[]): Map<string, string> {
  const clusterer = new StoryClusterer();
  const order = [...records].sort(
    (a, b) => Date.parse(a.pubDate) - Date.parse(b.pubDate) || (a.link < b.link ? -1 : 1),
  );
  const storyOf = new Map<string, string>();
  const mergedInto = new Map<string, string>();
  let nextPass = Number.NaN;
  for (const r of order) {
    const at = Date.parse(r.pubDate);
    if (Number.isNaN(nextPass)) nextPass = at + DAY;
    if (at >= nextPass) {
      for (const m of clusterer.mergePass(at).merges) mergedInto.set(m.from, m.into);
      nextPass = at + DAY;
    }
    const assigned = clusterer.assign({
      id: r.link,
      title: r.title,
      description: r.description,
      keywords: r.keywords,
      source: r.source_name,
      publishedAt: at,
    });
    storyOf.set(r.link, assigned.storyId);
  }
  const last = order[order.length - 1];
  if (last) {
    for (const m of clusterer.mergePass(Date.parse(last.pubDate)).merges)
      mergedInto.set(m.from, m.into);
  }
  const resolve = (id: string): string => {
    let story = id;
    for (let next = mergedInto.get(story); next; next = mergedInto.get(story)) story = next;
    return story;
  };
  for (const [link, story] of storyOf) storyOf.set(link, resolve(story));
  return storyOf;
}

export function corpusArticles(records: readonly SeedRecord[]): CorpusArticle[] {
  const stories = storiesOf(records);
  return records.map((r) => ({
    id: r.link,
    title: r.title,
    description: r.description,
    keywords: r.keywords,
    categories: [...r.categories],
    sourceName: r.source_name,
    sourceCategory: r.source_category,
    pubDate: new Date(r.pubDate),
    titleKey: normalizeTitle(r.title),
    storyId: stories.get(r.link) ?? r.link,
    terms: r.terms ?? [],
    termWeights: r.term_weights ?? [],
  }));
}

/** Candidates sharing at least one term, through an inverted index (as the GIN index does). */
export function indexByTerm<T extends RelatedArticle>(articles: readonly T[]) {
  const postings = new Map<string, T[]>();
  for (const a of articles) {
    for (const t of new Set(a.terms)) {
      const list = postings.get(t);
      if (list) list.push(a);
      else postings.set(t, [a]);
    }
  }
  return (a: RelatedArticle): Set<T> => {
    const out = new Set<T>();
    for (const t of lookupTerms(a)) for (const c of postings.get(t) ?? []) out.add(c);
    return out;
  };
}

/** The earlier "More like this": keywords shared (a phrase 2, a word 1, ≥ 2), then newest. */
function relatedBefore(
  article: CorpusArticle,
  byKeyword: Map<string, CorpusArticle[]>,
): CorpusArticle[] {
  const own = new Set(article.keywords.filter((k) => !isCategoryId(k)));
  const shared = new Map<CorpusArticle, number>();
  for (const k of own) {
    for (const c of byKeyword.get(k) ?? []) {
      if (c.id === article.id || c.titleKey === article.titleKey) continue;
      shared.set(c, (shared.get(c) ?? 0) + (k.includes(' ') ? 2 : 1));
    }
  }
  return [...shared]
    .filter(([, n]) => n >= 2)
    .sort(
      ([a, x], [b, y]) =>
        y - x || b.pubDate.getTime() - a.pubDate.getTime() || (a.id < b.id ? -1 : 1),
    )
    .slice(0, TOP)
    .map(([c]) => c);
}

interface RelatedTally {
  articles: number;
  /** Articles getting 0, 1, 2, 3 related. */
  counts: [number, number, number, number];
  shown: number;
  sameSourceCategory: number;
  /** Share of the shown top-3 articles of the article's dataset section. */
  sameSourceCategoryShare: number;
  /** Shown articles of the article's own story (the clusterer's). */
  ownStory: number;
}

function tally(
  articles: readonly CorpusArticle[],
  relatedOf: (a: CorpusArticle) => CorpusArticle[],
): RelatedTally {
  const t: RelatedTally = {
    articles: articles.length,
    counts: [0, 0, 0, 0],
    shown: 0,
    sameSourceCategory: 0,
    sameSourceCategoryShare: 0,
    ownStory: 0,
  };
  for (const a of articles) {
    const list = relatedOf(a).slice(0, TOP);
    t.counts[list.length]! += 1;
    t.shown += list.length;
    for (const r of list) {
      if (r.sourceCategory === a.sourceCategory) t.sameSourceCategory += 1;
      if (r.storyId === a.storyId) t.ownStory += 1;
    }
  }
  t.sameSourceCategoryShare = round(t.sameSourceCategory / Math.max(1, t.shown));
  return t;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** What named articles get now (the cases that showed the old rule wrong), and before. */
const NAMED = [
  /polyakov/i,
  /rushdie/i,
  /hurricane fiona/i,
  /twitch/i,
  /artemis/i,
  /webb/i,
  /kardashian/i,
];

export async function evaluateRelated(stream = DEFAULT_DATA) {
  const records = await loadSeed();
  const articles = corpusArticles(records);
  const candidatesOf = indexByTerm(articles);
  const byKeyword = new Map<string, CorpusArticle[]>();
  for (const a of articles) {
    for (const k of new Set(a.keywords)) {
      const list = byKeyword.get(k);
      if (list) list.push(a);
      else byKeyword.set(k, [a]);
    }
  }
  const now = (a: CorpusArticle) => pickRelated(a, candidatesOf(a), TOP).map((m) => m.article);
  const before = (a: CorpusArticle) => relatedBefore(a, byKeyword);
  const sameEventOff = (a: CorpusArticle) =>
    pickRelated(a, candidatesOf(a), TOP, { sameEventScore: Number.POSITIVE_INFINITY }).map(
      (m) => m.article,
    );

  const examples = NAMED.map((pattern) => {
    const a = articles.find((x) => pattern.test(x.title));
    if (!a) return { pattern: String(pattern), found: false };
    return {
      title: a.title,
      sourceCategory: a.sourceCategory,
      now: pickRelated(a, candidatesOf(a), TOP).map((m) => ({
        title: m.article.title,
        sourceCategory: m.article.sourceCategory,
        score: round(m.score),
        shared: m.shared,
      })),
      before: before(a).map((r) => ({
        title: r.title,
        sourceCategory: r.sourceCategory,
        ownStory: r.storyId === a.storyId,
      })),
    };
  });

  return {
    bundled: {
      before: tally(articles, before),
      now: tally(articles, now),
      /** Now without the same-event rule (the clusterer's stories only). */
      sameEventOff: tally(articles, sameEventOff),
      examples,
    },
    labelledStream: labelledStream(stream),
  };
}

/** Same-event levels swept on the labelled stream (Infinity: the rule off, stories only). */
const SAME_EVENT_GRID = [0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.8, 1, Number.POSITIVE_INFINITY];

/** The half of the labelled stream a story is in: by a hash of its label, so a story is whole. */
const storyHalf = (label: string) => createHash('sha1').update(label).digest()[0]! % 2;

/**
 * The labelled stream: each headline understood as ingestion does (terms weighed across the
 * stream), its story as the clusterer made it; how many of each top 3 are of its labelled story.
 * `sameEvent`: the level of related.ts's same-event rule swept on the stories of half 0 (the
 * highest leaving the fewest of a headline's own labelled story shown), reported on half 1 and
 * on the whole, beside the rule off (the clusterer's stories only).
 */
function labelledStream(file: string) {
  const rows = loadHeadlines(file);
  const clusters = replay(rows).clusters;
  const corpus = phraseCorpusOf(rows.map((r) => ({ title: r.title, description: '' })));
  const items = rows.map((r, i) => {
    const u = understandArticle({ title: r.title, description: '' }, corpus);
    return {
      id: String(r.id),
      titleKey: normalizeTitle(r.title),
      storyId: clusters[i]!,
      label: r.story,
      half: storyHalf(r.story),
      categories: u.categories,
      terms: u.terms,
      termWeights: u.termWeights,
      pubDate: new Date(r.published_at),
    };
  });
  const candidatesOf = indexByTerm(items);
  const measure = (sameEventScore: number, half?: number) => {
    const counts: [number, number, number, number] = [0, 0, 0, 0];
    let headlines = 0;
    let shown = 0;
    let ownLabelledStory = 0;
    let ownStoryAsKnown = 0;
    for (const item of items) {
      if (half !== undefined && item.half !== half) continue;
      const list = pickRelated(item, candidatesOf(item), TOP, { sameEventScore });
      headlines += 1;
      counts[list.length]! += 1;
      shown += list.length;
      for (const { article: r } of list) {
        if (r.label === item.label) ownLabelledStory += 1;
        if (r.storyId === item.storyId) ownStoryAsKnown += 1;
      }
    }
    return { headlines, counts, shown, ownLabelledStory, ownStoryAsKnown };
  };
  const tuning = SAME_EVENT_GRID.map((level) => ({ level, ...measure(level, 0) }));
  const fewest = Math.min(...tuning.map((t) => t.ownLabelledStory));
  const chosen = Math.max(
    ...tuning.filter((t) => t.ownLabelledStory === fewest).map((t) => t.level),
  );
  // The same with the labels as the stories: the exclusion itself.
  let ownLabelledStoryGivenLabels = 0;
  for (const item of items) {
    const withLabels = pickRelated(
      { ...item, storyId: item.label },
      [...candidatesOf(item)].map((c) => ({ ...c, storyId: c.label })),
      TOP,
    );
    for (const r of withLabels)
      if (r.article.label === item.label) ownLabelledStoryGivenLabels += 1;
  }
  const now = measure(SAME_EVENT_SCORE);
  return {
    headlines: items.length,
    stories: new Set(rows.map((r) => r.story)).size,
    clustererStories: new Set(clusters).size,
    counts: now.counts,
    shown: now.shown,
    /** Shown articles of the headline's labelled story, its story being the clusterer's. */
    ownLabelledStory: now.ownLabelledStory,
    /** Shown articles of the headline's story as the clusterer made it (the exclusion: 0). */
    ownStoryAsKnown: now.ownStoryAsKnown,
    /** Shown articles of the headline's labelled story when the labels are the stories. */
    ownLabelledStoryGivenLabels,
    sameEvent: {
      level: SAME_EVENT_SCORE,
      /** Swept on the stories of half 0: level, then what half 0 shows. */
      tunedOnHalf0: tuning.map(({ level, headlines, shown, ownLabelledStory }) => ({
        level: Number.isFinite(level) ? level : 'off',
        headlines,
        shown,
        ownLabelledStory,
      })),
      chosenOnHalf0: chosen,
      /** Half 1 (held out) and the whole stream: at the chosen level, and with the rule off. */
      heldOutHalf1: { chosen: measure(chosen, 1), off: measure(Number.POSITIVE_INFINITY, 1) },
      whole: { chosen: measure(chosen), off: measure(Number.POSITIVE_INFINITY) },
    },
  };
}

// ---------------------------------------------------------------------------------------------

/** Themes a reader might like three stories of: a word its articles carry among their terms. */
const THEMES = ['climate', 'hurricane', 'abortion', 'ukraine', 'covid', 'nasa', 'queen'];
const READERS_PER_THEME = 3;

/** A term's words, lowercase, possessives and punctuation dropped, plurals folded. */
const wordsOfTerm = (term: string): string[] =>
  term
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(stem);

const hashOf = (s: string) => createHash('sha1').update(s).digest().readUInt32BE(0);

export async function evaluateSubjects() {
  const records = await loadSeed();
  const articles = corpusArticles(records);
  const rankable: RankableArticle[] = articles.map((a) => ({
    id: a.id,
    title: a.title,
    description: a.description,
    keywords: a.keywords,
    categories: a.categories,
    sourceName: a.sourceName,
    pubDate: a.pubDate,
    titleKey: a.titleKey,
    likes: 0,
    dislikes: 0,
    saves: 0,
    shares: 0,
    views: 0,
    storyId: a.storyId,
    terms: [...a.terms],
    termWeights: [...a.termWeights],
  }));
  const stats = buildCorpusStats(rankable);
  const analyzer = analyzerFor(stats);
  const now = Math.max(...rankable.map((a) => a.pubDate.getTime()));
  const readers = [];
  let termsShared = 0;
  let termsShown = 0;
  let termsSharedExactly = 0;
  let subjectsOfTwoStories = 0;
  let subjectsPerReader = 0;
  for (const theme of THEMES) {
    const onTheme = rankable
      .filter((a) => a.terms!.some((t) => t === theme || t.split(' ').includes(theme)))
      .sort((a, b) => hashOf(`${theme}:${a.id}`) - hashOf(`${theme}:${b.id}`));
    for (let r = 0; r < READERS_PER_THEME; r++) {
      const liked: RankableArticle[] = [];
      const stories = new Set<string>();
      for (const a of onTheme.slice(r * 7)) {
        if (stories.has(a.storyId!)) continue;
        stories.add(a.storyId!);
        liked.push(a);
        if (liked.length === 3) break;
      }
      if (liked.length < 3) continue;
      const history: HistoryEvent[] = liked.map((article, k) => ({
        article,
        action: 'like',
        at: new Date(now - k * 60 * 60 * 1000),
      }));
      const subjects = learnedSubjects(history, analyzer, now, undefined);
      const likedTerms = liked.map((a) => new Set(a.terms!.map((t) => t.toLowerCase())));
      const carriedBy = (term: string) =>
        likedTerms.filter((set) => set.has(term.toLowerCase())).length;
      // A story carries a term when one of its terms holds its words in order ("climate" in
      // "climate change", "emissions" in "carbon emissions"; plurals folded).
      const likedWords = liked.map((a) => a.terms!.map((t) => ` ${wordsOfTerm(t).join(' ')} `));
      const carriedInsideBy = (term: string) => {
        const wanted = ` ${wordsOfTerm(term).join(' ')} `;
        return likedWords.filter((terms) => terms.some((t) => t.includes(wanted))).length;
      };
      const shown = subjects.map((s) => ({
        terms: s.terms,
        sources: s.sources.length,
        sharedByTwo: s.terms.map((t) => carriedInsideBy(t) >= 2),
        asTermByTwo: s.terms.map((t) => carriedBy(t) >= 2),
      }));
      for (const s of shown) {
        termsShown += s.terms.length;
        termsShared += s.sharedByTwo.filter(Boolean).length;
        termsSharedExactly += s.asTermByTwo.filter(Boolean).length;
      }
      subjectsOfTwoStories += subjects.filter((s) => s.sources.length >= 2).length;
      subjectsPerReader += subjects.length;
      readers.push({ theme, liked: liked.map((a) => a.title), subjects: shown });
    }
  }
  return {
    readers: readers.length,
    subjectsPerReader: round(subjectsPerReader / Math.max(1, readers.length)),
    termsShown,
    /** Share of the shown terms carried by at least two liked stories (inside a phrase too). */
    termsSharedByTwoShare: round(termsShared / Math.max(1, termsShown)),
    /** The same, a term counting only where a liked story has it as one of its own terms. */
    termsSharedByTwoAsTermShare: round(termsSharedExactly / Math.max(1, termsShown)),
    /** Share of the subjects made of two or more liked stories. */
    subjectsOfTwoStoriesShare: round(subjectsOfTwoStories / Math.max(1, subjectsPerReader)),
    examples: readers,
  };
}
