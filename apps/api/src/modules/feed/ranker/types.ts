/** The ranker's contract: what it is given and what it returns (see README.md). */

export interface RankableArticle {
  id: string;
  title: string;
  description: string;
  keywords: string[];
  categories: string[];
  sourceName: string;
  pubDate: Date;
  titleKey: string;
  likes: number;
  dislikes: number;
  saves: number;
  shares: number;
  views: number;
  /** The story it belongs to (stories module); absent where stories are not known (the eval). */
  storyId?: string | null;
  /**
   * Its salient names, noun phrases and nouns, heaviest first, with their weights (lib/text,
   * stored with the article): what its subjects, reasons and story matches are made of. Absent
   * (an older caller), they are found from the text.
   */
  terms?: readonly string[];
  termWeights?: readonly number[];
}
export type HistoryAction = 'like' | 'dislike' | 'save' | 'share' | 'read';
/** What a reader did with a story: an action on one of its reports, or "fewer like this". */
export type StoryAction = HistoryAction | 'fewer';
export interface HistoryEvent {
  article: RankableArticle;
  action: HistoryAction;
  at: Date;
}

/** What the reader told the feed directly (reader controls). All optional. */
export interface ReaderControls {
  /** Source names whose articles never appear. */
  hiddenSources?: ReadonlySet<string>;
  /** "Fewer like this": category id → how many times (each halves the category's score). */
  mutedCategories?: ReadonlyMap<string, number>;
  /** "Fewer like this": topic word → how many times (each takes a quarter off). */
  mutedKeywords?: ReadonlyMap<string, number>;
  /** Articles the reader asked fewer of: never shown again. */
  fewerArticleIds?: ReadonlySet<string>;
  /** Learned topics the reader removed: category id → when; earlier events do not teach it. */
  forgottenTopics?: ReadonlyMap<string, Date>;
  /** Steering: category id → up, down or off. */
  steeredCategories?: ReadonlyMap<string, Steering>;
  /**
   * Steering of subjects, each named by its features (vocabulary terms, `@` + a named entity's
   * key); a candidate is on one when it shares at least min(2, features) of them.
   */
  steeredSubjects?: ReadonlyArray<SteeredSubject>;
}
export type Steering = 'up' | 'down' | 'off';
export interface SteeredSubject {
  key: string;
  features: readonly string[];
  state: Steering;
}

export interface RankUser {
  interests: string[];
  history: HistoryEvent[];
  controls?: ReaderControls;
}
/** Document frequencies over the article terms (title + description + keyword tokens). */
export interface CorpusStats {
  totalDocuments: number;
  documentFrequency: ReadonlyMap<string, number>;
}
export interface RankContext {
  /** Anchor for recency/freshness (the API passes min(clock, newest article) logic itself). */
  now: Date;
  /** Deterministic tie-breaking. */
  seed: number;
  /** How many to return. */
  limit: number;
  stats: CorpusStats;
  /** candidateId → "readers who liked what you liked also liked this". */
  coEngagement?: ReadonlyMap<string, { score: number; viaTitle?: string }>;
  /**
   * Freshness half-lives are multiplied by this (default 1). The feed builder raises it when
   * it had to widen the candidate pool to older articles, so that age weighs less.
   */
  freshnessStretch?: number;
}
export interface RankedArticle {
  article: RankableArticle;
  /** Blended relevance, made strictly decreasing along the returned order (sort by it safely). */
  score: number;
  reasons: string[];
  /** interest, content, subject, coEngagement, popularity, freshness (each in [0, 1]) and relevance. */
  signals: Record<string, number>;
}

export type SignalName =
  'interest' | 'content' | 'subject' | 'coEngagement' | 'popularity' | 'freshness';
export type Weights = Readonly<Record<SignalName, number>>;
