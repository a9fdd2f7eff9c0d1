/**
 * Reads teach, gently: a story the reader opened is weak evidence of what they
 * follow, weaker than a like, fading with time, and overruled by their own word on it.
 * Through the HTTP API on the bundled corpus, as a reader does it: open stories on one subject
 * outside the declared interests (POST /api/articles/markviewed, what the article page calls),
 * refresh, and count the next ten by the subject's words, against readers with the same
 * interests who liked the same stories or did nothing. The subject is found in the corpus
 * (test/subjects.ts), not chosen by hand.
 */
import type { CategoryId, PublicArticle } from '@lede/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { readerClient } from '../../../test/recommendations.js';
import { findSubject, recentArticles, type Subject } from '../../../test/subjects.js';
import { seedCorpusIfEmpty } from '../articles/index.js';

const INTERESTS: CategoryId[] = ['sports', 'travel', 'food'];
const DAY_MS = 86_400_000;

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
let subject: Subject;

beforeAll(async () => {
  ctx = await createTestContext();
  client = readerClient(ctx.request);
  await seedCorpusIfEmpty(ctx.database.db, ctx.deps.logger);
  subject = findSubject(await recentArticles(ctx.request), INTERESTS);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

type Feed = Awaited<ReturnType<typeof client.feed>>;

const top10 = (feed: Feed, test: (a: PublicArticle) => boolean) =>
  feed.recommendations.slice(0, 10).filter((r) => test(r.article_id)).length;
const onSubject = (feed: Feed) => top10(feed, (a) => subject.isOn(a));

/** Every declared interest keeps its floor: at least 2 of the top 20. */
function expectFloors(feed: Feed) {
  const counts = new Map<string, number>();
  for (const r of feed.recommendations.slice(0, 20))
    for (const c of r.article_id.categories) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const c of INTERESTS) expect([c, (counts.get(c) ?? 0) >= 2]).toEqual([c, true]);
}

async function reader(): Promise<TestReader> {
  const r = await createReader(ctx.deps);
  await client.setInterests(r, INTERESTS);
  await client.feed(r);
  return r;
}

/** A reader who opened the subject's `n` most central stories, as the article page records it. */
async function opened(n: number): Promise<TestReader> {
  const r = await reader();
  for (const a of subject.articles.slice(0, n))
    await ctx
      .request()
      .post('/api/articles/markviewed')
      .set(r.auth())
      .send({ article_id: a._id })
      .expect(200);
  return r;
}

async function liked(n: number): Promise<TestReader> {
  const r = await reader();
  for (const a of subject.articles.slice(0, n)) await client.react(r, 'like', a._id);
  return r;
}

describe('reads teach a subject, gently (bundled corpus, through the API)', () => {
  it('three stories opened: more of the subject than nothing, less than three likes, every floor kept', async () => {
    const [none, reads, likes] = [await reader(), await opened(3), await liked(3)];
    const [base, afterReads, afterLikes] = [
      await client.refresh(none),
      await client.refresh(reads),
      await client.refresh(likes),
    ];
    console.info(
      `subject ${subject.words.join(' ')}: in the next 10, control ${onSubject(base)}, ` +
        `3 opened ${onSubject(afterReads)}, 3 liked ${onSubject(afterLikes)}`,
    );
    expect(onSubject(afterReads)).toBeGreaterThan(onSubject(base));
    expect(onSubject(afterReads)).toBeLessThan(onSubject(afterLikes));
    expectFloors(afterReads);
    // The cards taught by the reads say so: the story read, or the subject's name.
    const read = subject.articles.slice(0, 3).map((a) => a.title.slice(0, 25));
    const named = afterReads.recommendations
      .slice(0, 10)
      .map((r) => r.reasons[0]!)
      .filter((reason) => /^(Because you read '.+'|More on .+)$/.test(reason));
    console.info(`first reasons from the reads: ${named.join(' | ')}`);
    expect(named.length).toBeGreaterThanOrEqual(1);
    for (const reason of named.filter((r) => r.startsWith('Because you read')))
      expect(read.some((t) => reason.includes(t))).toBe(true);
  });

  it('one story opened is a step: at most 2 more of the next 10 than the control, floors kept', async () => {
    const [none, once] = [await reader(), await opened(1)];
    const [base, after] = [await client.refresh(none), await client.refresh(once)];
    console.info(`in the next 10: control ${onSubject(base)}, 1 opened ${onSubject(after)}`);
    expect(onSubject(after)).toBeLessThanOrEqual(onSubject(base) + 2);
    expectFloors(after);
  });

  it('reads fade: stories opened two months ago teach less than fresh ones', async () => {
    const old = await opened(3);
    ctx.clock.advance(60 * DAY_MS);
    const fresh = await opened(3);
    const [a, b] = [await client.refresh(old), await client.refresh(fresh)];
    console.info(`in the next 10: opened 60 days ago ${onSubject(a)}, fresh ${onSubject(b)}`);
    expect(onSubject(b)).toBeGreaterThan(onSubject(a));
  });

  it('the profile lists the subject as learned from the stories read', async () => {
    const r = await opened(3);
    const res = await ctx.request().get('/api/recommendations/profile').set(r.auth()).expect(200);
    const subjects = res.body.subjects as Array<{
      label: string;
      source: string;
      sources: Array<{ article_id: string; action: string }>;
    }>;
    const read = new Set(subject.articles.slice(0, 3).map((a) => a._id));
    const found = subjects.find((s) => s.sources.some((x) => read.has(x.article_id)));
    console.info(`learned from reads: ${found?.label} (${found?.source})`);
    expect(found, JSON.stringify(subjects.map((s) => s.label))).toBeDefined();
    expect(found!.sources.map((x) => x.action)).toEqual(found!.sources.map(() => 'read'));
    expect(found!.source).toMatch(/^From (\d+ articles|'.+', which) you read$/);
  });

  it('their own word overrules a read: opened, then disliked or "fewer like this", teaches nothing', async () => {
    const base = await client.refresh(await reader());
    for (const action of ['dislike', 'fewer'] as const) {
      const r = await opened(3);
      for (const a of subject.articles.slice(0, 3)) {
        if (action === 'dislike') await client.react(r, 'dislike', a._id);
        else
          expect((await client.control(r, 'fewerlikethis', { article_id: a._id })).status).toBe(
            200,
          );
      }
      const after = await client.refresh(r);
      console.info(`in the next 10 after 3 opened, then ${action}: ${onSubject(after)}`);
      expect(onSubject(after)).toBeLessThanOrEqual(onSubject(base));
      const reasons = after.recommendations.flatMap((x) => x.reasons);
      expect(
        reasons.filter((x) => /^Because you read|^Similar to an article you read/.test(x)),
      ).toEqual([]);
      // Nor does the profile list a subject learned from them.
      const res = await ctx.request().get('/api/recommendations/profile').set(r.auth()).expect(200);
      const read = new Set(subject.articles.slice(0, 3).map((a) => a._id));
      const sources = (res.body.subjects as Array<{ sources: Array<{ article_id: string }> }>)
        .flatMap((x) => x.sources)
        .filter((x) => read.has(x.article_id));
      expect(sources).toEqual([]);
    }
  });
});
