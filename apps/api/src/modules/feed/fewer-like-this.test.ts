/**
 * Black box through the HTTP API: "Fewer like this" never shows the article again and
 * turns down the story's subject (its names and phrases, and words rare in the corpus), never a
 * lone common word; its `undo`, posted to `undofewer`, restores exactly the state before, and
 * only for the reader who asked.
 */
import { type CategoryId, type FewerLikeThisResult } from '@lede/shared';
import { and, eq, ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { articleIds, readerClient } from '../../../test/recommendations.js';
import { articles, readerControls } from '../../db/schema.js';
import { seedCorpusIfEmpty } from '../articles/index.js';

const INTERESTS: CategoryId[] = ['sports', 'politics', 'entertainment'];

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

async function reader(): Promise<TestReader> {
  const r = await createReader(ctx.deps);
  await client.setInterests(r, INTERESTS);
  return r;
}

const fewer = async (r: TestReader, articleId: string) => {
  const res = await client.control(r, 'fewerlikethis', { article_id: articleId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as FewerLikeThisResult;
};

const undoFewer = (r: TestReader, undo: unknown) => client.control(r, 'undofewer', { undo });

interface ProfileSubject {
  key: string;
  terms: string[];
  steering: string;
}
const subjectsOf = async (r: TestReader): Promise<ProfileSubject[]> => {
  const res = await ctx.request().get('/api/recommendations/profile').set(r.auth()).expect(200);
  return res.body.subjects as ProfileSubject[];
};

/** The reader's control rows, as stored: what an undo must restore exactly. */
const rowsOf = async (r: TestReader) =>
  (
    await ctx.database.db
      .select({ kind: readerControls.kind, value: readerControls.value })
      .from(readerControls)
      .where(eq(readerControls.userId, r.id))
  )
    .map((x) => `${x.kind} ${x.value}`)
    .sort();

describe('"Fewer like this" turns down the story\'s subject', () => {
  it('on the Maury Wills obituary: its names and rare words, never "base", and nothing muted', async () => {
    const [obituary] = await ctx.database.db
      .select({ id: articles.id, terms: articles.terms })
      .from(articles)
      .where(ilike(articles.title, 'Maury Wills, Base-Stealing%'));
    expect(obituary).toBeDefined();
    const r = await reader();
    const res = await fewer(r, obituary!.id);

    expect(res.message).toBe('You will see fewer stories like this');
    expect(res.subject).not.toBeNull();
    const features = res.subject!.key.split('|');
    expect(features).toContain('@maury wills');
    expect(features).not.toContain('base');
    // Names and phrases from the article's salient terms; no lone word makes the subject.
    expect(features.filter((f) => f.startsWith('@')).length).toBeGreaterThanOrEqual(2);
    for (const f of features) expect(obituary!.terms).toContain(f.startsWith('@') ? f.slice(1) : f);
    expect(res.subject!.terms).toContain('Maury Wills');
    // Nothing muted: no word, common or not, and no category.
    expect(res.mutedTopics).toEqual([]);

    const down = (await subjectsOf(r)).find((s) => s.key === res.subject!.key);
    expect(down).toMatchObject({ steering: 'down' });
    expect(down!.terms).toEqual(expect.arrayContaining(['maury wills']));
    expect(await rowsOf(r)).toEqual(
      [`article ${obituary!.id}`, `steer_down subject:${res.subject!.key}`].sort(),
    );
    expect(res.undo).toEqual({
      article_id: obituary!.id,
      at: expect.any(String),
      steering: [{ kind: 'subject', key: res.subject!.key, state: 'none' }],
    });

    // Another reader cannot undo it; nothing changes for either.
    const other = await reader();
    const refused = await undoFewer(other, res.undo);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({
      message: 'Nothing to undo: you did not ask for fewer like this article.',
      code: 'NOTHING_TO_UNDO',
    });
    expect(await rowsOf(other)).toEqual([]);
    expect((await subjectsOf(r)).find((s) => s.key === res.subject!.key)?.steering).toBe('down');

    // The reader's undo: the state before, exactly; a second one has nothing to undo.
    const undone = await undoFewer(r, res.undo);
    expect(undone.status).toBe(200);
    expect(undone.body.message).toBe('Story back in your feed');
    expect(await rowsOf(r)).toEqual([]);
    expect((await subjectsOf(r)).find((s) => s.key === res.subject!.key)).toBeUndefined();
    expect((await undoFewer(r, res.undo)).status).toBe(404);
  });

  it('takes a feed article out at once and never back; the undo brings it back in its place', async () => {
    const r = await reader();
    const first = await client.feed(r);
    const target = first.recommendations[2]!.article_id._id;
    const res = await fewer(r, target);
    expect(articleIds(await client.feed(r))).not.toContain(target);

    // Its story neither, after a rebuild.
    const [row] = await ctx.database.db
      .select({ storyId: articles.storyId })
      .from(articles)
      .where(eq(articles.id, target));
    const story = row?.storyId
      ? (
          await ctx.database.db
            .select({ id: articles.id })
            .from(articles)
            .where(eq(articles.storyId, row.storyId))
        ).map((a) => a.id)
      : [target];
    const rebuilt = await client.refresh(r);
    expect(articleIds(rebuilt).filter((id) => story.includes(id))).toEqual([]);

    // Undone before the rebuild would have been: the rows come back as they were.
    const r2 = await reader();
    const feed2 = articleIds(await client.feed(r2));
    const target2 = feed2[3]!;
    const res2 = await fewer(r2, target2);
    expect(articleIds(await client.feed(r2))).not.toContain(target2);
    expect((await undoFewer(r2, res2.undo)).status).toBe(200);
    expect(articleIds(await client.feed(r2))).toEqual(feed2);
    expect(await rowsOf(r2)).toEqual([]);

    // And after the rebuild, undone, the article may be picked again.
    expect((await undoFewer(r, res.undo)).status).toBe(200);
    expect(await rowsOf(r)).toEqual([]);
  });

  it('restores a subject steered before, and leaves one the reader steered since', async () => {
    const r = await reader();
    const target = articleIds(await client.feed(r))[1]!;
    const once = await fewer(r, target);
    expect(once.subject).not.toBeNull();
    const key = once.subject!.key;
    expect((await undoFewer(r, once.undo)).status).toBe(200);

    const steer = (state: string) =>
      client.control(r, 'steer', { changes: [{ kind: 'subject', key, state }] }).expect(200);
    await steer('up');
    const twice = await fewer(r, target);
    expect(twice.undo.steering).toEqual([{ kind: 'subject', key, state: 'up' }]);
    expect((await subjectsOf(r)).find((s) => s.key === key)?.steering).toBe('down');
    expect((await undoFewer(r, twice.undo)).status).toBe(200);
    expect((await subjectsOf(r)).find((s) => s.key === key)?.steering).toBe('up');

    // Steered off since the fewer: the undo brings the article back and keeps `off`.
    const third = await fewer(r, target);
    await steer('off');
    expect((await undoFewer(r, third.undo)).status).toBe(200);
    expect((await subjectsOf(r)).find((s) => s.key === key)?.steering).toBe('off');
    expect(
      await ctx.database.db
        .select()
        .from(readerControls)
        .where(and(eq(readerControls.userId, r.id), eq(readerControls.kind, 'article'))),
    ).toEqual([]);
  });

  it('refuses bad input with 400 and the shared error shape, changing nothing', async () => {
    const r = await reader();
    const target = articleIds(await client.feed(r))[0]!;
    const res = await fewer(r, target);
    const before = await rowsOf(r);
    for (const undo of [
      undefined,
      { ...res.undo, article_id: 'nope' },
      { ...res.undo, at: 'yesterday' },
      { ...res.undo, steering: [{ kind: 'category', key: 'sports', state: 'none' }] },
      { ...res.undo, steering: [{ kind: 'subject', key: 'a|b\u0000', state: 'none' }] },
      { ...res.undo, steering: [{ kind: 'subject', key: 'x', state: 'sideways' }] },
    ]) {
      const bad = await undoFewer(r, undo);
      expect(bad.status, JSON.stringify(undo)).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      expect(bad.body.errors.length).toBeGreaterThan(0);
    }
    // An undo of another time is not this reader's change.
    const stale = await undoFewer(r, { ...res.undo, at: new Date(0).toISOString() });
    expect(stale.status).toBe(404);
    expect(await rowsOf(r)).toEqual(before);
    const signedOut = await ctx.request().post('/api/recommendations/undofewer').send({});
    expect(signedOut.status).toBe(401);
  });
});
