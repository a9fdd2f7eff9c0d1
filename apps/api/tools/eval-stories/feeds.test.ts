import { describe, expect, it } from 'vitest';
import { parseFeed } from '../../src/modules/ingestion/rss-source.js';
import { feedsOf, rssDocument, startFeedServer, SYNTHETIC_BASE } from './feeds.js';
import type { LabelledHeadline } from './run.js';

const row = (id: number, publisher: string, minute: number, extra: Partial<LabelledHeadline>) => ({
  id,
  title: `Headline ${id}`,
  publisher,
  story: 's',
  published_at: new Date(Date.UTC(2014, 2, 10, 12, minute)).toISOString(),
  ...extra,
});

describe('the RSS eval feeds', () => {
  const rows: LabelledHeadline[] = [
    row(1, 'A & B News', 0, {
      title: 'S&P 500 <tops> "record" high',
      url: 'http://a.example/1?utm_source=x#top',
      hostname: 'a.example',
    }),
    row(2, 'Other', 1, { url: 'http://a.example/1' }), // the same stored link as row 1
    row(3, 'A & B News', 2, { url: 'not a url' }),
    row(4, 'Other', 3, {}),
  ];

  it('gives each publisher a feed and each row a link of its own', () => {
    const feeds = feedsOf(rows);
    expect(feeds.map((f) => [f.publisher, f.items.map((i) => i.row)])).toEqual([
      ['A & B News', [0, 2]],
      ['Other', [1, 3]],
    ]);
    const items = feeds.flatMap((f) => f.items).sort((a, b) => a.row - b.row);
    expect(items.map((i) => i.storedLink)).toEqual([
      'http://a.example/1',
      `${SYNTHETIC_BASE}1`,
      `${SYNTHETIC_BASE}2`,
      `${SYNTHETIC_BASE}3`,
    ]);
    expect(items.map((i) => i.synthetic)).toEqual([false, true, true, true]);
  });

  it('writes feeds that ingestion reads back as they were', async () => {
    const [feed] = feedsOf(rows);
    const parsed = await parseFeed(rssDocument(feed!, feed!.items), 'http://127.0.0.1/feeds/0.xml');
    expect(parsed.map((p) => [p.title, p.link, p.sourceName, p.sourceUrl])).toEqual([
      [`Headline 3`, `${SYNTHETIC_BASE}2`, 'A & B News', 'http://a.example/'],
      [
        'S&P 500 <tops> "record" high',
        'http://a.example/1?utm_source=x#top',
        'A & B News',
        'http://a.example/',
      ],
    ]);
    expect(new Date(parsed[1]!.published!).toISOString()).toBe('2014-03-10T12:00:00.000Z');
  });

  it('serves each feed as it stood at the time set', async () => {
    const feeds = feedsOf(rows);
    const server = await startFeedServer(feeds, 1);
    try {
      const titles = async () => {
        const xml = await (await fetch(server.url(feeds[0]!))).text();
        return (await parseFeed(xml, server.url(feeds[0]!))).map((p) => p.title);
      };
      expect(await titles()).toEqual([]);
      server.showUntil(Date.parse(rows[0]!.published_at));
      expect(await titles()).toEqual([rows[0]!.title]);
      server.showUntil(Date.parse(rows[3]!.published_at));
      expect(await titles()).toEqual(['Headline 3']); // its newest item only
    } finally {
      await server.close();
    }
  });
});
