import type { StoryIndex } from '../stories/index.js';
import type { Changes } from '../../changes/index.js';
import type { BulkArticle } from '../articles/index.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { FeedSpec } from './default-feeds.js';
import type { FetchFn, FetchLimits } from './fetch.types.js';
import type { Wait } from './polite.js';

export type SourceKind = 'rss' | 'newsdata';

export interface IngestionDeps {
  db: Database;
  config: Pick<Config, 'ingest'> & Partial<Pick<Config, 'storyWindowHours'>>;
  logger: Logger;
  clock: Clock;
  /** Told when articles were added, so cached answers that show the old set are dropped. */
  changes: Changes;
  /** Defaults to the global fetch. */
  fetch?: FetchFn;
  /** Per-request timeout and size cap (defaults: 15 s, 5 MB). */
  limits?: Partial<FetchLimits>;
  /** Aborting stops the run early (used when the server shuts down). */
  signal?: AbortSignal;
  /** The stories held between runs (the schedule keeps one); without, each run rebuilds them. */
  stories?: StoryIndex;
  /** The curated list read when `config.ingest.defaultFeeds` (default: DEFAULT_FEEDS). */
  defaultFeeds?: readonly FeedSpec[];
  /** The pause between two requests to one host (default: a timer; tests move their clock). */
  wait?: Wait;
  /** Fetch sources that are backing off too (the CLI: an operator asks for a run now). */
  ignoreBackoff?: boolean;
}

/** One item as a source gave it, before normalisation. Every field may be missing or dirty. */
export interface RawItem {
  title?: string;
  link?: string;
  /** May contain HTML. */
  description?: string;
  creators: string[];
  /** Date text (ISO 8601 or RFC 822). */
  published?: string;
  /** Image URLs, best first; the first http(s) one wins. */
  imageCandidates: string[];
  /** The source's own category words (RSS <category>, Atom term, NewsData category[]). */
  categories: string[];
  sourceName?: string;
  sourceUrl?: string;
  sourceIcon?: string;
}

/** A clean article, ready to insert: the articles feature's bulk shape, from a feed or NewsData. */
export type NormalizedArticle = BulkArticle & { origin: SourceKind };

export interface SourceReport {
  /** The feed URL, or the NewsData endpoint without the API key. */
  url: string;
  kind: SourceKind;
  ok: boolean;
  /** Items the source returned: fetched = inserted + duplicates + invalid. */
  fetched: number;
  inserted: number;
  duplicates: number;
  /** Items without a usable title or http(s) link. */
  invalid: number;
  error?: string;
  /** The publisher's name from the list, when it gives one. */
  publisher?: string;
  /** Unchanged since the last fetch (HTTP 304 to a conditional request): nothing read. */
  notModified?: true;
  /** Not fetched: the source is backing off after failures until then (ISO 8601). */
  backoffUntil?: string;
}

export interface IngestionResult {
  sources: SourceReport[];
  inserted: number;
  duplicates: number;
}
