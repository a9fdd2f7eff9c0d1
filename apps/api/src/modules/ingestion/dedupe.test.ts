import { describe, expect, it } from 'vitest';
import { selectNew, TITLE_WINDOW_MS } from './dedupe.js';
import type { NormalizedArticle } from './ingestion.types.js';

const day = 24 * 3_600_000;
const at = new Date('2026-03-01T00:00:00Z');

function article(
  link: string,
  titleKey: string,
  pubDate = at,
  sourceName = 'x',
): NormalizedArticle {
  return {
    title: titleKey,
    description: '',
    creator: [],
    pubDate,
    imageUrl: null,
    link,
    sourceName,
    sourceUrl: null,
    sourceIcon: null,
    keywords: [],
    categories: [],
    titleKey,
    origin: 'rss',
  };
}

describe('selectNew', () => {
  it("skips held links, a source's held titles within the window, and repeats inside the batch", () => {
    const { fresh, duplicates } = selectNew(
      [
        article('https://a/1', 'first story about the council'),
        article('https://a/held', 'a story with a held link'),
        article('https://b/1', 'first story about the council'), // same title and source, same batch
        article('https://a/1', 'another title same link here'), // same link, same batch
        article(
          'https://b/2',
          'story already held by title',
          new Date(at.getTime() + TITLE_WINDOW_MS),
        ),
        article(
          'https://b/3',
          'story already held by title',
          new Date(at.getTime() + TITLE_WINDOW_MS + day),
        ),
      ],
      new Set(['https://a/held']),
      [{ titleKey: 'story already held by title', sourceName: 'x', pubDate: at }],
    );
    expect(fresh.map((a) => a.link)).toEqual(['https://a/1', 'https://b/3']);
    expect(duplicates).toBe(4);
  });

  it('never de-duplicates short, generic titles by title alone', () => {
    const { fresh } = selectNew(
      [article('https://a/1', 'morning briefing'), article('https://a/2', 'morning briefing')],
      new Set(),
      [{ titleKey: 'morning briefing', sourceName: 'x', pubDate: at }],
    );
    expect(fresh).toHaveLength(2);
  });

  it("keeps another source's copy of a headline: it joins the story as another source", () => {
    const { fresh, duplicates } = selectNew(
      [
        article('https://b/1', 'quake hits the coast of chile', at, 'B News'),
        article('https://c/1', 'quake hits the coast of chile', at, 'C Times'),
        article('https://c/2', 'quake hits the coast of chile', at, 'C Times'),
      ],
      new Set(),
      [{ titleKey: 'quake hits the coast of chile', sourceName: 'A Post', pubDate: at }],
    );
    expect(fresh.map((a) => a.link)).toEqual(['https://b/1', 'https://c/1']);
    expect(duplicates).toBe(1);
  });
});
