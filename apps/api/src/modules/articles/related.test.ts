import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { seedCorpusIfEmpty } from './index.js';
import { clusterPendingStories } from '../stories/index.js';
import { distinctShared } from './related.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedCorpusIfEmpty(ctx.database.db, ctx.deps.logger);
  // Stories as a running instance has them (its start-up pass), so Full coverage is known.
  await clusterPendingStories(ctx.database.db, { now: new Date(), logger: ctx.deps.logger });
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

interface Listed {
  _id: string;
  title: string;
  keywords: string[];
  categories: string[];
}

const related = (query: { article_id?: string; limit?: number }) =>
  ctx.request().get('/api/articles/getrelatedarticles').query(query);

describe('GET /api/articles/getrelatedarticles (more like this)', () => {
  interface Stored extends Record<string, unknown> {
    id: string;
    title: string;
    story_id: string | null;
    terms: string[];
  }
  const stored = async (where: ReturnType<typeof sql>): Promise<Stored[]> =>
    (
      await ctx.database.db.execute<Stored>(
        sql`select id, title, story_id, to_json(terms) as terms from articles where ${where}`,
      )
    ).rows;
  const byTitle = async (prefix: string) =>
    (await stored(sql`title like ${`${prefix}%`}`))[0] ?? expect.fail(`no article "${prefix}"`);
  const relatedOf = async (id: string) => {
    const list = (await related({ article_id: id }).expect(200)).body.articles as Listed[];
    const rows = await stored(sql`id = any(${sql.param(list.map((a) => a._id))}::uuid[])`);
    const of = new Map(rows.map((r) => [r.id, r]));
    return list.map((a) => of.get(a._id)!);
  };

  it('lists other stories sharing its names and phrases, never itself or its own story', async () => {
    const story = await byTitle("Kim Kardashian's Next Boyfriend");
    const list = await relatedOf(story.id);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.length).toBeLessThanOrEqual(6);
    for (const a of list) {
      expect(a.id).not.toBe(story.id);
      if (story.story_id) expect(a.story_id).not.toBe(story.story_id);
      const shared = distinctShared(story.terms.filter((t) => a.terms.includes(t)));
      expect([a.title, shared.length >= 1]).toEqual([a.title, true]);
    }
    expect(list.slice(0, 3).every((a) => /kardashian/i.test(a.title))).toBe(true);
    // One report per other story.
    const stories = list.map((a) => a.story_id).filter(Boolean);
    expect(new Set(stories).size).toBe(stories.length);
  });

  it("leaves out the reports Full coverage lists: the article's own story", async () => {
    const [fiona] = await stored(
      sql`'hurricane fiona' = any(terms) and story_id is not null
          and story_id in (select story_id from articles group by story_id having count(*) >= 3)
          order by pub_date desc limit 1`,
    );
    expect(fiona).toBeDefined();
    for (const a of await relatedOf(fiona!.id)) expect(a.story_id).not.toBe(fiona!.story_id);
  });

  it('answers fewer or none rather than filler', async () => {
    // Its words meet other articles only by one common word ("platform").
    const twitch = await byTitle('Twitch Bans Gambling Sites');
    expect(await relatedOf(twitch.id)).toEqual([]);
    // The cosmonaut's obituary is not a diamond's or a concert's.
    const polyakov = await byTitle('Russian Cosmonaut Valery Polyakov');
    for (const a of await relatedOf(polyakov.id))
      expect([a.title, /diamond|gaga/i.test(a.title)]).toEqual([a.title, false]);
  });

  it('honours limit, and answers 400 for bad input and 404 for an unknown article', async () => {
    const latest = await ctx.request().get('/api/articles/getlatestarticles?limit=1').expect(200);
    const id = latest.body.articles[0]._id as string;
    const two = await related({ article_id: id, limit: 2 }).expect(200);
    expect(two.body.articles.length).toBeLessThanOrEqual(2);
    for (const query of [
      {},
      { article_id: 'x'.repeat(300) },
      { article_id: id, limit: 0 },
      { article_id: id, limit: 13 },
    ]) {
      const res = await related(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const missing = await related({ article_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toEqual(expect.any(String));
  });
});
