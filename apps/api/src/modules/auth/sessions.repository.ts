import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { sessions } from '../../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;

export const sessionsRepository = {
  async insert(db: DbExecutor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await db.insert(sessions).values(values).returning();
    return row!;
  },

  async findById(db: DbExecutor, id: string): Promise<SessionRow | undefined> {
    const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
    return row;
  },

  /** The reader proved who they are again (their password): the re-authentication window restarts. */
  async markAuthenticated(db: DbExecutor, id: string, now: Date): Promise<void> {
    await db.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.id, id));
  },

  async end(db: DbExecutor, id: string, now: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ endedAt: now })
      .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
  },

  /** Ends every session of a reader but `keepId` (none kept when undefined). */
  async endAllForUser(db: DbExecutor, userId: string, now: Date, keepId?: string): Promise<void> {
    await db
      .update(sessions)
      .set({ endedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.endedAt),
          keepId ? sql`${sessions.id} <> ${keepId}` : undefined,
        ),
      );
  },
};
