import { dateTextHasTime, splitAuthors } from '../articles/index.js';
import { normalizeTitle, understandArticle, type PhraseCorpus } from '../../lib/text/index.js';
import type { NormalizedArticle, RawItem, SourceKind } from './ingestion.types.js';
import { absoluteHttpUrl, canonicalLink } from './links.js';
import { collapseWhitespace, htmlToText, truncate } from './text.js';

export const MAX_TITLE_CHARS = 300;
export const MAX_DESCRIPTION_CHARS = 1000;
const MAX_CREATORS = 5;
const MAX_CREATOR_CHARS = 100;
/** Dates before this are feed bugs (epoch 0, year 1), not news. */
const EARLIEST_PLAUSIBLE_DATE = Date.UTC(1995, 0, 1);

/**
 * A clean article from a raw item, or undefined when the item has no title or
 * no http(s) link, understood by lib/text (categories, terms weighed in `corpus`, words).
 */
export function normalizeItem(
  raw: RawItem,
  origin: SourceKind,
  now: Date,
  corpus?: PhraseCorpus,
): NormalizedArticle | undefined {
  const title = truncate(htmlToText(raw.title ?? ''), MAX_TITLE_CHARS);
  const link = canonicalLink(raw.link);
  if (!title || !link) return undefined;
  const description = truncate(htmlToText(raw.description ?? ''), MAX_DESCRIPTION_CHARS);
  const understood = understandArticle(
    { title, description, sourceCategories: raw.categories },
    corpus,
  );
  return {
    title,
    description,
    creator: cleanCreators(raw.creators),
    pubDate: publicationDate(raw.published, now),
    pubDateHasTime: dateTextHasTime(raw.published),
    imageUrl: firstHttpUrl(raw.imageCandidates, link) ?? null,
    link,
    sourceName: htmlToText(raw.sourceName ?? '') || new URL(link).hostname.replace(/^www\./, ''),
    sourceUrl: absoluteHttpUrl(raw.sourceUrl) ?? null,
    sourceIcon: absoluteHttpUrl(raw.sourceIcon) ?? null,
    keywords: understood.keywords,
    categories: understood.categories,
    categoryScores: understood.categoryScores,
    sourceCategory: raw.categories[0] ?? null,
    terms: understood.terms,
    termWeights: understood.termWeights,
    words: understood.words,
    titleKey: normalizeTitle(title),
    origin,
  };
}

/** The item's date when valid and plausible; a future date is clamped to now; missing → now. */
export function publicationDate(text: string | undefined, now: Date): Date {
  const parsed = text ? new Date(text.trim()) : undefined;
  const time = parsed?.getTime();
  if (time === undefined || Number.isNaN(time) || time < EARLIEST_PLAUSIBLE_DATE) return now;
  return time > now.getTime() ? now : new Date(time);
}

/**
 * Author names: HTML stripped, "jane@example.com (Jane Doe)" → "Jane Doe",
 * bare e-mail addresses dropped, "A, B and C" split, duplicates removed.
 */
export function cleanCreators(raw: readonly string[]): string[] {
  const names: string[] = [];
  for (const entry of raw) {
    const text = htmlToText(entry);
    const named = /^\S+@\S+\s*\(([^)]+)\)$/.exec(text)?.[1] ?? text;
    for (const name of splitAuthors(named)) {
      const clean = collapseWhitespace(name).slice(0, MAX_CREATOR_CHARS);
      if (clean && !/^\S+@\S+\.\S+$/.test(clean) && !names.includes(clean)) names.push(clean);
    }
  }
  return names.slice(0, MAX_CREATORS);
}

function firstHttpUrl(candidates: readonly string[], base: string): string | undefined {
  for (const candidate of candidates) {
    const url = absoluteHttpUrl(candidate, base);
    if (url) return url;
  }
  return undefined;
}
