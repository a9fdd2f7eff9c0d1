import { describe, expect, it } from 'vitest';
import type { RawItem } from './ingestion.types.js';
import { cleanCreators, normalizeItem, publicationDate } from './normalize-item.js';

const now = new Date('2030-03-10T09:00:00Z');
const raw = (fields: Partial<RawItem>): RawItem => ({
  creators: [],
  imageCandidates: [],
  categories: [],
  ...fields,
});

describe('publicationDate', () => {
  it('parses RFC 822 and ISO dates', () => {
    expect(publicationDate('Mon, 02 Mar 2026 09:15:00 GMT', now)).toEqual(
      new Date('2026-03-02T09:15:00Z'),
    );
    expect(publicationDate('2026-03-02T09:15:00+01:00', now)).toEqual(
      new Date('2026-03-02T08:15:00Z'),
    );
  });

  it('clamps the future to now; missing, invalid or implausible dates become now', () => {
    expect(publicationDate('2031-01-01T00:00:00Z', now)).toEqual(now);
    expect(publicationDate(undefined, now)).toEqual(now);
    expect(publicationDate('yesterday-ish', now)).toEqual(now);
    expect(publicationDate('1970-01-01T00:00:00Z', now)).toEqual(now);
  });
});

describe('normalizeItem: the time of day, only where the source gave one', () => {
  const item = (published?: string) =>
    normalizeItem(
      raw({ title: 'Storm reaches the coast', link: 'https://a.example/1', published }),
      'rss',
      now,
    );
  it('keeps a time given with the date, and says when there was none', () => {
    expect(item('Mon, 02 Mar 2026 09:15:00 GMT')?.pubDateHasTime).toBe(true);
    expect(item('2026-03-02T09:15:00Z')?.pubDateHasTime).toBe(true);
    expect(item('Mon, 02 Mar 2026')?.pubDateHasTime).toBe(false);
    expect(item('2026-03-02')?.pubDateHasTime).toBe(false);
    expect(item(undefined)?.pubDateHasTime).toBe(false);
  });
});

describe('cleanCreators', () => {
  it('keeps names, unwraps "email (Name)", drops bare e-mails, splits lists and de-duplicates', () => {
    expect(
      cleanCreators([
        '<b>Ada Lovelace</b>',
        'desk@example.com (Jane Doe)',
        'desk@example.com',
        'A. One and B. Two',
        'Ada Lovelace',
      ]),
    ).toEqual(['Ada Lovelace', 'Jane Doe', 'A. One', 'B. Two']);
  });
});

describe('normalizeItem', () => {
  it('skips items without a title or without an http(s) link', () => {
    expect(
      normalizeItem(raw({ title: '  <b></b> ', link: 'https://example.com/a' }), 'rss', now),
    ).toBeUndefined();
    expect(normalizeItem(raw({ title: 'A title' }), 'rss', now)).toBeUndefined();
    expect(
      normalizeItem(raw({ title: 'A title', link: 'ftp://example.com/a' }), 'rss', now),
    ).toBeUndefined();
  });

  it('puts the source category first, then text categories; keywords carry the primary only', () => {
    const article = normalizeItem(
      raw({
        title: 'Senate votes on new climate bill',
        link: 'https://example.com/a',
        description: 'Lawmakers debated emissions targets.',
        categories: ['Politics'],
      }),
      'rss',
      now,
    )!;
    expect(article.categories[0]).toBe('politics');
    expect(article.categories).toContain('environment');
    expect(article.keywords[0]).toBe('politics');
    expect(article.keywords).not.toContain('environment');
    expect(article.sourceCategory).toBe('Politics');
    expect(article.terms).toEqual(expect.arrayContaining(['climate bill']));
    expect(article.termWeights).toHaveLength(article.terms!.length);
    expect(article.words).toEqual(expect.arrayContaining(['senate', 'climate', 'emission']));
    expect(article.titleKey).toBe('senate votes on new climate bill');
  });

  it('caps the description, takes the first http(s) image and falls back to the host as source name', () => {
    const article = normalizeItem(
      raw({
        title: 'Title',
        link: 'https://www.example.com/a',
        description: `<p>${'long text '.repeat(200)}</p>`,
        imageCandidates: ['data:image/png;base64,xx', '/img/a.jpg'],
      }),
      'rss',
      now,
    )!;
    expect(article.description.length).toBeLessThanOrEqual(1000);
    expect(article.imageUrl).toBe('https://www.example.com/img/a.jpg');
    expect(article.sourceName).toBe('example.com');
    expect(article.pubDate).toEqual(now);
  });
});
