import { eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { challengesRepository } from '../auth/auth.repository.js';
import { usersRepository, type UserRow } from '../users/users.repository.js';

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
      await tx.execute(takeBackArticleCounters(user.id));
      await challengesRepository.deleteForEmail(tx, user.email);
      await tx.delete(users).where(eq(users.id, user.id));
      return true;
    });
  },
};

/** Subtracts one reader's likes, dislikes, saves, shares and views from the articles' counters. */
const takeBackArticleCounters = (userId: string) => sql`
  with contributions as (
    select article_id,
           count(*) filter (where kind = 'like') as likes,
           count(*) filter (where kind = 'dislike') as dislikes,
           0 as saves, 0 as shares, 0 as views
    from article_reactions where user_id = ${userId} group by article_id
    union all
    select article_id, 0, 0, count(*), 0, 0 from saved_articles where user_id = ${userId} group by article_id
    union all
    select article_id, 0, 0, 0, count(*), 0 from article_shares where user_id = ${userId} group by article_id
    union all
    select article_id, 0, 0, 0, 0, count(*) from article_views where user_id = ${userId} group by article_id
  ), totals as (
    select article_id, sum(likes)::int as likes, sum(dislikes)::int as dislikes, sum(saves)::int as saves,
           sum(shares)::int as shares, sum(views)::int as views
    from contributions group by article_id
  )
  update articles a set
    likes = greatest(a.likes - t.likes, 0),
    dislikes = greatest(a.dislikes - t.dislikes, 0),
    saves = greatest(a.saves - t.saves, 0),
    shares = greatest(a.shares - t.shares, 0),
    views = greatest(a.views - t.views, 0)
  from totals t
  where a.id = t.article_id
`;
