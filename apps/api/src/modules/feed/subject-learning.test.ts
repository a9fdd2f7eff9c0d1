/**
 * Black-box: likes teach the feed a subject without taking the reader's declared
 * interests away. Everything goes through the HTTP API on the bundled corpus, a learner
 * against a control reader with the same interests. The subject is found in the corpus, not
 * chosen by hand: the largest cluster of recent articles sharing two rare words, all in
 * categories outside the interests; "on the subject" is judged by its words.
 */
import { type CategoryId, type PublicArticle } from '@lede/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { articleIds, readerClient } from '../../../test/recommendations.js';
import { findSubject, recentArticles, type Subject } from '../../../test/subjects.js';
import { seedCorpusIfEmpty } from '../articles/index.js';

const INTERESTS: CategoryId[] = ['sports', 'health', 'entertainment'];
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

async function reader(): Promise<TestReader> {
  const r = await createReader(ctx.deps);
  await client.setInterests(r, INTERESTS);
  return r;
}

const top10 = (feed: Feed, test: (a: PublicArticle) => boolean) =>
  feed.recommendations.slice(0, 10).filter((r) => test(r.article_id)).length;
const declared = (a: PublicArticle) =>
  a.categories.some((c) => INTERESTS.includes(c as CategoryId));

/** A learner who liked the subject's three most central articles, and a control who did not. */
async function learnerAndControl() {
  const [learner, control] = [await reader(), await reader()];
  for (const a of subject.articles.slice(0, 3)) await client.react(learner, 'like', a._id);
  return { learner, control };
}

describe('learn the subject, keep the reader', () => {
  it('three likes on a subject outside the interests: ≥ 3 of the next 10 on it, ≥ 4 still declared', async () => {
    const { learner, control } = await learnerAndControl();
    const [after, base] = [await client.refresh(learner), await client.refresh(control)];

    const onSubject = top10(after, subject.isOn);
    console.info(
      `subject ${subject.words.join(' ')} (${subject.articles.length} articles): learner ` +
        `${onSubject}/10 on it, ${top10(after, declared)}/10 declared; control ` +
        `${top10(base, subject.isOn)}/10 on it, ${top10(base, declared)}/10 declared`,
    );
    expect(onSubject).toBeGreaterThanOrEqual(3);
    expect(onSubject).toBeGreaterThan(top10(base, subject.isOn));
    expect(top10(after, declared)).toBeGreaterThanOrEqual(4);

    // The reasons say where it comes from: a liked article by its title, or the subject's name.
    const liked = subject.articles.slice(0, 3).map((a) => a.title.slice(0, 30));
    const named = after.recommendations
      .slice(0, 10)
      .map((r) => r.reasons[0]!)
      .filter((reason) => /^(Because you liked '.+…?'|More on .+)$/.test(reason));
    console.info(`first reasons naming the source: ${named.join(' | ')}`);
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const reason of named.filter((r) => r.startsWith('Because you liked'))) {
      expect(liked.some((t) => reason.includes(t.slice(0, 25)))).toBe(true);
    }
  });

  it('three dislikes in a category: its share of the top 10 at most half the control’s', async () => {
    const [learner, control] = [await reader(), await reader()];
    const first = await client.feed(learner);
    // The declared category the first page shows most of.
    const inCategory = (c: string) => (a: PublicArticle) => a.categories.includes(c);
    const [category] = [...INTERESTS].sort(
      (a, b) => top10(first, inCategory(b)) - top10(first, inCategory(a)),
    );
    const items = first.recommendations.filter((x) => inCategory(category!)(x.article_id));
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const x of items.slice(0, 3)) await client.react(learner, 'dislike', x.article_id._id);

    const [after, base] = [await client.refresh(learner), await client.refresh(control)];
    const [mine, theirs] = [
      top10(after, inCategory(category!)),
      top10(base, inCategory(category!)),
    ];
    console.info(`${category} in the top 10 after 3 dislikes: learner ${mine}, control ${theirs}`);
    expect(theirs).toBeGreaterThanOrEqual(2);
    expect(mine).toBeLessThanOrEqual(theirs / 2);
  });

  it('ten refreshes later ≥ 4 of 10 are still declared, and nothing read or disliked comes back', async () => {
    const { learner } = await learnerAndControl();
    const gone = new Set<string>(subject.articles.slice(0, 3).map((a) => a._id));
    const declaredPerPage: number[] = [];
    for (let i = 0; i < 10; i++) {
      const feed = await client.refresh(learner);
      const ids = articleIds(feed);
      expect(ids.filter((id) => gone.has(id))).toEqual([]);
      declaredPerPage.push(top10(feed, declared));
      const [read, disliked] = [ids[i % 4]!, ids[10 + (i % 4)]!];
      expect((await client.markAsRead(learner, read)).status).toBe(200);
      await client.react(learner, 'dislike', disliked);
      gone.add(read).add(disliked);
      ctx.clock.advance(DAY_MS / 2);
    }
    console.info(`declared in the top 10 over 10 refreshes: ${declaredPerPage.join(' ')}`);
    for (const n of declaredPerPage) expect(n).toBeGreaterThanOrEqual(4);
    expect(articleIds(await client.refresh(learner)).filter((id) => gone.has(id))).toEqual([]);
  });
});
