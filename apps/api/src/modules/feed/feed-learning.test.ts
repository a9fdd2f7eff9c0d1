/**
 * Black-box: a feed that visibly learns from the reader and never runs dry. Every
 * test drives the real app over HTTP on the bundled corpus (9,999 articles), with a learner
 * and a control reader that share their declared interests; each test has its own topics.
 */
import {
  type CategoryId,
  type PublicArticle,
  fewerLikeThisResultSchema,
  readerControlChangeSchema,
  readerControlsSchema,
} from '@lede/shared';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { articleIds, readerClient } from '../../../test/recommendations.js';
import { seedCorpusIfEmpty } from '../articles/index.js';
import { LEARNED_MIN_POSITIVES } from './ranker/index.js';

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
const DAY_MS = 86_400_000;
const WIRE = 'Lede Test Wire';

beforeAll(async () => {
  ctx = await createTestContext();
  client = readerClient(ctx.request);
  await seedCorpusIfEmpty(ctx.database.db, ctx.deps.logger);
  // A second source (the bundled corpus is all HuffPost): recent technology, science and
  // finance stories, inside the corpus's last days.
  await insertArticles(
    ctx.database.db,
    Array.from({ length: 12 }, (_, i) => ({
      title: `Wire dispatch ${['quantum', 'orbit', 'bond', 'chip'][i % 4]} number ${i} arrives`,
      description: 'A dispatch from the test wire.',
      categories: [(['technology', 'science', 'finance'] as const)[i % 3]!],
      keywords: ['wire', `dispatch${i}`],
      sourceName: WIRE,
      pubDate: new Date(Date.UTC(2022, 8, 22, 6) - i * 3_600_000),
      likes: 30,
    })),
  );
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

type Feed = Awaited<ReturnType<typeof client.feed>>;

async function reader(interests: CategoryId[]): Promise<TestReader> {
  const r = await createReader(ctx.deps);
  await client.setInterests(r, interests);
  return r;
}

const inCategory = (category: string) => (a: PublicArticle) => a.categories.includes(category);
const count = (feed: Feed, n: number, test: (a: PublicArticle) => boolean) =>
  feed.recommendations.slice(0, n).filter((r) => test(r.article_id)).length;

/** Newest articles of a category, as a visitor finds them (GET getarticlebykeyword). */
async function newestOf(category: string, limit = 20): Promise<PublicArticle[]> {
  const res = await ctx
    .request()
    .get('/api/articles/getarticlebykeyword')
    .query({ keyword: category, limit });
  expect(res.status).toBe(200);
  return res.body.articles as PublicArticle[];
}

/** The body parses with the shared schema and has no field the schema does not name. */
function expectContract(schema: z.ZodObject, body: unknown) {
  const parsed = schema.safeParse(body);
  expect(parsed.error).toBeUndefined();
  const { AccessToken: _token, ...rest } = body as Record<string, unknown>;
  expect(rest).toEqual(parsed.data);
}

describe('never runs dry', () => {
  it.each([
    [['sports', 'travel', 'food']],
    [['science', 'education', 'automotive']],
  ] as CategoryId[][][])(
    'ten refreshes in a row keep at least half of the top 10 in %j, on a varied page',
    async (interests) => {
      const r = await reader(interests);
      const mine = (a: PublicArticle) =>
        a.categories.some((c) => (interests as string[]).includes(c));
      for (let i = 0; i < 10; i++) {
        const feed = await client.refresh(r);
        expect(feed.recommendations).toHaveLength(30);
        expect(count(feed, 10, mine), `refresh ${i + 1}`).toBeGreaterThanOrEqual(5);
        const categories = new Set(feed.recommendations.flatMap((x) => x.article_id.categories));
        expect(categories.size).toBeGreaterThanOrEqual(3);
      }
    },
  );

  it('never brings back what the reader read or disliked, over days of refreshes', async () => {
    const r = await reader(['entertainment', 'lifestyle', 'business']);
    const gone = new Set<string>();
    for (let day = 0; day < 6; day++) {
      const feed = await client.refresh(r);
      const ids = articleIds(feed);
      expect(ids.filter((id) => gone.has(id))).toEqual([]);
      const [read, disliked] = [ids[day % 5]!, ids[10 + (day % 5)]!];
      expect((await client.markAsRead(r, read)).status).toBe(200);
      await client.react(r, 'dislike', disliked);
      gone.add(read).add(disliked);
      // Past the shown-and-ignored cooldown: unread items may come back, these never.
      ctx.clock.advance(DAY_MS);
    }
    expect(articleIds(await client.refresh(r)).filter((id) => gone.has(id))).toEqual([]);
  });
});

describe('likes, saves and shares move the feed at once', () => {
  it.each([
    ['environment', ['politics', 'world', 'entertainment']],
    ['sports', ['health', 'lifestyle', 'business']],
  ] as Array<[CategoryId, CategoryId[]]>)(
    'a few likes and saves of %s bring it into the top 10, with the reason, until removed',
    async (topic, interests) => {
      const [learner, control] = [await reader(interests), await reader(interests)];
      const pick = (await newestOf(topic)).filter(
        (a) => !a.categories.some((c) => (interests as string[]).includes(c)),
      );
      // "A few" = LEARNED_MIN_POSITIVES (2): one like and one save.
      expect(LEARNED_MIN_POSITIVES).toBe(2);
      await client.react(learner, 'like', pick[0]!._id);
      await client.react(learner, 'save', pick[1]!._id);

      const [after, base] = [await client.refresh(learner), await client.refresh(control)];
      const learned = count(after, 10, inCategory(topic));
      expect(learned).toBeGreaterThanOrEqual(3);
      expect(learned).toBeGreaterThan(count(base, 10, inCategory(topic)));
      const label = topic.charAt(0).toUpperCase() + topic.slice(1);
      const reason = `Because you liked or saved 2 ${label} stories`;
      const withReason = after.recommendations.filter((x) => x.reasons.includes(reason));
      expect(withReason.length).toBeGreaterThanOrEqual(3);
      for (const x of withReason) expect(x.article_id.categories).toContain(topic);

      // The profile page lists it; removing it takes the topic back out.
      const listed = await client.controls(learner);
      expect(listed.status).toBe(200);
      expectContract(readerControlsSchema, listed.body);
      expect(listed.body.learnedTopics).toContainEqual({
        category: topic,
        label,
        count: 2,
        declared: false,
        reason,
      });
      const forgot = await client.control(learner, 'forgettopic', { category: topic });
      expect(forgot.status).toBe(200);
      expectContract(readerControlChangeSchema, forgot.body);
      expect(forgot.body.learnedTopics.map((t: { category: string }) => t.category)).not.toContain(
        topic,
      );
      const later = await client.refresh(learner);
      expect(later.recommendations.flatMap((x) => x.reasons)).not.toContain(reason);
      expect(count(later, 10, inCategory(topic))).toBeLessThan(learned);
    },
  );
});

describe('dislikes push back', () => {
  it('three dislikes in a category at least halve its share of the next top 20', async () => {
    const interests: CategoryId[] = ['world', 'health', 'finance'];
    const [learner, control] = [await reader(interests), await reader(interests)];
    const first = await client.feed(learner);
    const world = first.recommendations.filter((x) => x.article_id.categories.includes('world'));
    expect(world.length).toBeGreaterThanOrEqual(3);
    for (const x of world.slice(0, 3)) await client.react(learner, 'dislike', x.article_id._id);

    const [after, base] = [await client.refresh(learner), await client.refresh(control)];
    const [mine, theirs] = [
      count(after, 20, inCategory('world')),
      count(base, 20, inCategory('world')),
    ];
    expect(theirs).toBeGreaterThanOrEqual(2);
    expect(mine).toBeLessThanOrEqual(theirs / 2);
  });
});

describe('reader controls', () => {
  it('hides a source from the feed at once and until undone', async () => {
    const r = await reader(['technology', 'science', 'finance']);
    const fromWire = (feed: Feed) =>
      feed.recommendations.filter((x) => x.article_id.source_name === WIRE);
    expect(fromWire(await client.feed(r)).length).toBeGreaterThan(0);

    const hidden = await client.control(r, 'hidesource', { source_name: WIRE });
    expect(hidden.status).toBe(200);
    expectContract(readerControlChangeSchema, hidden.body);
    expect(hidden.body.message).toBe('Source hidden from your feed');
    expect(hidden.body.hiddenSources).toEqual([
      { source_name: WIRE, hiddenAt: expect.any(String) },
    ]);
    // Gone from the feed being shown, and from every rebuilt one.
    expect(fromWire(await client.feed(r))).toEqual([]);
    for (let i = 0; i < 3; i++) expect(fromWire(await client.refresh(r))).toEqual([]);

    const undone = await client.control(r, 'unhidesource', { source_name: WIRE });
    expect(undone.status).toBe(200);
    expect(undone.body.hiddenSources).toEqual([]);
    ctx.clock.advance(4 * DAY_MS); // past the shown-and-ignored cooldown
    expect(fromWire(await client.refresh(r)).length).toBeGreaterThan(0);
  });

  it('"Fewer like this" pushes down the story, never a declared category, and can be undone', async () => {
    const interests: CategoryId[] = ['politics', 'sports', 'environment'];
    const [learner, control] = [await reader(interests), await reader(interests)];
    const first = await client.feed(learner);
    const target = first.recommendations.find((x) => x.article_id.categories[0] === 'sports')!;
    expect(target).toBeDefined();

    const res = await client.control(learner, 'fewerlikethis', {
      article_id: target.article_id._id,
    });
    expect(res.status).toBe(200);
    expectContract(fewerLikeThisResultSchema, res.body);
    expect(res.body.message).toBe('You will see fewer stories like this');
    // No word and no category is muted; the story's subject is turned down instead.
    expect(res.body.mutedTopics).toEqual([]);
    // Out of the current feed at once, and never shown again.
    expect(articleIds(await client.feed(learner))).not.toContain(target.article_id._id);

    const [after, base] = [await client.refresh(learner), await client.refresh(control)];
    expect(articleIds(after)).not.toContain(target.article_id._id);
    // Sports keeps its place among the interests (it is turned down only by steering).
    expect(count(after, 20, inCategory('sports'))).toBeGreaterThanOrEqual(2);
    expect(count(base, 20, inCategory('sports'))).toBeGreaterThanOrEqual(2);

    const undo = await client.control(learner, 'undofewer', { undo: res.body.undo });
    expect(undo.status).toBe(200);
    // Undone once: a second undo (or anyone else's) changes nothing.
    expect((await client.control(learner, 'undofewer', { undo: res.body.undo })).status).toBe(404);
  });

  it('refuses bad input with 400, an unknown article with 404, and anyone signed out with 401', async () => {
    const r = await reader(['travel', 'food', 'lifestyle']);
    for (const [control, body] of [
      ['fewerlikethis', { article_id: 'nope' }],
      ['hidesource', { source_name: '' }],
      ['unmutetopic', { kind: 'author', value: 'x' }],
      ['forgettopic', { category: 'astrology' }],
    ] as const) {
      const res = await client.control(r, control, body);
      expect(res.status, control).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    const unknown = await client.control(r, 'fewerlikethis', {
      article_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Article not found', code: 'ARTICLE_NOT_FOUND' });
    const signedOut = await ctx.request().get('/api/recommendations/controls');
    expect(signedOut.status).toBe(401);
    const empty = await client.controls(r);
    expect(empty.body).toMatchObject({ hiddenSources: [], mutedTopics: [], learnedTopics: [] });
  });
});
