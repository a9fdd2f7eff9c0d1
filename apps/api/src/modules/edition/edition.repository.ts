import { WEEKDAYS, type EditionSettings } from '@lede/shared';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { editionSettings, editions, type EDITION_STATUSES } from '../../db/schema.js';

/** How late an edition may still leave after its time, the same local day (a restart, a backlog). */
export const CATCH_UP_MINUTES = 180;
/** Readers whose edition one tick builds at most; the next tick takes the rest. */
const DUE_BATCH = 500;

type SettingsRow = typeof editionSettings.$inferSelect;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const toSettings = (row: SettingsRow): EditionSettings => ({
  frequency: row.frequency,
  weekday: row.weekday === null ? null : WEEKDAYS[row.weekday - 1]!,
  time: timeOf(row.sendAt),
  timezone: row.timezone,
});

/** An edition due now: its reader and the local date it is for. */
export interface DueEdition {
  userId: string;
  editionDate: string;
}

export interface EditionRecord extends DueEdition {
  status: (typeof EDITION_STATUSES)[number];
  storyIds: string[];
  createdAt: Date;
}

export const editionRepository = {
  async settingsOf(db: DbExecutor, userId: string): Promise<EditionSettings | undefined> {
    const [row] = await db.select().from(editionSettings).where(eq(editionSettings.userId, userId));
    return row && toSettings(row);
  },

  async saveSettings(
    db: DbExecutor,
    userId: string,
    settings: EditionSettings,
    now: Date,
  ): Promise<EditionSettings> {
    const values = {
      frequency: settings.frequency,
      weekday: settings.weekday === null ? null : WEEKDAYS.indexOf(settings.weekday) + 1,
      sendAt: minutesOf(settings.time),
      timezone: settings.timezone,
      updatedAt: now,
    };
    const [row] = await db
      .insert(editionSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: editionSettings.userId, set: values })
      .returning();
    return toSettings(row!);
  },

  /** Turns the edition off, keeping the chosen time for a later opt-in. */
  async turnOff(db: DbExecutor, userId: string, now: Date): Promise<void> {
    await db
      .update(editionSettings)
      .set({ frequency: 'off', updatedAt: now })
      .where(eq(editionSettings.userId, userId));
  },

  /**
   * The readers whose edition is due at `now`: their chosen time (and day, weekly) has come in
   * their time zone, at most CATCH_UP_MINUTES ago, and no edition was recorded for that local date.
   */
  async due(db: DbExecutor, now: Date): Promise<DueEdition[]> {
    const { rows } = await db.execute<{ userId: string; editionDate: string }>(sql`
      with local as (
        select user_id, frequency, weekday, send_at, (${now.toISOString()}::timestamptz at time zone timezone) as t
        from ${editionSettings}
        where frequency <> 'off'
      )
      select l.user_id as "userId", to_char(l.t, 'YYYY-MM-DD') as "editionDate"
      from local l
      where extract(hour from l.t) * 60 + extract(minute from l.t) - l.send_at
              between 0 and ${CATCH_UP_MINUTES - 1}
        and (l.frequency = 'daily' or extract(isodow from l.t) = l.weekday)
        and not exists (
          select 1 from ${editions} e where e.user_id = l.user_id and e.edition_date = l.t::date
        )
      order by l.send_at
      limit ${DUE_BATCH}`);
    return rows;
  },

  /**
   * What the reader's editions since `since` carried (a new one leaves those stories out), and
   * when the latest that was sent was built.
   */
  async history(
    db: DbExecutor,
    userId: string,
    since: Date,
  ): Promise<{ storyIds: Set<string>; lastSentAt: Date | undefined }> {
    const rows = await db
      .select({
        storyIds: editions.storyIds,
        status: editions.status,
        createdAt: editions.createdAt,
      })
      .from(editions)
      .where(and(eq(editions.userId, userId), gte(editions.createdAt, since)))
      .orderBy(editions.createdAt);
    return {
      storyIds: new Set(rows.flatMap((r) => r.storyIds)),
      lastSentAt: rows.filter((r) => r.status === 'sent').at(-1)?.createdAt,
    };
  },

  /**
   * Records the edition of a reader and date; false when one is recorded already (another
   * instance, or an earlier tick). Inside the transaction that queues its mail, a concurrent
   * claim waits for that transaction and then finds the row.
   */
  async claim(db: DbExecutor, edition: EditionRecord): Promise<boolean> {
    const rows = await db
      .insert(editions)
      .values(edition)
      .onConflictDoNothing({ target: [editions.userId, editions.editionDate] })
      .returning({ id: editions.id });
    return rows.length > 0;
  },

  /** Deletes the records of editions built before `before` (maintenance). */
  async prune(db: DbExecutor, before: Date): Promise<void> {
    await db.delete(editions).where(lt(editions.createdAt, before));
  },
};
