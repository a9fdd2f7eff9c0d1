import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { challengesRepository } from '../auth/index.js';
import { readerActionsRepository } from '../reader-actions/index.js';
import { usersRepository, type UserRow } from '../users/index.js';

export const profileRepository = {
  /**
   * Sets the picture and returns the one it replaced. The row is locked first, so of two
   * concurrent changes each learns its real predecessor (and no file is left orphaned).
   */
  async replaceProfileUrl(
    db: Database,
    userId: string,
    profileUrl: string | null,
    now: Date,
  ): Promise<{ user: UserRow; previousUrl: string | null } | undefined> {
    return db.transaction(async (tx) => {
      const [current] = await tx
        .select({ profileUrl: users.profileUrl })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!current) return undefined;
      const user = await usersRepository.update(tx, userId, { profileUrl }, now);
      return user && { user, previousUrl: current.profileUrl };
    });
  },

  async isProfileUrlInUse(db: DbExecutor, profileUrl: string): Promise<boolean> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.profileUrl, profileUrl))
      .limit(1);
    return rows.length > 0;
  },

  /**
   * Erases the account in one transaction. Everything the user owns goes with the row
   * (ON DELETE CASCADE); sign-up challenges hold only the e-mail, so they go explicitly.
   * The article counters their rows fed are taken back first, so counters keep matching rows.
   */
  async deleteAccount(db: Database, user: Pick<UserRow, 'id' | 'email'>): Promise<boolean> {
    return db.transaction(async (tx) => {
      // The reader's own interactions lock this row too: none can slip in between count and delete.
      const [locked] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, user.id))
        .for('update');
      if (!locked) return false;
      await readerActionsRepository.takeBackReaderCounters(tx, user.id);
      await challengesRepository.deleteForEmail(tx, user.email);
      await tx.delete(users).where(eq(users.id, user.id));
      return true;
    });
  },
};
