import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { OtpPurpose } from '@lede/shared';
import type { DbExecutor } from '../../db/client.js';
import { otpChallenges, refreshTokens } from '../../db/schema.js';

export type ChallengeRow = typeof otpChallenges.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/**
 * A code of `purpose` for `email` that was verified (after `since`, when given) and not yet
 * used: its sign-up, sign-in or reset has not happened.
 */
const verifiedUnused = (email: string, purpose: OtpPurpose, since?: Date) =>
  and(
    eq(otpChallenges.email, email),
    eq(otpChallenges.purpose, purpose),
    isNotNull(otpChallenges.verifiedAt),
    isNull(otpChallenges.consumedAt),
    since ? gt(otpChallenges.verifiedAt, since) : undefined,
  );

/** The challenge a proof (sign-up or sign-in) or a reset token was handed out for, locked when `lock`. */
async function findByTokenHash(
  db: DbExecutor,
  column: typeof otpChallenges.verificationTokenHash | typeof otpChallenges.resetTokenHash,
  hash: string,
  lock: boolean,
): Promise<ChallengeRow | undefined> {
  const query = db.select().from(otpChallenges).where(eq(column, hash));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export const challengesRepository = {
  async insert(db: DbExecutor, values: typeof otpChallenges.$inferInsert): Promise<void> {
    await db.insert(otpChallenges).values(values);
  },

  /** A new code replaces any still-pending one of the same purpose: only the newest can be guessed. */
  /** Ends the pending challenges of this address and purpose that `ip` asked for. */
  async retirePending(
    db: DbExecutor,
    email: string,
    purpose: OtpPurpose,
    ip: string | null,
  ): Promise<void> {
    await db
      .update(otpChallenges)
      .set({ attemptsLeft: 0 })
      .where(
        and(
          eq(otpChallenges.email, email),
          eq(otpChallenges.purpose, purpose),
          ip === null ? isNull(otpChallenges.ip) : eq(otpChallenges.ip, ip),
          isNull(otpChallenges.verifiedAt),
          gt(otpChallenges.attemptsLeft, 0),
        ),
      );
  },

  async lockById(db: DbExecutor, id: string): Promise<ChallengeRow | undefined> {
    const [row] = await db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.id, id))
      .for('update');
    return row;
  },

  async update(
    db: DbExecutor,
    id: string,
    values: Partial<typeof otpChallenges.$inferInsert>,
  ): Promise<void> {
    await db.update(otpChallenges).set(values).where(eq(otpChallenges.id, id));
  },

  /** The newest verified, unconsumed challenge of a purpose verified after `since`, locked. */
  async lockVerified(
    db: DbExecutor,
    email: string,
    purpose: OtpPurpose,
    since: Date,
  ): Promise<ChallengeRow | undefined> {
    const [row] = await db
      .select()
      .from(otpChallenges)
      .where(verifiedUnused(email, purpose, since))
      .orderBy(desc(otpChallenges.verifiedAt))
      .limit(1)
      .for('update', { skipLocked: true });
    return row;
  },

  /** The challenge a sign-up or sign-in proof was handed out for, locked when `lock`. */
  findByVerificationToken: (db: DbExecutor, verificationTokenHash: string, lock: boolean) =>
    findByTokenHash(db, otpChallenges.verificationTokenHash, verificationTokenHash, lock),

  /**
   * Whether a verified, unconsumed challenge of a purpose exists (verified after `since`, when
   * given): a code was verified and is still waiting for its sign-up or sign-in.
   */
  async hasVerified(
    db: DbExecutor,
    email: string,
    purpose: OtpPurpose,
    since?: Date,
  ): Promise<boolean> {
    const rows = await db
      .select({ id: otpChallenges.id })
      .from(otpChallenges)
      .where(verifiedUnused(email, purpose, since))
      .limit(1);
    return rows.length > 0;
  },

  /** The challenge a reset token was handed out for, locked when `lock`. */
  findByResetToken: (db: DbExecutor, resetTokenHash: string, lock: boolean) =>
    findByTokenHash(db, otpChallenges.resetTokenHash, resetTokenHash, lock),

  async consume(db: DbExecutor, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)))
      .returning({ id: otpChallenges.id });
    return rows.length === 1;
  },

  async deleteForEmail(db: DbExecutor, email: string): Promise<void> {
    await db.delete(otpChallenges).where(eq(otpChallenges.email, email));
  },

  async pruneExpired(db: DbExecutor, before: Date): Promise<void> {
    await db.delete(otpChallenges).where(lt(otpChallenges.createdAt, before));
  },
};

export const refreshTokensRepository = {
  async insert(db: DbExecutor, values: typeof refreshTokens.$inferInsert): Promise<void> {
    await db.insert(refreshTokens).values(values);
  },

  /** Marks a live token used, atomically: of two concurrent rotations only one wins. */
  async claim(db: DbExecutor, tokenHash: string, now: Date): Promise<RefreshTokenRow | undefined> {
    const [row] = await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning();
    return row;
  },

  async findByHash(db: DbExecutor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  },

  async revokeFamily(db: DbExecutor, familyId: string, now: Date): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  },

  /** Signs every other session out: all families but `keepFamilyId` (none kept when undefined). */
  async revokeAllForUserExcept(
    db: DbExecutor,
    userId: string,
    keepFamilyId: string | undefined,
    now: Date,
  ): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          keepFamilyId ? sql`${refreshTokens.familyId} <> ${keepFamilyId}` : undefined,
        ),
      );
  },

  async pruneExpired(db: DbExecutor, before: Date): Promise<void> {
    await db
      .delete(refreshTokens)
      .where(or(lt(refreshTokens.expiresAt, before), lt(refreshTokens.revokedAt, before)));
  },

  countLive: (db: DbExecutor, userId: string) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          isNull(refreshTokens.usedAt),
        ),
      ),
};
