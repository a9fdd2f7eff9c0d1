/**
 * Black box through the HTTP API on the bundled corpus: a feed that keeps its reader
 * under heavy use. Saves of a chosen topic strengthen it without taking the page over (every
 * declared interest keeps its place), and "Reset interests" clears what the feed learned, as
 * its dialog says, so the new interests fill the page.
 */
import { type CategoryId, type PublicArticle } from '@lede/shared';
import { asc, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { readerClient } from '../../../test/recommendations.js';
import { articles } from '../../db/schema.js';
import { seedCorpusIfEmpty } from '../articles/index.js';

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;

beforeAll(async () => {
  ctx = await createTestContext();
  client = readerClient(ctx.request);
  await seedCorpusIfEmpty(ctx.database.db, ctx.deps.logger);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

/** The article's own (primary) category: the label its card shows. */
const primary = (a: PublicArticle) => a.categories[0];

/**
 * The newest `n` articles whose own category is `category`, as a reader finds them in Explore:
 * the candidate window holds only a few of a small section, so most are older (the bundled
 * corpus holds about 50 of Science as their own, 3 of them in the window; the feed reaches the
 * rest by widening to each interest's own older articles).
 */
async function newestOf(category: CategoryId, n: number): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ id: articles.id })
    .from(articles)
    .where(sql`${articles.categories}[1] = ${category}`)
    .orderBy(desc(articles.pubDate), asc(articles.id))
    .limit(n);
  expect(rows.length, `${category} articles`).toBe(n);
  return rows.map((r) => r.id);
}

async function save(r: TestReader, ids: readonly string[]) {
  for (const id of ids) await client.react(r, 'save', id);
}

/**
 * How many of the top 20 show each category as their label (their own, primary, category: what
 * a reader counts). The categories they carry at all are printed beside it.
 */
async function topTwenty(r: TestReader): Promise<Map<string, number>> {
  const { recommendations } = await client.refresh(r);
  const carrying = new Map<string, number>();
  const labels = new Map<string, number>();
  for (const rec of recommendations.slice(0, 20)) {
    for (const c of rec.article_id.categories) carrying.set(c, (carrying.get(c) ?? 0) + 1);
    const c = primary(rec.article_id) ?? '';
    labels.set(c, (labels.get(c) ?? 0) + 1);
  }
  console.log(
    `label ${JSON.stringify(Object.fromEntries(labels))} carrying ${JSON.stringify(Object.fromEntries(carrying))}`,
  );
  if (process.env.DEBUG_FEED)
    for (const rec of recommendations)
      console.log(
        `${rec.article_id.categories.join(',')} ${rec.article_id.pubDate.slice(0, 10)} ${rec.reasons.join('; ')}`,
      );
  return labels;
}

const steer = (r: TestReader, changes: object[]) =>
  ctx.request().post('/api/recommendations/steer').set(r.auth()).send({ changes });

const INTERESTS: CategoryId[] = ['science', 'politics', 'sports', 'technology'];
const NEW_INTERESTS: CategoryId[] = ['environment', 'travel', 'food', 'business'];

describe('a heavy saver', () => {
  it('who saves 25 Science articles gets Science 4+ times in the top 20, every interest twice', async () => {
    const r = await createReader(ctx.deps);
    await client.setInterests(r, INTERESTS);
    await save(r, await newestOf('science', 25));
    const counts = await topTwenty(r);
    expect(counts.get('science') ?? 0).toBeGreaterThanOrEqual(4);
    for (const c of INTERESTS) expect(counts.get(c) ?? 0, c).toBeGreaterThanOrEqual(2);
  });

  it('who saved from Science and Politics, then turned Politics off and Sports up, keeps Science', async () => {
    const r = await createReader(ctx.deps);
    await client.setInterests(r, INTERESTS);
    await save(r, await newestOf('science', 26));
    await save(r, await newestOf('politics', 30));
    const res = await steer(r, [
      { kind: 'category', key: 'politics', state: 'off' },
      { kind: 'category', key: 'sports', state: 'up' },
    ]);
    expect(res.status).toBe(200);
    const counts = await topTwenty(r);
    expect(counts.get('politics') ?? 0).toBe(0);
    expect(counts.get('science') ?? 0).toBeGreaterThanOrEqual(4);
    expect(counts.get('sports') ?? 0).toBeGreaterThanOrEqual(2);
    expect(counts.get('technology') ?? 0).toBeGreaterThanOrEqual(2);
  });
});

describe('Reset interests', () => {
  it('clears what the feed learned: four new interests fill the page, old topics at most 6 of 20', async () => {
    const r = await createReader(ctx.deps);
    await client.setInterests(r, INTERESTS);
    await save(r, await newestOf('science', 26));
    await save(r, await newestOf('politics', 30));
    ctx.clock.advance(60_000);
    const reset = await ctx.request().put('/api/profile/resetinterests').set(r.auth());
    expect(reset.status).toBe(200);
    ctx.clock.advance(60_000);
    await client.setInterests(r, NEW_INTERESTS);
    const counts = await topTwenty(r);
    for (const c of NEW_INTERESTS) expect(counts.get(c) ?? 0, c).toBeGreaterThanOrEqual(2);
    const old = (counts.get('science') ?? 0) + (counts.get('politics') ?? 0);
    expect(old).toBeLessThanOrEqual(6);
  });

  it('with Science among the new interests, each new interest twice', async () => {
    const r = await createReader(ctx.deps);
    await client.setInterests(r, INTERESTS);
    await save(r, await newestOf('science', 26));
    await save(r, await newestOf('politics', 30));
    ctx.clock.advance(60_000);
    await ctx.request().put('/api/profile/resetinterests').set(r.auth());
    ctx.clock.advance(60_000);
    const interests: CategoryId[] = ['technology', 'science', 'environment', 'travel'];
    await client.setInterests(r, interests);
    const counts = await topTwenty(r);
    for (const c of interests) expect(counts.get(c) ?? 0, c).toBeGreaterThanOrEqual(2);
    expect(counts.get('politics') ?? 0).toBeLessThanOrEqual(6);
  });
});
