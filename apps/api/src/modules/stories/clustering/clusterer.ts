import { contentWords, CorpusStats, normalizeTitle } from '../../../lib/text/index.js';
import { articleFeatures, stripSource, type Features, type StoryArticle } from './features.js';

export interface ClusteringOptions {
  /** A story takes no article more than this after its last one (or before its first). */
  windowMs: number;
  /** A gap of this long between an article and a story's span halves their similarity. */
  halfLifeMs: number;
  /** Least cosine similarity for an article to join a story. */
  joinThreshold: number;
  /** Least cosine similarity between two stories' centroids for them to merge. */
  mergeThreshold: number;
  /** Least number of distinct things (a phrase, or a word outside it) a match must share. */
  minShared: number;
  /** Least number of shared names (someone or something named) a join or merge needs… */
  minNames: number;
  /** A feature in more active stories than this finds no candidates: it names none of them. */
  maxPostings: number;
  /** How many of a story's heaviest features look for merge candidates. */
  mergeProbe: number;
  /**
   * …and of shared event things (not a name: an action, a number, a common noun), unless the
   * match is strong and close in time (`strongScore`).
   */
  minEvents: number;
  /** Shared names that are evidence enough on their own. */
  namesAlone: number;
  /** A match at least this similar, within `strongGapMs`, needs no shared event thing. */
  strongScore: number;
  strongGapMs: number;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Why each value: README.md ("Parameters"). */
export const DEFAULT_CLUSTERING: Readonly<ClusteringOptions> = {
  windowMs: 3 * DAY,
  halfLifeMs: DAY,
  joinThreshold: 0.1,
  mergeThreshold: 0.3,
  minShared: 1,
  minNames: 1,
  maxPostings: 500,
  mergeProbe: 8,
  minEvents: 1,
  namesAlone: 3,
  strongScore: 0.5,
  strongGapMs: 12 * HOUR,
};

/** What put an article in its story. */
export interface Assignment {
  articleId: string;
  storyId: string;
  /** `new`: it started the story; `same-title`: its headline repeats a member's. */
  rule: 'new' | 'similar' | 'same-title';
  /** Similarity to the story when it joined (0 for a new story, 1 for a repeated headline). */
  score: number;
  /** The shared features that weighed most in the score, heaviest first. */
  sharedTerms: string[];
}

export interface StoryMerge {
  /** The story that stays (the larger; the older on a tie). */
  into: string;
  /** The story absorbed: its articles now belong to `into`. */
  from: string;
  score: number;
  sharedTerms: string[];
}

export interface MergePass {
  merges: StoryMerge[];
  /** Stories whose window closed: they take no more articles. */
  closed: string[];
}

export interface StorySummary {
  id: string;
  articleIds: string[];
  /** Distinct sources, in order of first report. */
  sources: string[];
  firstPublished: number;
  lastPublished: number;
  /** The story's heaviest features. */
  terms: string[];
}

interface Story {
  /** The id of the article that started it. */
  id: string;
  /** Creation order: the deterministic tie-break. */
  seq: number;
  articleIds: string[];
  sources: Set<string>;
  titleKeys: string[];
  /** Sum of the members' term-frequency vectors, each of unit length. */
  terms: Map<string, number>;
  /** Features any member names someone or something with; words inside those names. */
  names: Set<string>;
  nameWords: Set<string>;
  first: number;
  last: number;
  /** |centroid| under the IDF of when it was last computed. */
  norm: number;
  /** Changed since the last merge pass. */
  changed: boolean;
}

const SHARED_TERMS = 5;
/** A match on names or on events alone covers at least this share of the headline's things. */
const STRONG_COVERAGE = 0.5;
/** Content words a headline needs for its repetition alone to join a story. */
const MIN_TITLE_WORDS = 3;

/** The headline as the same-title rule compares it; '' when too short to mean one story. */
function headlineKey(article: StoryArticle): string {
  const title = stripSource(article.title, article.source);
  // Short headlines ("Share this on:", "In brief") repeat across unrelated stories.
  return contentWords(title).length >= MIN_TITLE_WORDS ? normalizeTitle(title) : '';
}

function timeOf(at: Date | string | number): number {
  const t = typeof at === 'number' ? at : new Date(at).getTime();
  if (!Number.isFinite(t)) throw new Error(`invalid publication time: ${String(at)}`);
  return t;
}

/**
 * Single-pass story clustering over the stories active in a time window, with a periodic merge
 * pass. Keeps only active stories: the caller stores assignments and merges. Deterministic: the
 * same articles in the same order, with the same merge passes, give the same stories and
 * explanations.
 */
export class StoryClusterer {
  readonly options: Readonly<ClusteringOptions>;
  readonly stats: CorpusStats;
  private readonly stories = new Map<string, Story>();
  /** Feature → active stories whose centroid holds it. */
  private readonly postings = new Map<string, Set<Story>>();
  /** Normalised headline → the active story holding it. */
  private readonly titles = new Map<string, Story>();
  private seq = 0;

  constructor(options: Partial<ClusteringOptions> = {}, stats = new CorpusStats()) {
    this.options = { ...DEFAULT_CLUSTERING, ...options };
    this.stats = stats;
  }

  get activeStories(): number {
    return this.stories.size;
  }

  /**
   * Puts an article in the best active story, or starts one. `features` (articleFeatures of the
   * article) may be given when the caller needs them too: they are the costly part.
   */
  assign(article: StoryArticle, features = articleFeatures(article)): Assignment {
    const at = timeOf(article.publishedAt);
    this.stats.add(features.keys());
    const vector = new Map<string, number>();
    for (const [t, tf] of features) vector.set(t, tf * this.stats.idf(t));
    const titleKey = headlineKey(article);

    const repeated = titleKey ? this.titles.get(titleKey) : undefined;
    if (repeated && this.gap(repeated, at, at) <= this.options.windowMs) {
      const sharedTerms = this.explain(vector, repeated.terms);
      this.addMember(repeated, article, features, titleKey, at);
      return {
        articleId: article.id,
        storyId: repeated.id,
        rule: 'same-title',
        score: 1,
        sharedTerms,
      };
    }

    // Most similar first; the first that shares enough is the match.
    const scored: Array<{ story: Story; score: number }> = [];
    for (const story of this.candidates(features.keys())) {
      if (this.gap(story, at, at) > this.options.windowMs) continue;
      const score = this.similarity(vector, story, at);
      if (score >= this.options.joinThreshold) scored.push({ story, score });
    }
    scored.sort((x, y) => y.score - x.score || x.story.seq - y.story.seq);
    const best = scored.find(({ story, score }) =>
      this.enough(sharedEvidence(features, story), score, this.gap(story, at, at), features),
    );
    if (best) {
      const sharedTerms = this.explain(vector, best.story.terms);
      this.addMember(best.story, article, features, titleKey, at);
      return {
        articleId: article.id,
        storyId: best.story.id,
        rule: 'similar',
        score: best.score,
        sharedTerms,
      };
    }

    this.addMember(this.start(article.id, at), article, features, titleKey, at);
    return { articleId: article.id, storyId: article.id, rule: 'new', score: 0, sharedTerms: [] };
  }

  /**
   * Puts back an article assigned earlier (a stored member of a story still active), without
   * counting it in the statistics again or marking its story for the next merge pass. Members
   * go back in the order they were assigned.
   */
  restore(article: StoryArticle, storyId: string, features = articleFeatures(article)): void {
    const at = timeOf(article.publishedAt);
    const titleKey = headlineKey(article);
    const story = this.stories.get(storyId) ?? this.start(storyId, at);
    this.addMember(story, article, features, titleKey, at);
    story.changed = false;
  }

  /**
   * Marks for the next merge pass the stories with a member published at or after `at`. After a
   * rebuild from stored members, which stories changed since the last pass is not stored: the
   * stories reported on since about then stand for them.
   */
  markChangedSince(at: number): void {
    for (const story of this.stories.values()) if (story.last >= at) story.changed = true;
  }

  private start(id: string, at: number): Story {
    const story: Story = {
      id,
      seq: this.seq++,
      articleIds: [],
      sources: new Set(),
      titleKeys: [],
      terms: new Map(),
      names: new Set(),
      nameWords: new Set(),
      first: at,
      last: at,
      norm: 0,
      changed: true,
    };
    this.stories.set(id, story);
    return story;
  }

  /**
   * The periodic pass: closes the stories whose window has passed at `now`, then merges active
   * stories that turn out to be one. Pairs with a story changed since the last pass are found
   * through its heaviest features and merged most similar first, each pair's similarity taken
   * again on the stories as merged so far.
   */
  mergePass(now: Date | string | number): MergePass {
    const at = timeOf(now);
    const closed: string[] = [];
    for (const story of [...this.stories.values()]) {
      if (at - story.last > this.options.windowMs) {
        this.remove(story);
        closed.push(story.id);
      } else story.norm = this.centroidNorm(story.terms);
    }

    const pairs: Array<{ a: Story; b: Story; score: number }> = [];
    const seen = new Set<string>();
    for (const a of this.stories.values()) {
      if (!a.changed) continue;
      for (const b of this.candidates(this.heaviest(a.terms, this.options.mergeProbe))) {
        if (a === b) continue;
        const [x, y] = a.seq < b.seq ? [a, b] : [b, a];
        const key = `${x.seq}:${y.seq}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const score = this.storySimilarity(x, y);
        if (score >= this.options.mergeThreshold) pairs.push({ a: x, b: y, score });
      }
    }
    pairs.sort((p, q) => q.score - p.score || p.a.seq - q.a.seq || p.b.seq - q.b.seq);

    const mergedInto = new Map<Story, Story>();
    const current = (s: Story): Story => {
      let story = s;
      for (let next = mergedInto.get(story); next; next = mergedInto.get(story)) story = next;
      return story;
    };
    const merges: StoryMerge[] = [];
    for (const pair of pairs) {
      const a = current(pair.a);
      const b = current(pair.b);
      if (a === b) continue;
      const score = a === pair.a && b === pair.b ? pair.score : this.storySimilarity(a, b);
      if (score < this.options.mergeThreshold) continue;
      const [into, from] =
        a.articleIds.length > b.articleIds.length ||
        (a.articleIds.length === b.articleIds.length && a.seq < b.seq)
          ? [a, b]
          : [b, a];
      const sharedTerms = this.explainStories(into, from);
      this.absorb(into, from);
      mergedInto.set(from, into);
      merges.push({ into: into.id, from: from.id, score, sharedTerms });
    }
    // A merged story is probed again next pass: as one, it may now match a third.
    const grown = new Set(mergedInto.values());
    for (const story of this.stories.values()) story.changed = grown.has(story);
    return { merges, closed };
  }

  /** An active story. */
  story(id: string): StorySummary | undefined {
    const s = this.stories.get(id);
    if (!s) return undefined;
    return {
      id: s.id,
      articleIds: [...s.articleIds],
      sources: [...s.sources],
      firstPublished: s.first,
      lastPublished: s.last,
      terms: this.heaviest(s.terms, SHARED_TERMS),
    };
  }

  private candidates(features: Iterable<string>): Set<Story> {
    const out = new Set<Story>();
    for (const t of features) {
      const stories = this.postings.get(t);
      if (!stories || stories.size > this.options.maxPostings) continue;
      for (const s of stories) out.add(s);
    }
    return out;
  }

  private heaviest(terms: Map<string, number>, n: number): string[] {
    const parts: Array<[string, number]> = [];
    for (const [t, c] of terms) parts.push([t, c * this.stats.idf(t)]);
    return top(parts, n);
  }

  /** Time between [from, to] and a story's span; 0 when they overlap. */
  private gap(story: Story, from: number, to: number): number {
    return Math.max(0, story.first - to, from - story.last);
  }

  private decay(gap: number): number {
    return 0.5 ** (gap / this.options.halfLifeMs);
  }

  private centroidNorm(terms: Map<string, number>): number {
    let sum = 0;
    for (const [t, c] of terms) sum += (c * this.stats.idf(t)) ** 2;
    return Math.sqrt(sum);
  }

  /** Cosine of an article's TF-IDF vector and a story's centroid, decayed by their time gap. */
  private similarity(vector: Map<string, number>, story: Story, at: number): number {
    let dot = 0;
    let norm = 0;
    for (const [t, w] of vector) {
      norm += w * w;
      const c = story.terms.get(t);
      if (c) dot += w * c * this.stats.idf(t);
    }
    if (dot === 0 || story.norm === 0) return 0;
    return (dot / (Math.sqrt(norm) * story.norm)) * this.decay(this.gap(story, at, at));
  }

  /** Cosine of two stories' centroids, decayed by their time gap; 0 when they share too little. */
  private storySimilarity(a: Story, b: Story): number {
    const [small, large] = a.terms.size <= b.terms.size ? [a, b] : [b, a];
    let dot = 0;
    for (const [t, c] of small.terms) {
      const d = large.terms.get(t);
      if (d) dot += c * d * this.stats.idf(t) ** 2;
    }
    if (dot === 0) return 0;
    const score = (dot / (a.norm * b.norm)) * this.decay(this.gap(a, b.first, b.last));
    if (score < this.options.mergeThreshold) return score;
    const gap = this.gap(a, b.first, b.last);
    return this.enough(sharedEvidence(small, large), score, gap, small.terms) ? score : 0;
  }

  /**
   * Whether what a match shares is evidence of one event: a name and something that is not a
   * name ("Fox" and "Cosmos" are one network's show, not one story; "files for bankruptcy" is
   * not one company), unless the whole is very similar and close in time.
   */
  private enough(
    evidence: Evidence,
    score: number,
    gap: number,
    first: ReadonlyMap<string, number>,
  ): boolean {
    if (evidence.things < this.options.minShared) return false;
    if (evidence.names >= this.options.minNames && evidence.events >= this.options.minEvents)
      return true;
    // Many names in common need nothing more: "Men's Wearhouse" and "Jos. A. Bank".
    if (evidence.names >= this.options.namesAlone) return true;
    // Names on both sides and none shared: two companies that each filed for bankruptcy.
    if (evidence.names === 0 && evidence.namedBoth) return false;
    return (
      score >= this.options.strongScore &&
      gap <= this.options.strongGapMs &&
      evidence.things >= STRONG_COVERAGE * distinctThings(first)
    );
  }

  private explain(vector: Map<string, number>, terms: Map<string, number>): string[] {
    const parts: Array<[string, number]> = [];
    for (const [t, w] of vector) {
      const c = terms.get(t);
      if (c) parts.push([t, w * c * this.stats.idf(t)]);
    }
    return top(parts, SHARED_TERMS);
  }

  private explainStories(a: Story, b: Story): string[] {
    const parts: Array<[string, number]> = [];
    for (const [t, c] of a.terms) {
      const d = b.terms.get(t);
      if (d) parts.push([t, c * d * this.stats.idf(t) ** 2]);
    }
    return top(parts, SHARED_TERMS);
  }

  private addMember(
    story: Story,
    article: StoryArticle,
    features: Features,
    titleKey: string,
    at: number,
  ): void {
    story.articleIds.push(article.id);
    story.sources.add(article.source);
    for (const n of features.names) story.names.add(n);
    for (const w of features.nameWords) story.nameWords.add(w);
    if (titleKey && !this.titles.has(titleKey)) {
      this.titles.set(titleKey, story);
      story.titleKeys.push(titleKey);
    }
    const length = Math.hypot(...features.values()) || 1;
    for (const [t, tf] of features) {
      const before = story.terms.get(t);
      story.terms.set(t, (before ?? 0) + tf / length);
      if (before === undefined) this.post(t, story);
    }
    story.first = Math.min(story.first, at);
    story.last = Math.max(story.last, at);
    story.norm = this.centroidNorm(story.terms);
    story.changed = true;
  }

  private post(t: string, story: Story): void {
    let stories = this.postings.get(t);
    if (!stories) this.postings.set(t, (stories = new Set()));
    stories.add(story);
  }

  private unpost(story: Story): void {
    for (const t of story.terms.keys()) {
      const stories = this.postings.get(t);
      stories?.delete(story);
      if (stories?.size === 0) this.postings.delete(t);
    }
  }

  private remove(story: Story): void {
    this.unpost(story);
    for (const key of story.titleKeys) this.titles.delete(key);
    this.stories.delete(story.id);
  }

  private absorb(into: Story, from: Story): void {
    this.remove(from);
    into.articleIds.push(...from.articleIds);
    for (const s of from.sources) into.sources.add(s);
    for (const n of from.names) into.names.add(n);
    for (const w of from.nameWords) into.nameWords.add(w);
    for (const key of from.titleKeys) {
      if (this.titles.has(key)) continue;
      this.titles.set(key, into);
      into.titleKeys.push(key);
    }
    for (const [t, c] of from.terms) {
      const before = into.terms.get(t);
      into.terms.set(t, (before ?? 0) + c);
      if (before === undefined) this.post(t, into);
    }
    into.first = Math.min(into.first, from.first);
    into.last = Math.max(into.last, from.last);
    into.norm = this.centroidNorm(into.terms);
    into.changed = true;
  }
}

/** Features and what of them are names: an article's (`Features`) or a story's. */
interface NamedTerms {
  /** Feature → weight (an article) or summed weight (a story). */
  readonly terms?: ReadonlyMap<string, number>;
  readonly names: ReadonlySet<string>;
  readonly nameWords: ReadonlySet<string>;
}

/** What two feature sets share: distinct things, and how many of them are names or events. */
export interface Evidence {
  things: number;
  names: number;
  /** Shared things that name no one: what happened ("recall", "files", "7.1"), where. */
  events: number;
  /** Both sides name someone or something. */
  namedBoth: boolean;
}

const termsOf = (x: NamedTerms | Features): ReadonlyMap<string, number> =>
  x instanceof Map ? x : x.terms!;

/**
 * Distinct things two feature sets share: each shared phrase once with its words ("joe biden"
 * is one thing, not three), each other shared word once. A word inside a name on both sides
 * whose names differ ("outfitters" of "Urban Outfitters" and "American Eagle Outfitters") is
 * not shared. A thing is a name when either side names something with it; else an event.
 */
export function sharedEvidence(a: NamedTerms | Features, b: NamedTerms | Features): Evidence {
  const [ta, tb] = [termsOf(a), termsOf(b)];
  const inPhrase = new Set<string>();
  const out: Evidence = {
    things: 0,
    names: 0,
    events: 0,
    namedBoth: a.names.size > 0 && b.names.size > 0,
  };
  const count = (isName: boolean) => {
    out.things += 1;
    if (isName) out.names += 1;
    else out.events += 1;
  };
  for (const t of ta.keys()) {
    if (!t.includes(' ') || !tb.has(t)) continue;
    count(a.names.has(t) || b.names.has(t));
    for (const w of t.split(' ')) inPhrase.add(w);
  }
  for (const t of ta.keys()) {
    if (t.includes(' ') || inPhrase.has(t) || !tb.has(t)) continue;
    if (a.nameWords.has(t) && b.nameWords.has(t)) continue;
    count(a.names.has(t) || b.names.has(t) || a.nameWords.has(t) || b.nameWords.has(t));
  }
  return out;
}

/** Distinct things of a feature set: each phrase once with its words, each other word once. */
function distinctThings(terms: ReadonlyMap<string, number>): number {
  const phraseWords = new Set<string>();
  let n = 0;
  for (const t of terms.keys())
    if (t.includes(' ')) {
      n += 1;
      for (const w of t.split(' ')) phraseWords.add(w);
    }
  for (const t of terms.keys()) if (!t.includes(' ') && !phraseWords.has(t)) n += 1;
  return n;
}

/** Distinct things two feature sets share (`sharedEvidence`). */
export function sharedThings(a: NamedTerms | Features, b: NamedTerms | Features): number {
  return sharedEvidence(a, b).things;
}

function top(parts: Array<[string, number]>, n: number): string[] {
  return parts
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .slice(0, n)
    .map(([t]) => t);
}
