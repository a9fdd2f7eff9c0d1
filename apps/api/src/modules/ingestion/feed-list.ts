import type { Config } from '../../config.js';
import { DEFAULT_FEEDS, type FeedSpec } from './default-feeds.js';

/** Where a feed of the list comes from. */
export type FeedOrigin = 'configured' | 'default' | 'imported';

export interface ListedFeed extends FeedSpec {
  origin: FeedOrigin;
}

/**
 * The feeds a run reads, in this order (on a story two carry, the earlier wins): INGEST_FEEDS's
 * URLs, the default list when it is on, then the imported feeds when they are on. Each URL once;
 * a configured URL of the default list keeps its publisher and category.
 */
export function feedList(
  ingest: Config['ingest'],
  imported: readonly FeedSpec[],
  defaults: readonly FeedSpec[] = DEFAULT_FEEDS,
): ListedFeed[] {
  const known = new Map(defaults.map((feed) => [feed.url, feed]));
  const list = new Map<string, ListedFeed>();
  const add = (feed: FeedSpec, origin: FeedOrigin) => {
    if (!list.has(feed.url)) list.set(feed.url, { ...feed, origin });
  };
  for (const url of ingest.feeds) add(known.get(url) ?? { url }, 'configured');
  if (ingest.defaultFeeds) for (const feed of defaults) add(feed, 'default');
  if (ingest.importedFeeds) for (const feed of imported) add(feed, 'imported');
  return [...list.values()];
}
