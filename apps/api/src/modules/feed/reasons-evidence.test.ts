/**
 * Black-box: a reason names a saved or liked article only when the two share its story
 * or at least two salient terms; a subject only when the article carries its terms. Everything
 * goes through the HTTP API on the bundled corpus; the stored terms are read back to check.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createReader } from '../../../test/readers.js';
import { readerClient } from '../../../test/recommendations.js';
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

interface Stored extends Record<string, unknown> {
  id: string;
  title: string;
  story_id: string | null;
  terms: string[];
}

async function stored(where: ReturnType<typeof sql>): Promise<Stored[]> {
  const { rows } = await ctx.database.db.execute<Stored>(
    sql`select id, title, story_id, to_json(terms) as terms from articles where ${where}`,
  );
  return rows;
}
const byTitle = async (prefix: string) =>
  (await stored(sql`title like ${`${prefix}%`}`))[0] ?? expect.fail(`no article "${prefix}"`);

/** Shared terms, a single word inside a shared phrase counted once (as articles/related.ts). */
function distinctShared(shared: readonly string[]): string[] {
  const words = new Set(shared.filter((t) => t.includes(' ')).flatMap((t) => t.split(' ')));
  return shared.filter((t) => t.includes(' ') || !words.has(t));
}

/** The distinct salient terms two articles share (a word inside a shared phrase counted once). */
const sharedTerms = (a: Stored, b: Stored) =>
  distinctShared(a.terms.filter((t) => b.terms.includes(t)));

describe('reasons with evidence', () => {
  it('names a saved article only for an article of its story or sharing two of its terms', async () => {
    const nasa = await byTitle('NASA Releases More Images');
    const kardashian = await byTitle("Kim Kardashian's Next Boyfriend");
    expect(sharedTerms(nasa, kardashian).length).toBeLessThan(2);

    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, ['science', 'entertainment', 'technology']);
    await client.react(reader, 'save', nasa.id);
    const feed = await client.refresh(reader);
    const quoted = `Because you saved '${nasa.title.slice(0, 20)}`;
    const citing = feed.recommendations.filter((r) => r.reasons.some((x) => x.startsWith(quoted)));
    const details = await stored(
      sql`id = any(${sql.param(feed.recommendations.map((r) => r.article_id._id))}::uuid[])`,
    );
    const of = new Map(details.map((d) => [d.id, d]));
    for (const r of citing) {
      const a = of.get(r.article_id._id)!;
      const evidence = a.story_id === nasa.story_id || sharedTerms(nasa, a).length >= 2;
      expect([a.title, evidence]).toEqual([a.title, true]);
    }
    const onKardashian = feed.recommendations.find((r) => r.article_id._id === kardashian.id);
    for (const reason of onKardashian?.reasons ?? [])
      expect(reason).not.toContain(nasa.title.slice(0, 20));
  });

  it('names a subject only for an article carrying its terms, never by one common word', async () => {
    const climate = await stored(sql`'climate change' = any(terms) order by pub_date desc limit 3`);
    expect(climate).toHaveLength(3);
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, ['sports', 'food', 'travel']);
    for (const a of climate) await client.react(reader, 'like', a.id);
    const feed = await client.refresh(reader);
    const details = await stored(
      sql`id = any(${sql.param(feed.recommendations.map((r) => r.article_id._id))}::uuid[])`,
    );
    const of = new Map(details.map((d) => [d.id, d]));
    for (const r of feed.recommendations) {
      const a = of.get(r.article_id._id)!;
      for (const reason of r.reasons) {
        const subject = /^More on (.+)$/.exec(reason)?.[1];
        // The subject is one of the article's terms, or a word of one ("climate" in "climate
        // catastrophe"): what it carries, never a word of its text alone.
        if (subject) {
          const key = subject.toLowerCase();
          const carried = a.terms.some((t) => t === key || t.split(' ').includes(key));
          expect([a.title, reason, carried]).toEqual([a.title, reason, true]);
        }
        const liked = /^Because you liked '(.+?)…?'$/.exec(reason)?.[1];
        if (!liked) continue;
        const source = climate.find((c) => c.title.startsWith(liked));
        expect(source).toBeDefined();
        const evidence = a.story_id === source!.story_id || sharedTerms(source!, a).length >= 2;
        expect([a.title, reason, evidence]).toEqual([a.title, reason, true]);
      }
    }
  });
});
