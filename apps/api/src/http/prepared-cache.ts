import type { Request, Response } from 'express';
import type { Changes, Dependency } from '../changes/index.js';
import type { JsonText } from '../lib/json-text.js';
import type { FastLane, LaneAnswer } from './fast-lane.js';
import { PreparedBody } from './prepared-body.js';
import type { PreparedKey } from './prepared-key.js';
import { publicFor, sendPrepared } from './prepared-response.js';

export interface PreparedCacheOptions {
  /** How long a body is kept; 0 builds every answer afresh (still compressed, still with an ETag). */
  ttlMs: number;
  /** Bodies kept at most (the oldest go first). */
  maxEntries?: number;
  /** Monotonic milliseconds; injectable for tests. */
  now?: () => number;
  /** Wall-clock milliseconds (the app's clock), for RespondOptions.until. */
  clock?: () => number;
  /** The app's change notices: a body is stale once a change it depends on is announced. */
  changes: Changes;
  /** Where a visitor's answer is remembered, so the URL's next visitors skip the stack (./fast-lane.ts). */
  lane?: FastLane;
}

export interface RespondOptions<T> {
  /**
   * Stale-while-revalidate for counter changes: a body made stale only by likes, saves, shares
   * or dislikes (never by a change of the set of articles or of a feed) is still served while its data is
   * younger than this; from half of it, the first such request starts one rebuild in the
   * background. Past it, callers wait for a fresh build. So under a stream of likes the body is
   * rebuilt about twice per `staleMs`, and the counts shown are never older than `staleMs`
   * (plus the TTL's bound for changes made through other instances). 0 (the default): never
   * served stale.
   */
  staleMs?: number;
  /**
   * A time on the cache's `clock` from which the built value must not be served any more
   * (a reader's feed that is due to be rebuilt), whatever the TTL says.
   */
  until?: (value: T) => number;
}

interface Flight {
  /** articlesVersion() when the build started: it sees every change announced before. */
  version: number;
  body: Promise<PreparedBody>;
  /** The one build that starts when this one ends, shared by every caller that needs newer data. */
  queued?: Promise<PreparedBody>;
}

/** A cache of public answers: kept PUBLIC_CACHE_SECONDS, stale on the app's change notices. */
export function publicPreparedCache(
  deps: { config: { publicCacheSeconds: number }; changes: Changes },
  options: Omit<PreparedCacheOptions, 'ttlMs' | 'changes'> = {},
) {
  return createPreparedCache({
    ...options,
    ttlMs: deps.config.publicCacheSeconds * 1000,
    changes: deps.changes,
  });
}

/**
 * Prepared bodies by key (route and parsed query). At most one build per key runs at a time:
 * callers join it when it started after every change they must see, or when its body turns out
 * to show none of the changes since (or only counts within `staleMs`), otherwise they share the
 * single build queued behind it, so a stream of likes never starts a build per request.
 * A body is never served once a change it depends on was announced, except within a route's
 * `staleMs` (see RespondOptions).
 */
export function createPreparedCache({
  ttlMs,
  maxEntries = 500,
  now = () => performance.now(),
  clock = () => Date.now(),
  changes,
  lane,
}: PreparedCacheOptions) {
  const { articlesVersion, moreThanCountsChangedSince, stillValid } = changes;
  const entries = new Map<string, PreparedBody>();
  const flights = new Map<string, Flight>();

  function start<T>(
    key: string,
    load: () => Promise<T>,
    dependsOn: (value: T) => Dependency,
    until?: (value: T) => number,
  ): Promise<PreparedBody> {
    const version = articlesVersion();
    const readAt = now();
    const body = load().then((value) => {
      const prepared = new PreparedBody(value, version, dependsOn(value), now() + ttlMs);
      prepared.readAt = readAt;
      if (until) prepared.until = until(value);
      if (ttlMs > 0) {
        entries.delete(key);
        entries.set(key, prepared);
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return prepared;
    });
    const flight: Flight = { version, body };
    flights.set(key, flight);
    const done = () => {
      if (flights.get(key) === flight && !flight.queued) flights.delete(key);
    };
    body.then(done, done);
    return body;
  }

  function build<T>(
    key: string,
    load: () => Promise<T>,
    dependsOn: (value: T) => Dependency,
    staleMs: number,
    until?: (value: T) => number,
  ): Promise<PreparedBody> {
    const flight = flights.get(key);
    if (!flight) return start(key, load, dependsOn, until);
    // Joined when nothing changed since it started: a later caller must see the change.
    if (flight.version === articlesVersion()) return flight.body;
    // Something changed since it started, but perhaps nothing its body shows (a like on another
    // article), or only counts it may show stale: then its body will do, once built. Otherwise
    // the caller shares the single build queued behind it.
    const arrivedAt = now();
    const queued = () => {
      const settled = () => undefined;
      flight.queued ??= flight.body
        .then(settled, settled)
        .then(() => start(key, load, dependsOn, until));
      return flight.queued;
    };
    return flight.body.then((body) => {
      if (stillValid(body.version, body.depends)) return body;
      const age = arrivedAt - body.readAt;
      if (age < staleMs && !moreThanCountsChangedSince(body.version, body.depends)) return body;
      return queued();
    }, queued);
  }

  /**
   * The held body for `key` if it may be served: `stale` when only counters changed since and
   * its data is younger than `staleMs`; `revalidate` when it is old enough to be rebuilt now.
   */
  function lookup(
    key: string,
    staleMs: number,
  ): { body: PreparedBody; stale: boolean; revalidate: boolean } | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const at = now();
    if (entry.expiresAt > at && entry.until > clock()) {
      if (stillValid(entry.version, entry.depends))
        return { body: entry, stale: false, revalidate: false };
      const age = at - entry.readAt;
      if (age < staleMs && !moreThanCountsChangedSince(entry.version, entry.depends))
        return { body: entry, stale: true, revalidate: age >= staleMs / 2 };
    }
    entries.delete(key);
    return undefined;
  }

  const secondsLeft = (body: PreparedBody) =>
    Math.max(0, Math.floor((body.expiresAt - now()) / 1000));

  /** The held body for `key` while it is fresh (never a stale one), for the fast lane. */
  function peek(key: string): LaneAnswer | undefined {
    const body = entries.get(key);
    if (!body || body.expiresAt <= now() || body.until <= clock()) return undefined;
    if (!stillValid(body.version, body.depends)) return undefined;
    return { body, cacheControl: publicFor(secondsLeft(body)) };
  }

  return {
    /**
     * Answers with the prepared body for `key`, building it with `load` when missing or
     * stale; `dependsOn` names what the built value shows (which changes make it stale).
     * `T` is the body's type; `load` gives one, or the body already serialised (JsonText).
     */
    async respond<T, Loaded extends T | JsonText<T> = T>(
      req: Request,
      res: Response,
      /** From `preparedKey` (or the route context's): the route and its whole parsed query. */
      key: PreparedKey,
      load: () => Promise<Loaded>,
      dependsOn: (value: Loaded) => Dependency,
      { staleMs = 0, until }: RespondOptions<Loaded> = {},
    ): Promise<void> {
      const held = lookup(key, staleMs);
      if (held?.stale) {
        // The previous body (not cacheable downstream); one rebuild in the background.
        if (held.revalidate && !flights.has(key))
          start(key, load, dependsOn, until).catch(() => undefined);
        return sendPrepared(req, res, held.body, publicFor(0));
      }
      const body = held?.body ?? (await build(key, load, dependsOn, staleMs, until));
      // A body joined within its stale window is not cacheable downstream either.
      const fresh = stillValid(body.version, body.depends);
      await sendPrepared(req, res, body, publicFor(fresh ? secondsLeft(body) : 0));
      if (lane && fresh && ttlMs > 0) lane.remember(req, res, () => peek(key));
    },
    /** Bodies held now (for tests and diagnostics). */
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}

export type PreparedCache = ReturnType<typeof createPreparedCache>;
