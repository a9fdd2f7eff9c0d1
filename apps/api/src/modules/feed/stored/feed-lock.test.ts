import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.js';
import { insertArticles } from '../../../../test/fixtures.js';
import { createReader } from '../../../../test/readers.js';
import { labelledCorpus, readerClient } from '../../../../test/recommendations.js';
import * as schema from '../../../db/schema.js';
import { articles, recommendations, savedArticles } from '../../../db/schema.js';
import { feedRepository as repo } from './feed.repository.js';

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
const INTERESTS = ['politics', 'business', 'world'];

beforeAll(async () => {
  ctx = await createTestContext();
  client = readerClient(ctx.request);
  await insertArticles(ctx.database.db, labelledCorpus([...INTERESTS, 'sports'], 5));
});
afterAll(async () => {
  await ctx.close();
});

const someArticle = async () => (await ctx.database.db.select().from(articles).limit(1))[0]!;

/** Resolves once a backend waits for an advisory lock (the other transaction's feed lock). */
async function advisoryWaiter(): Promise<void> {
  for (;;) {
    const { rows } = await ctx.database.pool.query(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'`,
    );
    if ((rows[0] as { n: number }).n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("a reader's feed lock", () => {
  it('lets the reader like and save while their feed is being rebuilt', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const article = await someArticle();
    await ctx.database.db.transaction(async (tx) => {
      // What a rebuild holds while it ranks.
      expect(await repo.lockReader(tx, reader.id)).toEqual({ interests: INTERESTS });
      await client.react(reader, 'like', article.id);
      await client.react(reader, 'save', article.id);
    });
    const [stored] = await ctx.database.db
      .select({ likes: articles.likes })
      .from(articles)
      .where(eq(articles.id, article.id));
    expect(stored!.likes).toBe(article.likes + 1);
    const saved = await ctx.database.db
      .select()
      .from(savedArticles)
      .where(eq(savedArticles.userId, reader.id));
    expect(saved.map((s) => s.articleId)).toEqual([article.id]);
  });

  it('makes a change of interests wait for a rebuild under way, and leaves no feed of the old ones', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const article = await someArticle();
    let changed: Promise<void> | undefined;
    await ctx.database.db.transaction(async (tx) => {
      await repo.lockReader(tx, reader.id);
      changed = client.setInterests(reader, ['sports', 'science', 'travel']);
      await advisoryWaiter();
      // The rebuild writes its feed (of the old interests) while the change waits.
      await tx.insert(recommendations).values({
        userId: reader.id,
        articleId: article.id,
        score: 1,
        position: 0,
        createdAt: ctx.clock.now(),
      });
    });
    await changed;
    const feed = await ctx.database.db
      .select()
      .from(recommendations)
      .where(eq(recommendations.userId, reader.id));
    expect(feed).toEqual([]);
  });
});

describe("a rebuild's transaction", () => {
  it('commits without waiting for the disk, for its own transaction only', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    // One connection, so that what it runs after the transaction shows whether the setting stayed.
    const connection = await ctx.database.pool.connect();
    try {
      const db = drizzle(connection, { schema });
      const setting = async (executor: Pick<typeof db, 'execute'>) =>
        (await executor.execute<{ synchronous_commit: string }>(sql`show synchronous_commit`))
          .rows[0]!.synchronous_commit;
      const inside = await db.transaction(async (tx) => {
        expect(await repo.lockReader(tx, reader.id)).toEqual({ interests: INTERESTS });
        return setting(tx);
      });
      expect(inside).toBe('off');
      expect(await setting(db)).toBe('on');
    } finally {
      connection.release();
    }
  });
});
