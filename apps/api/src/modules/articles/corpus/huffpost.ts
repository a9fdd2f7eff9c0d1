import {
  categorizeDetailed,
  understandArticle,
  type CategorizeResult,
  type PhraseCorpus,
} from '../../../lib/text/index.js';
import type { SeedRecord } from './seed-file.js';

/** One line of the "News Category Dataset" (news-category-sample.jsonl). */
export interface HuffPostItem {
  link: string;
  headline: string;
  category: string;
  short_description: string;
  authors: string;
  date: string;
}

/** "A, B and C, AP" → ["A", "B", "C", "AP"]; "" → []. */
export function splitAuthors(authors: string | null | undefined): string[] {
  return (authors ?? '')
    .split(/,|\s+and\s+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/** "2022-09-23" → "2022-09-23T12:00:00.000Z": the real date, at noon UTC, never shifted. */
export function noonUtc(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!m) throw new Error(`bad date: ${JSON.stringify(date)}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d, 12, 0, 0));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d) {
    throw new Error(`bad date: ${JSON.stringify(date)}`);
  }
  return at.toISOString();
}

/**
 * Maps one dataset item to a seed record (plus the categorisation details); its keywords are
 * weighed in `corpus` (the whole dataset, when building the seed).
 */
export function huffPostToSeedRecord(
  item: HuffPostItem,
  corpus?: PhraseCorpus,
): {
  record: SeedRecord;
  detail: CategorizeResult;
} {
  const title = item.headline.trim();
  const description = (item.short_description ?? '').trim();
  const detail = categorizeDetailed({ sourceCategories: [item.category], title, description });
  const understood = understandArticle(
    { title, description, sourceCategories: [item.category] },
    corpus,
  );
  const record: SeedRecord = {
    link: item.link.trim(),
    title,
    description,
    creator: splitAuthors(item.authors),
    pubDate: noonUtc(item.date),
    source_name: 'HuffPost',
    source_url: 'https://www.huffpost.com',
    source_icon: null,
    image_url: null,
    source_category: item.category,
    categories: understood.categories,
    category_scores: understood.categoryScores,
    keywords: understood.keywords,
    terms: understood.terms,
    term_weights: understood.termWeights,
  };
  return { record, detail };
}

/** Newest first, then by link — the order of the seed file. */
export function compareSeedRecords(a: SeedRecord, b: SeedRecord): number {
  if (a.pubDate !== b.pubDate) return a.pubDate < b.pubDate ? 1 : -1;
  if (a.link !== b.link) return a.link < b.link ? -1 : 1;
  return 0;
}
