/**
 * Article vectors: TF-IDF over title, description and keyword tokens plus a category channel,
 * unit length, sparse; cached per CorpusStats object so a warm call tokenises nothing.
 */
import {
  distinctiveTerms,
  namedEntities,
  storedSubjectFeatures,
  subjectMaxDf,
  type NamedEntity,
} from './subject-features.js';
import { articleTerms } from './text.js';
import { CATEGORY_CHANNEL } from './tunables.js';
import type { CorpusStats, RankableArticle } from './types.js';

/** Document frequencies of the article terms (the same tokens `rank` vectorises). */
export function buildCorpusStats(
  articles: Iterable<Pick<RankableArticle, 'keywords' | 'title' | 'description'>>,
): CorpusStats {
  const df = new Map<string, number>();
  let total = 0;
  for (const a of articles) {
    total += 1;
    for (const term of articleTerms(a).counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  }
  return { totalDocuments: total, documentFrequency: df };
}

export interface SparseVector {
  ids: Int32Array;
  weights: Float64Array;
}

export interface Analysis {
  title: string;
  description: string;
  keywords: readonly string[];
  categories: readonly string[];
  vector: SparseVector;
  titleTokens: readonly string[];
  /** Its stored salient terms (what the subject features were made of), if it has them. */
  terms: readonly string[] | undefined;
  /** Its story, if known: a taught article of the same story is a reason by itself. */
  storyId: string | null | undefined;
  /** What the article is about (subject-features.ts), as vocabulary ids, sorted. */
  subjectTerms: Int32Array;
  entities: ReadonlyArray<{ id: number; label: string }>;
}

/** Above this many cached articles, the cache (and its vocabulary) is reset before the next call. */
const ANALYSIS_CACHE_LIMIT = 150_000;

/**
 * Turns articles into unit-length sparse vectors (ids sorted ascending) under
 * the IDF of one CorpusStats object. One Analyzer per stats object (WeakMap),
 * caching each article's vector by id — validated against its title,
 * description, keywords and categories — so repeated calls with the same
 * stats (the API refreshing feeds) skip tokenisation. Treat a CorpusStats as
 * immutable: build a new one when the corpus changes.
 */
export class Analyzer {
  vocab = new Map<string, number>();
  cache = new Map<string, Analysis>();
  private readonly n: number;
  private readonly maxSubjectDf: number;
  constructor(private readonly stats: CorpusStats) {
    this.n = Math.max(0, stats.totalDocuments);
    this.maxSubjectDf = subjectMaxDf(this.n);
  }
  /** Called at the start of a rank call only (ids must stay stable within a call). */
  maybeReset(): void {
    if (this.cache.size > ANALYSIS_CACHE_LIMIT) {
      this.cache = new Map();
      this.vocab = new Map();
    }
  }
  private id(term: string): number {
    let id = this.vocab.get(term);
    if (id === undefined) {
      id = this.vocab.size;
      this.vocab.set(term, id);
    }
    return id;
  }
  private idf(term: string): number {
    const df = this.stats.documentFrequency.get(term) ?? 0;
    return Math.max(0.1, Math.log((this.n + 1) / (df + 1)) + 1);
  }
  analyse(a: RankableArticle): Analysis {
    const hit = this.cache.get(a.id);
    if (
      hit &&
      hit.title === a.title &&
      hit.description === a.description &&
      sameStrings(hit.keywords, a.keywords) &&
      sameStrings(hit.categories, a.categories) &&
      sameStrings(hit.terms ?? [], a.terms ?? [])
    ) {
      if (hit.storyId !== a.storyId) hit.storyId = a.storyId;
      return hit;
    }
    const { counts, titleTokens } = articleTerms(a);
    const pairs: Array<[number, number]> = [];
    const weighted: Array<{ term: string; weight: number; df: number }> = [];
    let norm = 0;
    for (const [term, tf] of counts) {
      const w = (1 + Math.log(tf)) * this.idf(term);
      pairs.push([this.id(term), w]);
      weighted.push({ term, weight: w, df: this.stats.documentFrequency.get(term) ?? 0 });
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    const cats = normalisedCategories(a.categories);
    let total = 0;
    if (norm > 0) {
      for (const p of pairs) p[1] /= norm;
      total = 1;
    }
    if (cats.length > 0) {
      const w = CATEGORY_CHANNEL / Math.sqrt(cats.length);
      for (const c of cats) pairs.push([this.id(`#${c}`), w]);
      total += CATEGORY_CHANNEL * CATEGORY_CHANNEL;
    }
    pairs.sort((x, y) => x[0] - y[0]);
    const scale = total > 0 ? 1 / Math.sqrt(total) : 0;
    // one buffer for both arrays (weights first, for alignment): less per-article overhead
    const buffer = new ArrayBuffer(pairs.length * 12);
    const weights = new Float64Array(buffer, 0, pairs.length);
    const ids = new Int32Array(buffer, pairs.length * 8, pairs.length);
    pairs.forEach(([id, w], k) => {
      ids[k] = id;
      weights[k] = w * scale;
    });
    // Stored salient terms when the article has them (lib/text), else found from the text.
    let subjectTerms: string[];
    let entities: NamedEntity[];
    if (a.terms && a.terms.length > 0) {
      ({ terms: subjectTerms, entities } = storedSubjectFeatures(a.terms, a.title, a.description));
    } else {
      subjectTerms = distinctiveTerms(weighted, this.maxSubjectDf);
      entities = namedEntities(a.keywords, a.title, a.description);
    }
    const analysis: Analysis = {
      title: a.title,
      description: a.description,
      keywords: [...a.keywords],
      categories: [...a.categories],
      vector: { ids, weights },
      titleTokens,
      terms: a.terms ? [...a.terms] : undefined,
      storyId: a.storyId,
      subjectTerms: Int32Array.from(subjectTerms.map((t) => this.id(t))).sort(),
      entities: entities
        .map((e) => ({ id: this.id(`@${e.key}`), label: e.label }))
        .sort((x, y) => x.id - y.id),
    };
    this.cache.set(a.id, analysis);
    return analysis;
  }
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const analyzers = new WeakMap<CorpusStats, Analyzer>();
export function analyzerFor(stats: CorpusStats): Analyzer {
  let analyzer = analyzers.get(stats);
  if (!analyzer) analyzers.set(stats, (analyzer = new Analyzer(stats)));
  analyzer.maybeReset();
  return analyzer;
}

export function dot(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  const ai = a.ids;
  const bi = b.ids;
  while (i < ai.length && j < bi.length) {
    const x = ai[i]!;
    const y = bi[j]!;
    if (x === y) {
      sum += a.weights[i]! * b.weights[j]!;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return sum;
}

export function normalisedCategories(categories: readonly string[]): string[] {
  const out: string[] = [];
  for (const c of categories) {
    const id = c.trim().toLowerCase();
    if (id && !out.includes(id)) out.push(id);
  }
  return out;
}
