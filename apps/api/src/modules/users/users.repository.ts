import { eq, sql } from 'drizzle-orm';
import { PG_INVALID_PARAMETER_VALUE, pgErrorCode } from '../../db/client.js';
import type { DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const byIdStatements = new WeakMap<DbExecutor, ReturnType<typeof prepareFindById>>();

function prepareFindById(db: DbExecutor) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_find_by_id');
}

function findByIdStatement(db: DbExecutor) {
  let statement = byIdStatements.get(db);
  if (!statement) {
    statement = prepareFindById(db);
    byIdStatements.set(db, statement);
  }
  return statement;
}

export const usersRepository = {
  async findByEmail(db: DbExecutor, email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  },

  /**
   * Every signed-in request looks its reader up (the session version decides whether the token
   * still counts), so this one query is a prepared statement: built once per executor, parsed
   * once per database connection (behind a transaction pooler, sent unnamed: db/client.ts).
   */
  async findById(db: DbExecutor, id: string): Promise<UserRow | undefined> {
    const [row] = await findByIdStatement(db).execute({ id });
    return row;
  },

  async insert(db: DbExecutor, values: NewUserRow): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },

  async update(
    db: DbExecutor,
    id: string,
    values: Partial<NewUserRow>,
    now: Date,
  ): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  /** New password, and every access token issued before it stops working. */
  async setPassword(db: DbExecutor, id: string, passwordHash: string, now: Date): Promise<void> {
    await db
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(eq(users.id, id));
  },

  /** New address, and every access token issued before it stops working. */
  async setEmail(
    db: DbExecutor,
    id: string,
    email: string,
    now: Date,
  ): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ email, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  /** Intl and PostgreSQL ship separate time-zone data; the streak SQL needs PostgreSQL to know the zone. */
  async isTimezoneKnown(db: DbExecutor, timezone: string): Promise<boolean> {
    try {
      await db.execute(sql`select now() at time zone ${timezone}`);
      return true;
    } catch (err) {
      if (pgErrorCode(err) === PG_INVALID_PARAMETER_VALUE) return false;
      throw err;
    }
  },
};
