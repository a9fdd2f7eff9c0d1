import type { NormalizedArticle } from './ingestion.types.js';

/** Two articles with the same title key are one story when published within this of each other. */
export const TITLE_WINDOW_MS = 14 * 24 * 3_600_000;
/** Shorter title keys ("Morning briefing", "Live updates") recur legitimately: link de-dup only. */
export const MIN_TITLE_KEY_WORDS = 4;

export interface HeldTitle {
  titleKey: string;
  pubDate: Date;
}

export function isTitleDedupable(titleKey: string): boolean {
  return titleKey.split(' ').filter(Boolean).length >= MIN_TITLE_KEY_WORDS;
}

/** The pub_date range whose held titles can collide with `candidates`. */
export function titleWindow(
  candidates: readonly NormalizedArticle[],
): { from: Date; to: Date } | undefined {
  const times = candidates
    .filter((c) => isTitleDedupable(c.titleKey))
    .map((c) => c.pubDate.getTime());
  if (times.length === 0) return undefined;
  return {
    from: new Date(Math.min(...times) - TITLE_WINDOW_MS),
    to: new Date(Math.max(...times) + TITLE_WINDOW_MS),
  };
}

/**
 * Splits a batch into what is new and how many are duplicates. An item is a
 * duplicate when its link is already held, or its title key (of at least
 * MIN_TITLE_KEY_WORDS words) matches a held article published within
 * TITLE_WINDOW_MS — "held" includes the earlier items of the same batch.
 */
export function selectNew(
  candidates: readonly NormalizedArticle[],
  heldLinks: ReadonlySet<string>,
  heldTitles: readonly HeldTitle[],
): { fresh: NormalizedArticle[]; duplicates: number } {
  const links = new Set(heldLinks);
  const titles = new Map<string, number[]>();
  const remember = (titleKey: string, pubDate: Date) => {
    if (!isTitleDedupable(titleKey)) return;
    titles.set(titleKey, [...(titles.get(titleKey) ?? []), pubDate.getTime()]);
  };
  for (const held of heldTitles) remember(held.titleKey, held.pubDate);

  const fresh: NormalizedArticle[] = [];
  for (const candidate of candidates) {
    const time = candidate.pubDate.getTime();
    const sameStory = (titles.get(candidate.titleKey) ?? []).some(
      (t) => Math.abs(t - time) <= TITLE_WINDOW_MS,
    );
    if (links.has(candidate.link) || sameStory) continue;
    links.add(candidate.link);
    remember(candidate.titleKey, candidate.pubDate);
    fresh.push(candidate);
  }
  return { fresh, duplicates: candidates.length - fresh.length };
}
