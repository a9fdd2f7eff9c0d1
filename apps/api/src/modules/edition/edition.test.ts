/**
 * The daily edition through the HTTP API and the real SMTP catcher: a reader's edition leaves at
 * their chosen local time (the app's clock, moved by the test), with both RFC 8058 headers; one
 * POST to its link unsubscribes; a bad link changes nothing; nothing new, nothing sent.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import type { CaughtMail } from '../../../test/mail-catcher.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { labelledCorpus, readerClient } from '../../../test/recommendations.js';
import { editions as editionsTable, users } from '../../db/schema.js';
import { ManualClock } from '../../lib/clock.js';
import { pruneExpired } from '../../maintenance.js';
import { createFeedService } from '../feed/index.js';
import { clusterPendingStories } from '../stories/index.js';
import { createEditionService, EDITION_SIZE, type EditionService } from './edition.service.js';
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_TTL_MS } from './unsubscribe-token.js';

const INTERESTS = ['politics', 'business', 'world'];
const ORIGIN = 'https://lede.example';

let ctx: TestContext;
let editions: EditionService;
let client: ReturnType<typeof readerClient>;

beforeAll(async () => {
  ctx = await createTestContext({ appOrigin: ORIGIN });
  client = readerClient(ctx.request);
  editions = createEditionService(ctx.deps, createFeedService(ctx.deps));
  await insertArticles(
    ctx.database.db,
    labelledCorpus([...INTERESTS, 'sports', 'science', 'travel'], 12),
  );
});
afterAll(async () => {
  await ctx.close();
});

async function reader(timezone = 'UTC'): Promise<TestReader & { email: string }> {
  const r = await createReader(ctx.deps, timezone);
  await client.setInterests(r, INTERESTS);
  const [row] = await ctx.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, r.id));
  return { ...r, email: row!.email };
}

const putEdition = (r: TestReader, body: object) =>
  ctx.request().put('/api/profile/edition').set(r.auth()).send(body);

async function settingsOf(r: TestReader) {
  const res = await ctx.request().get('/api/profile/edition').set(r.auth());
  expect(res.status).toBe(200);
  return res.body.edition;
}

/** The queue's tick, at a moment of the app's clock. */
async function tickAt(iso: string): Promise<number> {
  ctx.clock.set(iso);
  return editions.sendDue();
}

const inbox = (r: { email: string }) => ctx.mail.messagesTo(r.email);

/** A header of a caught mail, its folded lines joined. */
const header = (mail: CaughtMail, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(mail.raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, '')
    .trim();

/** The mail's body as text: quoted-printable soft breaks and escapes undone. */
const bodyOf = (mail: CaughtMail) =>
  Buffer.from(
    mail.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const unsubscribeUrlOf = (mail: CaughtMail) => {
  const value = header(mail, 'List-Unsubscribe');
  return /^<(.+)>$/.exec(value ?? '')?.[1];
};

describe('the edition settings', () => {
  it('are off by default, in the time zone of the profile', async () => {
    const r = await reader('Europe/Paris');
    expect(await settingsOf(r)).toEqual({
      frequency: 'off',
      weekday: null,
      time: '07:00',
      timezone: 'Europe/Paris',
    });
  });

  it('are saved as the reader chose them, a day only for a weekly edition', async () => {
    const r = await reader();
    const res = await putEdition(r, {
      frequency: 'daily',
      weekday: 'friday',
      time: '06:45',
      timezone: 'Asia/Tokyo',
    });
    expect(res.status).toBe(200);
    const daily = { frequency: 'daily', weekday: null, time: '06:45', timezone: 'Asia/Tokyo' };
    expect(res.body.edition).toEqual(daily);
    expect(await settingsOf(r)).toEqual(daily);
    const weekly = { frequency: 'weekly', weekday: 'friday', time: '18:00', timezone: 'UTC' };
    expect((await putEdition(r, weekly)).status).toBe(200);
    expect(await settingsOf(r)).toEqual(weekly);
  });

  it('refuse bad input and keep what was saved', async () => {
    const r = await reader();
    const saved = { frequency: 'daily', weekday: null, time: '07:30', timezone: 'UTC' };
    expect((await putEdition(r, saved)).status).toBe(200);
    const bad = [
      { ...saved, frequency: 'hourly' },
      { ...saved, frequency: 'weekly' },
      { ...saved, time: '24:00' },
      { ...saved, time: '7:30' },
      { ...saved, timezone: 'Mars/Olympus' },
      { ...saved, frequency: 'weekly', weekday: 'funday' },
    ];
    for (const body of bad) {
      const res = await putEdition(r, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(['VALIDATION_FAILED', 'INVALID_TIMEZONE']).toContain(res.body.code);
    }
    expect(await settingsOf(r)).toEqual(saved);
  });

  it('need a session', async () => {
    expect((await ctx.request().get('/api/profile/edition')).status).toBe(401);
  });
});

describe('the edition', () => {
  it("leaves at each reader's chosen local time, with both unsubscribe headers", async () => {
    const paris = await reader('Europe/Paris');
    const tokyo = await reader('Asia/Tokyo');
    for (const r of [paris, tokyo]) {
      const daily = {
        frequency: 'daily',
        time: '08:00',
        timezone: r === paris ? 'Europe/Paris' : 'Asia/Tokyo',
      };
      expect((await putEdition(r, daily)).status).toBe(200);
    }
    // 07:59 in Paris; in Tokyo 15:59, long after its 08:00.
    await tickAt('2030-03-11T06:59:00Z');
    expect(await inbox(paris)).toHaveLength(0);
    expect(await inbox(tokyo)).toHaveLength(0);

    await tickAt('2030-03-11T07:00:00Z'); // 08:00 in Paris
    const [mail] = await inbox(paris);
    expect(await inbox(paris)).toHaveLength(1);
    expect(await inbox(tokyo)).toHaveLength(0);
    expect(mail!.subject).toBe('Your Lede edition for Monday 11 March 2030');
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = unsubscribeUrlOf(mail!);
    expect(url).toMatch(
      /^https:\/\/lede\.example\/api\/edition\/unsubscribe\?token=[\w-]+\.[\w-]+$/,
    );
    const body = bodyOf(mail!);
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain('<meta name="color-scheme" content="light dark">');
    expect(body.split(url!).length - 1).toBeGreaterThanOrEqual(2); // in both parts
    // One entry per story, each with its reason and number of sources.
    expect(body.match(/^\d+\. /gm)).toHaveLength(EDITION_SIZE);
    expect(body).toMatch(/Because you like \w+ · 1 source · Example News/);

    await tickAt('2030-03-11T07:30:00Z'); // a later tick the same morning
    await tickAt('2030-03-11T23:00:00Z'); // 08:00 on the 12th in Tokyo
    expect(await inbox(paris)).toHaveLength(1);
    expect(await inbox(tokyo)).toHaveLength(1);
  });

  it('leaves a weekly edition on its day only', async () => {
    const r = await reader();
    const weekly = { frequency: 'weekly', weekday: 'wednesday', time: '06:00', timezone: 'UTC' };
    expect((await putEdition(r, weekly)).status).toBe(200);
    await tickAt('2030-03-12T06:00:00Z'); // a Tuesday
    expect(await inbox(r)).toHaveLength(0);
    await tickAt('2030-03-13T06:10:00Z'); // Wednesday, ten minutes late
    const [mail] = await inbox(r);
    expect(mail!.subject).toBe('Your weekly Lede edition for Wednesday 13 March 2030');
  });

  it('is not sent when nothing is new since the last one, and then carries only the new', async () => {
    const r = await reader();
    const daily = { frequency: 'daily', time: '05:00', timezone: 'UTC' };
    expect((await putEdition(r, daily)).status).toBe(200);
    await tickAt('2030-03-14T05:00:00Z');
    expect(await inbox(r)).toHaveLength(1);
    await tickAt('2030-03-15T05:00:00Z'); // no report came in since
    expect(await inbox(r)).toHaveLength(1);

    // One event, reported by two sources: one story.
    const report = (title: string, sourceName: string, minute: number) => ({
      title,
      description: 'The harbor parliament votes tonight on the budget for the new port.',
      categories: ['politics'],
      pubDate: new Date(`2030-03-15T11:${minute}:00Z`),
      ingestedAt: new Date(`2030-03-15T11:${minute + 5}:00Z`),
      sourceName,
    });
    await insertArticles(ctx.database.db, [
      report('Harbor parliament votes on the new port budget tonight', 'Coast Herald', 10),
      report('Harbor parliament to vote on new port budget tonight', 'Pacific Wire', 20),
    ]);
    await clusterPendingStories(ctx.database.db, {
      now: new Date('2030-03-15T12:00:00Z'),
      logger: ctx.deps.logger,
    });
    await tickAt('2030-03-16T05:00:00Z');
    const mails = await inbox(r);
    expect(mails).toHaveLength(2);
    const body = bodyOf(mails[1]!);
    expect(body.match(/^\d+\. .*$/gm)).toEqual([expect.stringMatching(/^1\. Harbor parliament/)]);
    expect(body).toMatch(/Because you like Politics · 2 sources · /);
    expect(body).toMatch(/https:\/\/lede\.example\/story\/[0-9a-f-]{36}/);
    const rows = await ctx.database.db
      .select({ status: editionsTable.status, date: editionsTable.editionDate })
      .from(editionsTable)
      .where(eq(editionsTable.userId, r.id))
      .orderBy(editionsTable.editionDate);
    expect(rows).toEqual([
      { status: 'sent', date: '2030-03-14' },
      { status: 'empty', date: '2030-03-15' },
      { status: 'sent', date: '2030-03-16' },
    ]);

    // A month on, the hourly maintenance forgets them.
    await pruneExpired(ctx.database.db, new ManualClock('2030-04-15T04:59:00Z'));
    const left = await ctx.database.db
      .select({ date: editionsTable.editionDate })
      .from(editionsTable)
      .where(eq(editionsTable.userId, r.id));
    expect(left).toEqual([{ date: '2030-03-16' }]);
  });
});

describe('unsubscribing', () => {
  async function subscribed() {
    const r = await reader();
    const daily = { frequency: 'daily', time: '04:00', timezone: 'UTC' };
    expect((await putEdition(r, daily)).status).toBe(200);
    return r;
  }

  it('takes one POST to the link of the mail, without signing in', async () => {
    const r = await subscribed();
    await tickAt('2030-03-16T04:00:00Z');
    const url = new URL(unsubscribeUrlOf((await inbox(r))[0]!)!);
    const page = await ctx.request().get(`${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<form method="post" action="${url.pathname}${url.search}">`);
    expect((await settingsOf(r)).frequency).toBe('daily'); // a GET changes nothing

    const res = await ctx
      .request()
      .post(`${url.pathname}${url.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('You are unsubscribed');
    expect((await settingsOf(r)).frequency).toBe('off');
    await tickAt('2030-03-17T04:00:00Z');
    expect(await inbox(r)).toHaveLength(1);
  });

  it('refuses a tampered or expired link with a page that says so, and changes nothing', async () => {
    const r = await subscribed();
    const secret = ctx.deps.config.jwtSecret;
    const good = signUnsubscribeToken(secret, r.id, ctx.clock.now());
    const [payload, signature] = good.split('.') as [string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const other = Buffer.from(`${crypto.randomUUID()}:${Number(payload.length)}`).toString(
      'base64url',
    );
    const expired = signUnsubscribeToken(
      secret,
      r.id,
      new Date(ctx.clock.now().getTime() - UNSUBSCRIBE_TOKEN_TTL_MS - 1000),
    );
    const foreign = signUnsubscribeToken(
      'another secret of 32 characters!!',
      r.id,
      ctx.clock.now(),
    );
    for (const token of [`${payload}.${flipped}`, `${other}.${signature}`, expired, foreign]) {
      for (const method of ['get', 'post'] as const) {
        const res = await ctx.request()[method](`/api/edition/unsubscribe?token=${token}`);
        expect(res.status, `${method} ${token}`).toBe(400);
        expect(res.type).toBe('text/html');
        expect(res.text).toContain('not valid or has expired');
      }
    }
    expect((await settingsOf(r)).frequency).toBe('daily');
  });
});
