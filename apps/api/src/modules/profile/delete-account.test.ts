import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import { logIn, signUp, uniqueEmail } from '../../../test/flows.js';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lede-delete-account-'));
  ctx = await createTestContext({ dataDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const query = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query<T>(text, params)).rows;

/** Every column anywhere in the schema that references users: new tables are covered without editing this test. */
async function userForeignKeys(): Promise<{ table: string; column: string }[]> {
  return query(`
    select cl.relname as table, a.attname as column
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass
    order by 1, 2
  `);
}

async function rowsReferring(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column } of await userForeignKeys()) {
    const [row] = await query<{ n: number }>(
      `select count(*)::int as n from "${table}" where "${column}" = $1`,
      [userId],
    );
    counts[`${table}.${column}`] = row!.n;
  }
  return counts;
}

/** The references this test fills; after the deletion every reference to users is checked, these and any other. */
const seededReferences = [
  'otp_challenges.user_id',
  'refresh_tokens.user_id',
  'article_reactions.user_id',
  'saved_articles.user_id',
  'article_shares.user_id',
  'article_views.user_id',
];

/** Likes, dislikes, saves, shares and a view of `articleIds`, inserted as rows with their counters, like the API does. */
async function interact(userId: string, [a, b, c]: string[]) {
  const at = ctx.clock.now();
  await query(
    `insert into article_reactions (user_id, article_id, kind, created_at, updated_at) values ($1, $2, 'like', $4, $4), ($1, $3, 'dislike', $4, $4)`,
    [userId, a, b, at],
  );
  await query(`update articles set likes = likes + 1 where id = $1`, [a]);
  await query(`update articles set dislikes = dislikes + 1 where id = $1`, [b]);
  await query(`insert into saved_articles (user_id, article_id, created_at) values ($1, $2, $3)`, [
    userId,
    c,
    at,
  ]);
  await query(
    `insert into article_shares (user_id, article_id, created_at) values ($1, $2, $3), ($1, $2, $3)`,
    [userId, a, at],
  );
  await query(
    `insert into article_views (user_id, article_id, viewed_at, local_day) values ($1, $2, $3::timestamptz, ($3::timestamptz)::date)`,
    [userId, c, at],
  );
  await query(`update articles set saves = saves + 1, views = views + 1 where id = $1`, [c]);
  // Two shares of one article by one reader: two rows, one counted (shares count readers).
  await query(`update articles set shares = shares + 1 where id = $1`, [a]);
}

const counterDrift = () =>
  query(`
    select a.id from articles a
    where a.likes <> (select count(*) from article_reactions r where r.article_id = a.id and r.kind = 'like')
       or a.dislikes <> (select count(*) from article_reactions r where r.article_id = a.id and r.kind = 'dislike')
       or a.saves <> (select count(*) from saved_articles s where s.article_id = a.id)
       or a.shares <> (select count(distinct user_id) from article_shares s where s.article_id = a.id)
       or a.views <> (select count(distinct user_id) from article_views v where v.article_id = a.id)
  `);

describe('DELETE /api/profile/deleteaccount', () => {
  it('erases the user and every row of theirs in one go; the old token and cookie stop working', async () => {
    const email = uniqueEmail('leaving');
    const agent = ctx.request();
    const signedUp = await signUp(ctx, agent, { email });
    const userId = signedUp.user._id as string;
    const refreshCookie = String(signedUp.res.headers['set-cookie']).split(';')[0]!;
    const { token } = await logIn(ctx, agent, email); // a login challenge (user_id set) and a second refresh token
    // A sign-up challenge carries only the e-mail: the cascade cannot reach it.
    await query(
      `insert into otp_challenges (email, purpose, code_hash, expires_at, attempts_left, created_at) values ($1, 'signup', 'x', $2, 5, $2)`,
      [email, ctx.clock.now()],
    );
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const uploaded = await ctx
      .request()
      .post('/api/profile/uploadpicture')
      .set('Authorization', `Bearer ${token}`)
      .attach('file', picture, 'me.png');
    expect(uploaded.status).toBe(200);
    const avatarFile = path.join(
      dataDir,
      'media',
      'avatars',
      path.basename(uploaded.body.url as string),
    );

    const stayerEmail = uniqueEmail('staying');
    const stayerAgent = ctx.request();
    const stayer = await signUp(ctx, stayerAgent, { email: stayerEmail });
    await logIn(ctx, stayerAgent, stayerEmail);
    const articleIds = (await insertArticles(ctx.database.db, [{}, {}, {}])).map((a) => a.id);
    await interact(userId, articleIds);
    await interact(stayer.user._id as string, articleIds);

    const before = await rowsReferring(userId);
    for (const reference of seededReferences)
      expect(before[reference], reference).toBeGreaterThan(0);
    expect(
      (await query('select count(*)::int as n from otp_challenges where email = $1', [email]))[0]!
        .n,
    ).toBeGreaterThanOrEqual(3);
    expect(fs.existsSync(avatarFile)).toBe(true);

    const res = await agent
      .delete('/api/profile/deleteaccount')
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Account deleted successfully!' });
    expect(String(res.headers['set-cookie'])).toMatch(
      /lede_refresh=;.*Path=\/api;.*Expires=Thu, 01 Jan 1970/,
    );

    expect(
      await query('select id from users where id = $1 or lower(email) = $2', [userId, email]),
    ).toEqual([]);
    for (const [reference, n] of Object.entries(await rowsReferring(userId)))
      expect(n, reference).toBe(0);
    expect(await query('select id from otp_challenges where lower(email) = $1', [email])).toEqual(
      [],
    );
    expect(fs.existsSync(avatarFile)).toBe(false);

    // Everyone else's data stays, and the articles' counters still equal their rows.
    const stayerRows = await rowsReferring(stayer.user._id as string);
    for (const reference of seededReferences)
      expect(stayerRows[reference], reference).toBeGreaterThan(0);
    expect(await counterDrift()).toEqual([]);
    expect(
      await query(
        'select likes, dislikes, saves, shares, views from articles where id = any($1) order by likes desc, dislikes desc, saves desc',
        [articleIds],
      ),
    ).toEqual([
      { likes: 1, dislikes: 0, saves: 0, shares: 1, views: 0 },
      { likes: 0, dislikes: 1, saves: 0, shares: 0, views: 0 },
      { likes: 0, dislikes: 0, saves: 1, shares: 0, views: 1 },
    ]);

    const me = await ctx.request().get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: 'Invalid or expired token', code: 'INVALID_TOKEN' });
    await ctx
      .request()
      .get('/api/profile/getstreak')
      .set('Authorization', `Bearer ${token}`)
      .expect(401);
    await ctx
      .request()
      .delete('/api/profile/deleteaccount')
      .set('Authorization', `Bearer ${token}`)
      .expect(401);
    await ctx.request().post('/api/auth/refresh').set('Cookie', refreshCookie).expect(401);

    // The address is free again.
    await signUp(ctx, ctx.request(), { email });
  });

  it('a reader without any activity can leave too', async () => {
    const email = uniqueEmail('brief');
    const { token, user } = await signUp(ctx, ctx.request(), { email });
    const res = await ctx
      .request()
      .delete('/api/profile/deleteaccount')
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(await query('select id from users where id = $1', [user._id])).toEqual([]);
  });
});
