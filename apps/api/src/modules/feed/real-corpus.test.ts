import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createReader } from '../../../test/readers.js';
import { seedCorpusIfEmpty } from '../articles/index.js';
import { FEED_SIZE } from './feed.settings.js';
import { readerClient } from '../../../test/recommendations.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedCorpusIfEmpty(ctx.database.db, ctx.deps.logger);
});
afterAll(async () => {
  await ctx.close();
});

it('gives a sports, travel and food reader mostly those, on a page that is still varied', async () => {
  const client = readerClient(ctx.request);
  const interests = ['sports', 'travel', 'food'];
  const reader = await createReader(ctx.deps);
  await client.setInterests(reader, interests);

  const { recommendations } = await client.feed(reader);
  expect(recommendations).toHaveLength(FEED_SIZE);
  const categoriesOf = recommendations.map((r) => r.article_id.categories);
  const topTwenty = categoriesOf.slice(0, 20);
  expect(
    topTwenty.filter((cs) => cs.some((c) => interests.includes(c))).length,
  ).toBeGreaterThanOrEqual(10);
  // Varied: several categories overall, and no single one fills the top twenty.
  expect(new Set(categoriesOf.flat()).size).toBeGreaterThanOrEqual(3);
  for (const category of interests) {
    expect(topTwenty.filter((cs) => cs.includes(category)).length).toBeLessThan(15);
  }
  const outside = categoriesOf.flat().filter((c) => !interests.includes(c));
  expect(new Set(outside).size).toBeGreaterThanOrEqual(2);
});
