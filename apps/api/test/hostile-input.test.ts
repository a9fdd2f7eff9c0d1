import { CATEGORY_IDS, ROUTES, type Route } from '@lede/shared';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestContext, type TestContext } from './context.js';
import { insertArticle } from './fixtures.js';
import { PASSWORD, signUp, uniqueEmail } from './flows.js';

/**
 * Every string field of every route's shared input schema gets hostile values: NUL and other
 * control characters, malformed e-mails, huge strings, wrong types. Each answer must be a 4xx
 * JSON error and nothing may change in the database. The fields come from the schemas in
 * packages/shared (the route table, ROUTES), not from a list kept here.
 */

let ctx: TestContext;
let token: string;
let articleId: string;
beforeAll(async () => {
  // No rate limit may answer 429 in place of the validation under test.
  ctx = await createTestContext({
    authIpLimit: 1_000_000,
    otp: { emailLimit: 1_000_000, ipLimit: 1_000_000, windowMinutes: 15 },
  });
  ({ token } = await signUp(ctx, ctx.request(), { email: uniqueEmail('hostile') }));
  articleId = (await insertArticle(ctx.database.db, { title: 'Hostile input target' })).id;
});
afterAll(async () => {
  await ctx.close();
});

type Def = { type: string; shape?: Record<string, ZodLike>; innerType?: ZodLike; in?: ZodLike };
type ZodLike = { _zod: { def: Def } };

/** The kind of value a schema finally reads, through optional, default and pipe wrappers. */
function baseType(schema: ZodLike): string {
  const def = schema._zod.def;
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') {
    return baseType(def.innerType!);
  }
  if (def.type === 'pipe') return baseType(def.in!);
  return def.type;
}

function fieldsOf(schema: z.ZodType): Record<string, string> {
  const shape = (schema as unknown as ZodLike)._zod.def.shape ?? {};
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, baseType(v)]));
}

/** A value each field accepts, so that only the field under test is hostile. */
const validValue = (field: string): unknown =>
  ({
    email: uniqueEmail('valid'),
    password: PASSWORD,
    newPassword: PASSWORD,
    name: 'Ada Lovelace',
    otp: '123456',
    hash: '6f1c1a7e-0000-4000-8000-000000000000',
    resetToken: 'a-reset-token',
    article_id: articleId,
    articleId,
    keyword: 'news',
    interests: CATEGORY_IDS.slice(0, 3),
    theme: 'dark',
    timezone: 'Europe/Paris',
    profile_url: '/media/default-avatar.svg',
    source_name: 'Example News',
    kind: 'category',
    value: 'science',
    category: 'science',
    limit: 10,
    liked: true,
    disliked: true,
    saved: true,
  })[field];

const HOSTILE_STRINGS: [string, unknown][] = [
  ['a NUL byte', 'abc\u0000def'],
  ['a NUL in an e-mail', 'a\u0000b@example.com'],
  ['a bell', 'ring\u0007'],
  ['an escape sequence', '\u001b[31mred'],
  ['a C1 control', 'x\u0085y'],
];
/** Longer than any field allows, and still within the URL size a query string can carry. */
const HUGE: [string, unknown] = ['a huge string', 'x'.repeat(5_000)];
const MALFORMED_EMAILS: [string, unknown][] = [
  ['two at signs', 'a@b@example.com'],
  ['no domain', 'reader@'],
  ['a domain without a dot', 'reader@localhost'],
  ['a space', 'rea der@example.com'],
];
const WRONG_TYPES: [string, unknown][] = [
  ['a number', 12345],
  ['a boolean', true],
  ['null', null],
  ['an array', ['a', 'b']],
  ['an operator object', { $gt: '' }],
];

const TABLES = [
  'users',
  'otp_challenges',
  'refresh_tokens',
  'articles',
  'article_reactions',
  'saved_articles',
  'article_shares',
  'article_views',
  'recommendations',
  'reader_controls',
];

/** A fingerprint of everything a request could have written (rate-limit counters aside). */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const { rows } = await ctx.database.pool.query(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from ${table} t`,
    );
    out[table] = `${rows[0].n}:${rows[0].h}`;
  }
  return out;
}

function send(route: string, contract: Route, input: Record<string, unknown>) {
  const [method, path] = route.split(' ') as [string, string];
  let req: supertest.Test;
  const agent = ctx.request();
  const verb = method.toLowerCase() as 'get' | 'post' | 'put';
  if (contract.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(input)) {
      if (Array.isArray(v)) v.forEach((item) => qs.append(k, String(item)));
      else qs.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
    }
    req = agent[verb](`${path}?${qs}`);
  } else {
    req = agent[verb](path).send(input);
  }
  if (contract.access === 'signedIn') req = req.set('Authorization', `Bearer ${token}`);
  return req;
}

const routes = (Object.entries(ROUTES) as [string, Route][]).filter(([, r]) => r.body || r.query);

describe('hostile input on every string field of every endpoint', () => {
  it.each(routes)('%s', async (route, contract) => {
    const schema = (contract.body ?? contract.query)!;
    const fields = fieldsOf(schema);
    const stringFields = Object.entries(fields)
      .filter(([, type]) => type === 'string')
      .map(([k]) => k);
    expect(Object.keys(fields).length).toBeGreaterThan(0);
    const before = await databaseFingerprint();
    let sent = 0;
    for (const field of Object.keys(fields)) {
      const cases = stringFields.includes(field)
        ? [
            ...HOSTILE_STRINGS,
            HUGE,
            ...(field === 'email' ? MALFORMED_EMAILS : []),
            ...(contract.body ? WRONG_TYPES : []),
          ]
        : contract.body
          ? WRONG_TYPES.filter(([, v]) => typeof v !== typeof validValue(field))
          : HOSTILE_STRINGS.slice(0, 5);
      for (const [label, value] of cases) {
        const input = Object.fromEntries(Object.keys(fields).map((k) => [k, validValue(k)]));
        input[field] = value;
        const res = await send(route, contract, input);
        sent += 1;
        const what = `${route} with ${field} = ${label}`;
        expect(res.status, what).toBeGreaterThanOrEqual(400);
        expect(res.status, what).toBeLessThan(500);
        expect(res.headers['content-type'], what).toMatch(/application\/json/);
        expect(res.body.message, what).toEqual(expect.any(String));
      }
    }
    expect(sent).toBeGreaterThan(0);
    expect(await databaseFingerprint()).toEqual(before);
    // Limiters key on parsed input only: no hostile value reached a counter.
    const { rows } = await ctx.database.pool.query(
      `select key from rate_limit_hits where key ~ '[[:cntrl:]]' or key like '%@%@%' or length(key) > 400`,
    );
    expect(rows).toEqual([]);
  });

  it('a body that is not an object is refused with 400 everywhere', async () => {
    for (const [route, contract] of routes.filter(([, c]) => c.body)) {
      const [method, path] = route.split(' ') as [string, string];
      for (const body of ['[1,2]', '"text"', '42', 'null']) {
        const verb = method.toLowerCase() as 'post' | 'put';
        let req = ctx.request()[verb](path).set('Content-Type', 'application/json');
        if (contract.access === 'signedIn') req = req.set('Authorization', `Bearer ${token}`);
        const res = await req.send(body);
        expect(res.status, `${route} ${body}`).toBe(400);
      }
    }
  });
});
