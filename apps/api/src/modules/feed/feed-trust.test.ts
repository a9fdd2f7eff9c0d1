import { categoryLabel, type CategoryId } from '@lede/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createReader } from '../../../test/readers.js';
import { readerClient } from '../../../test/recommendations.js';
import { seedCorpusIfEmpty } from '../articles/index.js';

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedCorpusIfEmpty(ctx.database.db, ctx.deps.logger);
  client = readerClient(ctx.request);
});
afterAll(async () => {
  await ctx.close();
});

const INTERESTS = ['technology', 'science', 'world', 'health'];

type Feed = Awaited<ReturnType<typeof client.feed>>;
/** How many of the top twenty carry each category. */
function topTwentyCounts(feed: Feed): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of feed.recommendations.slice(0, 20))
    for (const c of r.article_id.categories) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

function expectEveryInterestPresent(feed: Feed) {
  const counts = topTwentyCounts(feed);
  const seen = Object.fromEntries(INTERESTS.map((c) => [c, counts.get(c) ?? 0]));
  for (const c of INTERESTS) expect(seen, c).toMatchObject({ [c]: expect.any(Number) });
  for (const c of INTERESTS) expect([c, seen[c]! >= 2]).toEqual([c, true]);
  for (const [c, n] of counts) expect([c, n <= 8]).toEqual([c, true]);
}

describe('every declared interest in every page, on the bundled corpus', () => {
  it('shows each of four interests at least twice in the first top twenty, none over 8', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const feed = await client.feed(reader);
    expectEveryInterestPresent(feed);
  });

  it('keeps every interest’s floor after one like and a refresh', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const first = await client.feed(reader);
    const science = first.recommendations.find((r) => r.article_id.categories.includes('science'))!;
    await client.react(reader, 'like', science.article_id._id);
    const after = await client.refresh(reader);
    expectEveryInterestPresent(after);
  });
});

describe('gentle nudges, on the bundled corpus', () => {
  /** Stories with this word outside the interests, as a visitor finds them by keyword. */
  async function storiesOn(keyword: string, outside: readonly string[], n: number) {
    const found = await ctx
      .request()
      .get(`/api/articles/getarticlebykeyword?keyword=${encodeURIComponent(keyword)}&limit=20`)
      .expect(200);
    const list = (found.body.articles as Array<{ _id: string; categories: string[] }>).filter(
      (a) => !a.categories.some((c) => outside.includes(c)),
    );
    expect(list.length).toBeGreaterThanOrEqual(n);
    return list.slice(0, n);
  }
  const OTHER = ['sports', 'travel', 'food'];
  const onClimate = (feed: Feed) =>
    feed.recommendations
      .slice(0, 10)
      .filter((r) => /climate/i.test(`${r.article_id.title} ${r.article_id.description}`)).length;
  async function likedClimate(likes: number) {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, OTHER);
    await client.feed(reader);
    for (const a of await storiesOn('climate', OTHER, likes))
      await client.react(reader, 'like', a._id);
    return reader;
  }

  it('one dislike or one "fewer like this" takes a step back, never an interest off the page', async () => {
    for (const action of ['dislike', 'fewer'] as const) {
      const reader = await createReader(ctx.deps);
      await client.setInterests(reader, INTERESTS);
      const first = await client.feed(reader);
      const world = first.recommendations.find((r) => r.article_id.categories[0] === 'world')!;
      if (action === 'dislike') await client.react(reader, 'dislike', world.article_id._id);
      else
        expect(
          (await client.control(reader, 'fewerlikethis', { article_id: world.article_id._id }))
            .status,
        ).toBe(200);
      const after = await client.refresh(reader);
      expect(after.recommendations.map((r) => r.article_id._id)).not.toContain(
        world.article_id._id,
      );
      expectEveryInterestPresent(after);
    }
  });

  it('evidence grows with repeated likes: three teach more than one', async () => {
    const [once, thrice] = [await likedClimate(1), await likedClimate(3)];
    const [a, b] = [await client.refresh(once), await client.refresh(thrice)];
    console.info(`climate in the next 10: one like ${onClimate(a)}, three likes ${onClimate(b)}`);
    expect(onClimate(b)).toBeGreaterThan(onClimate(a));
    // One like is a step (something that follows from it), not half the page.
    const taught = (feed: Feed) =>
      feed.recommendations.slice(0, 10).filter((r) => r.reasons[0]!.startsWith('Because you liked'))
        .length;
    console.info(`taught by a like in the next 10: one like ${taught(a)}, three ${taught(b)}`);
    // A card names the liked article only with evidence (its story or two shared
    // salient terms); no article of the corpus shares two with this one, so none may say so.
    expect(taught(a)).toBeLessThanOrEqual(3);
    expect(onClimate(a)).toBeLessThanOrEqual(3);
    for (const feed of [a, b]) {
      const counts = topTwentyCounts(feed);
      for (const c of OTHER) expect([c, (counts.get(c) ?? 0) >= 2]).toEqual([c, true]);
    }
  });

  it('evidence decays with time: likes from two months ago teach less than fresh ones', async () => {
    const old = await likedClimate(3);
    ctx.clock.advance(60 * 86_400_000);
    const fresh = await likedClimate(3);
    const [a, b] = [await client.refresh(old), await client.refresh(fresh)];
    console.info(`climate in the next 10: 60-day-old likes ${onClimate(a)}, fresh ${onClimate(b)}`);
    expect(onClimate(b)).toBeGreaterThan(onClimate(a));
  });
});

describe('what a card says', () => {
  // Not the category its reason names, as cards were once labelled: a
  // card's label is the article's own primary category, the same on its card, in Explore and on
  // its page, and the recommendation's `category` is that primary.
  it("labels each card with the article's primary category", async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, ['lifestyle', 'health', 'world']);
    const feed = await client.feed(reader);
    let named = 0;
    for (const r of feed.recommendations as unknown as {
      category: string | null;
      reasons: string[];
      article_id: { categories: string[] };
    }[]) {
      expect(r.category).toBe(r.article_id.categories[0]);
      expect(categoryLabel(r.category as CategoryId)).toBeTruthy();
      if (/^Because you like (.+)$/.test(r.reasons[0] ?? '')) named += 1;
    }
    expect(named).toBeGreaterThan(5);
  });
});

describe('never an empty feed by one click, on the bundled corpus (one source)', () => {
  it('refuses to hide the only source, says why, and leaves the feed as it was', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const before = await client.feed(reader);
    const source = before.recommendations[0]!.article_id.source_name;
    const controls = await client.controls(reader);
    expect(controls.body.feedSources).toBe(1);

    const refused = await client.control(reader, 'hidesource', { source_name: source });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message:
        'Your feed has too few stories from other sources: hiding this one would leave it empty.',
      code: 'LAST_SOURCE',
    });
    const after = await client.feed(reader);
    expect(after.recommendations.map((r) => r.article_id._id)).toEqual(
      before.recommendations.map((r) => r.article_id._id),
    );
    expect((await client.controls(reader)).body.hiddenSources).toEqual([]);
    const rows = await ctx.database.pool.query(
      'select count(*)::int as n from reader_controls where user_id = $1',
      [reader.id],
    );
    expect(rows.rows[0].n).toBe(0);
  });
});

describe('one consistent model of what the feed knows', () => {
  it('lists each topic in one state: "fewer like this" and likes never make a declared one muted or learned', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const feed = await client.feed(reader);
    const world = feed.recommendations.filter((r) => r.article_id.categories[0] === 'world');
    expect(world.length).toBeGreaterThanOrEqual(3);
    const fewer = await client.control(reader, 'fewerlikethis', {
      article_id: world[0]!.article_id._id,
    });
    expect(fewer.status).toBe(200);
    for (const r of world.slice(1, 3)) await client.react(reader, 'like', r.article_id._id);

    const controls = (await client.controls(reader)).body as {
      mutedTopics: { kind: string; value: string }[];
      learnedTopics: { category: string }[];
    };
    expect(
      controls.mutedTopics.filter((t) => t.kind === 'category' && INTERESTS.includes(t.value)),
    ).toEqual([]);
    expect(controls.mutedTopics).toEqual([]); // the story's subject is turned down instead
    expect(controls.learnedTopics.map((t) => t.category)).not.toContain('world');
    const profile = await ctx
      .request()
      .get('/api/recommendations/profile')
      .set(reader.auth())
      .expect(200);
    const categories = profile.body.categories as { category: string; declared: boolean }[];
    expect(categories.filter((c) => c.category === 'world')).toEqual([
      expect.objectContaining({ category: 'world', declared: true }),
    ]);
    // And the feed still shows world news at its floor.
    const after = await client.refresh(reader);
    expect(topTwentyCounts(after).get('world') ?? 0).toBeGreaterThanOrEqual(2);
  });
});

describe('subject learning on the bundled corpus', () => {
  it('after 3 likes on climate stories outside the interests, the next 10 hold 4 on climate', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, ['sports', 'travel', 'food']);
    await client.feed(reader);
    const found = await ctx
      .request()
      .get('/api/articles/getarticlebykeyword?keyword=climate&limit=10')
      .expect(200);
    const climate = (found.body.articles as { _id: string; categories: string[] }[]).filter(
      (a) => !a.categories.some((c) => ['sports', 'travel', 'food'].includes(c)),
    );
    for (const a of climate.slice(0, 3)) await client.react(reader, 'like', a._id);
    const after = await client.refresh(reader);
    const onClimate = after.recommendations
      .slice(0, 10)
      .filter((r) => /climate/i.test(`${r.article_id.title} ${r.article_id.description}`));
    // Said in its words, and every declared interest keeps its floor.
    expect(after.recommendations.some((r) => r.reasons[0] === 'More on climate')).toBe(true);
    const counts = topTwentyCounts(after);
    for (const c of ['sports', 'travel', 'food'])
      expect([c, (counts.get(c) ?? 0) >= 2]).toEqual([c, true]);
    expect(onClimate.length).toBeGreaterThanOrEqual(4);
  });
});

/** Lowercase words of a text, punctuation and possessives dropped: how a phrase is looked for. */
const words = (text: string) =>
  ` ${text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

describe('subjects in real words, on the bundled corpus', () => {
  it('gives articles keywords that are names and noun phrases of their own text', async () => {
    const res = await ctx.request().get('/api/articles/getlatestarticles?limit=50').expect(200);
    const list = res.body.articles as Array<{
      title: string;
      description: string;
      keywords: string[];
      categories: string[];
    }>;
    let phrases = 0;
    for (const a of list) {
      const text = words(`${a.title} ${a.description}`);
      for (const k of a.keywords.filter((k) => !a.categories.includes(k))) {
        // every keyword is written in the article ("2Pac's" gives "pac"; plurals may fold)
        expect([k, new RegExp(`${k}(s|es)? `).test(text)]).toEqual([k, true]);
        if (k.includes(' ')) phrases += 1;
      }
    }
    // names and phrases, not only single words; none of the single common words of old
    expect(phrases).toBeGreaterThanOrEqual(list.length);
    const all = list.flatMap((a) => a.keywords);
    for (const junk of ['sept', 'accidentally', 'grown', 'understand', 'says', 'half'])
      expect(all).not.toContain(junk);
    const fiona = await ctx
      .request()
      .get('/api/articles/getarticlebykeyword?keyword=hurricane%20fiona')
      .expect(200);
    expect(fiona.body.articles.length).toBeGreaterThanOrEqual(2);
  });

  it('names a learned subject by what the liked stories share', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, ['sports', 'travel', 'food']);
    const found = await ctx
      .request()
      .get('/api/articles/getarticlebykeyword?keyword=hurricane%20fiona&limit=10')
      .expect(200);
    const liked = (found.body.articles as Array<{ _id: string; title: string }>).slice(0, 3);
    expect(liked.length).toBeGreaterThanOrEqual(2);
    for (const a of liked) await client.react(reader, 'like', a._id);
    const profile = await ctx.request().get('/api/recommendations/profile').set(reader.auth());
    expect(profile.status).toBe(200);
    const subjects = profile.body.subjects as Array<{
      label: string;
      sources: Array<{ article_id: string }>;
    }>;
    const ids = new Set(liked.map((a) => a._id));
    const subject = subjects.find(
      (s) => s.sources.filter((x) => ids.has(x.article_id)).length >= 2,
    );
    expect(subject, JSON.stringify(subjects.map((s) => s.label))).toBeDefined();
    const texts = await Promise.all(
      subject!.sources.map(async (x) => {
        const res = await ctx
          .request()
          .get(`/api/articles/getarticlebyid?article_id=${x.article_id}`)
          .expect(200);
        const a = res.body.article as { title: string; description: string; keywords: string[] };
        return words(`${a.title} ${a.description} ${a.keywords.join(' . ')}`);
      }),
    );
    // each term it is named by is in two or more of the stories it came from
    for (const term of subject!.label.split(' · ')) {
      const carriers = texts.filter((t) => t.includes(words(term))).length;
      expect([term, carriers >= 2]).toEqual([term, true]);
    }
    expect(subject!.label.toLowerCase()).toMatch(/fiona|hurricane|puerto rico/);
  });
});

describe('a preview is what applying gives', () => {
  it('shows exactly the top 10 that applying the change (technology up) and refreshing brings', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    await client.feed(reader);
    const changes = [{ kind: 'category', key: 'technology', state: 'up' }];
    const preview = await ctx
      .request()
      .post('/api/recommendations/preview')
      .set(reader.auth())
      .send({ changes })
      .expect(200);
    const previewed = (preview.body.recommendations as { article_id: { _id: string } }[]).map(
      (r) => r.article_id._id,
    );
    expect(previewed).toHaveLength(10);
    await ctx
      .request()
      .post('/api/recommendations/steer')
      .set(reader.auth())
      .send({ changes })
      .expect(200);
    const applied = await client.refresh(reader);
    expect(applied.recommendations.slice(0, 10).map((r) => r.article_id._id)).toEqual(previewed);
    // Turned up, technology leads the next ten by the label a reader sees (the primary
    // category); health no longer fills them.
    const inTopTen = (c: string) =>
      applied.recommendations.slice(0, 10).filter((r) => r.article_id.categories[0] === c).length;
    expect(inTopTen('technology')).toBeGreaterThanOrEqual(4);
    for (const other of INTERESTS.filter((c) => c !== 'technology'))
      expect([other, inTopTen(other) < inTopTen('technology')]).toEqual([other, true]);
    expect(inTopTen('health')).toBeLessThanOrEqual(3);
  });
});
