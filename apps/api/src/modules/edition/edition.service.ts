import { MESSAGES, type EditionSettings } from '@lede/shared';
import type { DbExecutor } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import type { createFeedService } from '../feed/index.js';
import { usersRepository, type UserRow } from '../users/index.js';
import { editionMail, type EditionEntry } from './edition-mail.js';
import { editionRepository as repo, type DueEdition } from './edition.repository.js';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

type FeedService = ReturnType<typeof createFeedService>;
type FeedRow = Awaited<ReturnType<FeedService['get']>>['items'][number];

/** Stories an edition carries at most. */
export const EDITION_SIZE = 10;
/** How far back the stories of earlier editions are left out of a new one. */
const SENT_MEMORY_MS = 30 * 24 * 3_600_000;

/** Forgets editions older than SENT_MEMORY_MS, which no new edition reads (maintenance). */
export const pruneEditions = (db: DbExecutor, now: Date) =>
  repo.prune(db, new Date(now.getTime() - SENT_MEMORY_MS));

export const UNSUBSCRIBE_PATH = '/api/edition/unsubscribe';

/** What a reader sees before choosing: off, 07:00 daily in their profile's time zone. */
const defaultSettings = (user: UserRow): EditionSettings => ({
  frequency: 'off',
  weekday: null,
  time: '07:00',
  timezone: user.timezone,
});

/**
 * The top of the feed, one entry per story, that is new since the last edition: never mailed
 * before, and reported (ingested) since the last edition that was sent. At most EDITION_SIZE.
 */
function newStories(items: FeedRow[], history: { storyIds: Set<string>; lastSentAt?: Date }) {
  const seen = new Set<string>();
  const fresh: Array<{ storyId: string; row: FeedRow }> = [];
  for (const row of items) {
    const storyId = row.article.story?.[0] ?? row.article.id;
    if (seen.has(storyId)) continue;
    seen.add(storyId);
    if (history.storyIds.has(storyId)) continue;
    if (history.lastSentAt && row.article.ingestedAt <= history.lastSentAt) continue;
    fresh.push({ storyId, row });
    if (fresh.length === EDITION_SIZE) break;
  }
  return fresh;
}

export type EditionService = ReturnType<typeof createEditionService>;

export function createEditionService(
  {
    db,
    clock,
    config,
    logger,
    outbox,
  }: Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'outbox'>,
  feeds: FeedService,
) {
  const appUrl = (path: string) => `${config.appOrigin}${path}`;
  const unsubscribeUrl = (userId: string, now: Date) =>
    appUrl(`${UNSUBSCRIBE_PATH}?token=${signUnsubscribeToken(config.jwtSecret, userId, now)}`);

  const entryOf = (storyId: string, row: FeedRow): EditionEntry => ({
    title: row.article.title,
    url: appUrl(row.article.story ? `/story/${storyId}` : `/article/${row.article.id}`),
    sourceName: row.article.sourceName,
    reason: row.reasons[0] ?? 'Top of your feed',
    sources: row.article.story?.[2] ?? 1,
  });

  /**
   * Builds one reader's edition and records it with its mail in one transaction: of two
   * instances building it at once, the second finds the row and sends nothing; a crash before
   * the commit leaves nothing, and the next tick builds it again. Nothing new: the date is
   * recorded as `empty`, so later ticks that day do not build it again.
   */
  async function send({ userId, editionDate }: DueEdition, now: Date): Promise<boolean> {
    const [user, settings] = await Promise.all([
      usersRepository.findById(db, userId),
      repo.settingsOf(db, userId),
    ]);
    if (!user || !settings || settings.frequency === 'off') return false;
    const { frequency } = settings;
    const feed = await feeds.get(user);
    const history = await repo.history(db, userId, new Date(now.getTime() - SENT_MEMORY_MS));
    const stories = newStories(feed.items, history);
    const queued = await db.transaction(async (tx) => {
      const claimed = await repo.claim(tx, {
        userId,
        editionDate,
        status: stories.length > 0 ? 'sent' : 'empty',
        storyIds: stories.map((s) => s.storyId),
        createdAt: now,
      });
      if (!claimed || stories.length === 0) return false;
      const mail = editionMail({
        to: user.email,
        name: user.name,
        frequency,
        editionDate,
        entries: stories.map((s) => entryOf(s.storyId, s.row)),
        unsubscribeUrl: unsubscribeUrl(userId, now),
        settingsUrl: appUrl('/profile'),
      });
      await outbox.queue(tx, mail);
      return true;
    });
    if (queued) outbox.wake();
    return queued;
  }

  return {
    async settings(user: UserRow): Promise<EditionSettings> {
      return (await repo.settingsOf(db, user.id)) ?? defaultSettings(user);
    },

    async saveSettings(user: UserRow, settings: EditionSettings): Promise<EditionSettings> {
      if (!(await usersRepository.isTimezoneKnown(db, settings.timezone))) {
        throw ApiError.badRequest(MESSAGES.validation.invalidTimezone);
      }
      const weekday = settings.frequency === 'weekly' ? settings.weekday : null;
      return repo.saveSettings(db, user.id, { ...settings, weekday }, clock.now());
    },

    /** Whether an unsubscribe link's token holds (its page then shows the button). */
    isValidToken(token: string): boolean {
      return verifyUnsubscribeToken(config.jwtSecret, token, clock.now()) !== undefined;
    },

    /** Turns the edition off for the reader a valid token names; false for a bad token. */
    async unsubscribe(token: string): Promise<boolean> {
      const now = clock.now();
      const userId = verifyUnsubscribeToken(config.jwtSecret, token, now);
      if (!userId) return false;
      await repo.turnOff(db, userId, now);
      return true;
    },

    /**
     * Sends every edition due at the app clock's now (the queue's tick calls it); answers how
     * many left. One reader's failure is logged and retried by the next tick.
     */
    async sendDue(): Promise<number> {
      const now = clock.now();
      let sent = 0;
      for (const due of await repo.due(db, now)) {
        try {
          if (await send(due, now)) sent += 1;
        } catch (err) {
          logger.warn({ err, userId: due.userId }, 'daily edition could not be built');
        }
      }
      return sent;
    },
  };
}
