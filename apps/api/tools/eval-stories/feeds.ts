import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalLink } from '../../src/modules/ingestion/links.js';
import type { LabelledHeadline } from './run.js';

/** A labelled row as one publisher's feed serves it. */
export interface FeedItem {
  /** Index of the row in the stream. */
  row: number;
  title: string;
  /** What the feed's <link> says: the row's url, or a synthetic one (see `feedsOf`). */
  link: string;
  /** The link as ingestion stores it (canonicalLink): what the eval reads the story back by. */
  storedLink: string;
  /** Whether `link` is synthetic: the row had no usable url, or another row's. */
  synthetic: boolean;
  publishedAt: number;
}

export interface PublisherFeed {
  /** Path on the feed server: /feeds/<n>.xml */
  path: string;
  publisher: string;
  /** The channel <link> (the publisher's site), when the rows name a hostname. */
  site?: string;
  /** Oldest first. */
  items: FeedItem[];
}

/** The base of the synthetic links; `.invalid` is reserved (RFC 2606): it names no real site. */
export const SYNTHETIC_BASE = 'https://stories-eval.invalid/item/';

/**
 * One feed per publisher, in the order publishers first appear. Each item links to its row's
 * url; a row without an http(s) url, or whose stored form another row already has, gets a
 * synthetic link of its own so every labelled row stays one article.
 */
export function feedsOf(rows: readonly LabelledHeadline[]): PublisherFeed[] {
  const feeds = new Map<string, PublisherFeed>();
  const taken = new Set<string>();
  rows.forEach((row, i) => {
    let feed = feeds.get(row.publisher);
    if (!feed) {
      feed = {
        path: `/feeds/${feeds.size}.xml`,
        publisher: row.publisher,
        site: row.hostname ? `http://${row.hostname}/` : undefined,
        items: [],
      };
      feeds.set(row.publisher, feed);
    }
    let link = row.url ?? '';
    let stored = canonicalLink(link);
    const synthetic = !stored || taken.has(stored);
    if (synthetic) {
      link = `${SYNTHETIC_BASE}${i}`;
      stored = canonicalLink(link)!;
    }
    taken.add(stored!);
    feed.items.push({
      row: i,
      title: row.title,
      link,
      storedLink: stored!,
      synthetic,
      publishedAt: Date.parse(row.published_at),
    });
  });
  return [...feeds.values()];
}

/** Text for XML: the five special characters escaped, characters XML 1.0 forbids dropped. */
function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- these are the characters removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** An RSS 2.0 document of `items`, newest first, as a publisher serves it. */
export function rssDocument(feed: PublisherFeed, items: readonly FeedItem[]): string {
  const entries = [...items]
    .reverse()
    .map(
      (item) =>
        `<item><title>${xmlText(item.title)}</title><link>${xmlText(item.link)}</link>` +
        `<guid isPermaLink="false">lede-eval-${item.row}</guid>` +
        `<pubDate>${new Date(item.publishedAt).toUTCString()}</pubDate></item>`,
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0"><channel>',
    `<title>${xmlText(feed.publisher)}</title>`,
    feed.site ? `<link>${xmlText(feed.site)}</link>` : '',
    `<description>${xmlText(feed.publisher)}</description>`,
    ...entries,
    '</channel></rss>',
  ].join('\n');
}

export interface FeedServer {
  url(feed: PublisherFeed): string;
  /** Items published up to this time are served (each feed's newest `itemsPerFeed`). */
  showUntil(time: number): void;
  requests(): number;
  close(): Promise<void>;
}

/** Serves every publisher's feed on 127.0.0.1 as it stood at the time last set. */
export async function startFeedServer(
  feeds: readonly PublisherFeed[],
  itemsPerFeed: number,
): Promise<FeedServer> {
  const byPath = new Map(feeds.map((f) => [f.path, f]));
  let until = -Infinity;
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    const feed = byPath.get(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    if (!feed) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    const visible = feed.items.filter((item) => item.publishedAt <= until).slice(-itemsPerFeed);
    res.setHeader('content-type', 'application/rss+xml; charset=utf-8');
    res.end(rssDocument(feed, visible));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: (feed) => `http://127.0.0.1:${port}${feed.path}`,
    showUntil: (time) => {
      until = time;
    },
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
