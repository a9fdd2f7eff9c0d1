import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.js';
import { insertArticles } from '../../../../test/fixtures.js';
import { createReaders } from '../../../../test/readers.js';
import { labelledCorpus, readerClient } from '../../../../test/recommendations.js';
import { articles } from '../../../db/schema.js';
import { signalsRepository as repo } from './signals.repository.js';
import { CO_ENGAGEMENT, HISTORY_EVENTS } from '../feed.settings.js';

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

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const neighboursOf = (readerId: string) =>
  repo.neighbourPositives(ctx.database.db, readerId, {
    events: HISTORY_EVENTS,
    ownPositives: CO_ENGAGEMENT.ownPositives,
  });

describe("the co-engagement read (other readers' likes and saves)", () => {
  it('answers each neighbour once, with their likes and saves by article id, and leaves strangers out', async () => {
    const all = await ctx.database.db.select({ id: articles.id }).from(articles);
    const [liked, saved, x, y, z, elsewhere] = all.map((a) => a.id);
    const [reader, likesBoth, savesBoth, stranger] = await createReaders(ctx.deps, 4);
    await client.setInterests(reader!, INTERESTS);
    await client.react(reader!, 'like', liked!);
    await client.react(reader!, 'save', saved!);
    // A neighbour through a like: also likes x and y, and both likes and saves y.
    for (const id of [liked!, x!, y!]) await client.react(likesBoth!, 'like', id);
    await client.react(likesBoth!, 'save', y!);
    // A neighbour through a save: also likes z.
    await client.react(savesBoth!, 'save', saved!);
    await client.react(savesBoth!, 'like', z!);
    // Likes nothing the reader likes: not a neighbour.
    await client.react(stranger!, 'like', elsewhere!);

    expect(await neighboursOf(reader!.id)).toEqual(
      [
        { readerId: likesBoth!.id, articleIds: [liked!, x!, y!, y!].sort(byId) },
        { readerId: savesBoth!.id, articleIds: [saved!, z!].sort(byId) },
      ].sort((a, b) => byId(a.readerId, b.readerId)),
    );
  });

  it('answers no neighbours to a reader who likes and saves nothing', async () => {
    const [reader] = await createReaders(ctx.deps, 1);
    expect(await neighboursOf(reader!.id)).toEqual([]);
  });
});
