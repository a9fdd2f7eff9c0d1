import type { NormalizedArticle } from './ingestion.types.js';

/**
 * Two articles of one source with the same title key are one article (republished, or fetched
 * from two of its feeds) when published within this of each other. Another source's copy is
 * kept: it joins the same story as another source (stories module).
 */
export const TITLE_WINDOW_MS = 14 * 24 * 3_600_000;
/** Shorter title keys ("Morning briefing", "Live updates") recur legitimately: link de-dup only. */
export const MIN_TITLE_KEY_WORDS = 4;

export interface HeldTitle {
  titleKey: string;
  sourceName: string;
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
 * MIN_TITLE_KEY_WORDS words) matches a held article of the same source published within
 * TITLE_WINDOW_MS — "held" includes the earlier items of the same batch.
 */
export function selectNew(
  candidates: readonly NormalizedArticle[],
  heldLinks: ReadonlySet<string>,
  heldTitles: readonly HeldTitle[],
): { fresh: NormalizedArticle[]; duplicates: number } {
  const links = new Set(heldLinks);
  const titles = new Map<string, number[]>();
  const keyOf = (t: { titleKey: string; sourceName: string }) => `${t.sourceName}\n${t.titleKey}`;
  const remember = (held: HeldTitle) => {
    if (!isTitleDedupable(held.titleKey)) return;
    titles.set(keyOf(held), [...(titles.get(keyOf(held)) ?? []), held.pubDate.getTime()]);
  };
  for (const held of heldTitles) remember(held);

  const fresh: NormalizedArticle[] = [];
  for (const candidate of candidates) {
    const time = candidate.pubDate.getTime();
    const republished = (titles.get(keyOf(candidate)) ?? []).some(
      (t) => Math.abs(t - time) <= TITLE_WINDOW_MS,
    );
    if (links.has(candidate.link) || republished) continue;
    links.add(candidate.link);
    remember(candidate);
    fresh.push(candidate);
  }
  return { fresh, duplicates: candidates.length - fresh.length };
}
