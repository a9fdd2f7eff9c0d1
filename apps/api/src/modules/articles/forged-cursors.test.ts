import { ROUTES, type Route, type RouteKey } from '@lede/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';

/**
 * A cursor is opaque to clients, but nothing stops one from forging it: every value the API did
 * not issue must answer 400 INVALID_CURSOR, whatever it holds, and never reach the database as
 * something PostgreSQL refuses (a 500).
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ publicCacheSeconds: 0 });
  await insertArticles(
    ctx.deps.db,
    Array.from({ length: 4 }, (_, i) => ({
      title: `Solar power story ${i}`,
      categories: ['science'],
      pubDate: new Date(Date.UTC(2022, 8, 1 + i)),
    })),
  );
});
afterAll(async () => {
  await ctx.close();
});

const cursorOf = (json: string) => Buffer.from(json).toString('base64url');
const ID = '0b7c4a52-4c1b-4e9a-8a7e-2f4b9c1d0e55';
const keyset = (p: unknown, i: unknown = ID) => cursorOf(JSON.stringify({ p, i }));
const offset = (o: unknown) => cursorOf(JSON.stringify({ o }));

/** Chronological lists (latest, a category) page by pub_date and id. */
const FORGED_KEYSET_CURSORS: [string, string][] = [
  ['year 275760', keyset('+275760-09-13T00:00:00.000000Z')],
  ['month 99 day 99', keyset('9999-99-99T00:00:00.000000Z')],
  ['February 30th', keyset('2024-02-30T12:00:00.000000Z')],
  ['hour 25', keyset('2024-01-01T25:00:00.000000Z')],
  ['minute 60', keyset('2024-01-01T23:60:00.000000Z')],
  ['year zero', keyset('0000-01-01T00:00:00.000000Z')],
  ['NaN', keyset('NaN')],
  ['a number of milliseconds', keyset(1_700_000_000_000)],
  ['a negative number', keyset(-1)],
  ['null', keyset(null)],
  ['an id that is not a uuid', keyset('2022-09-01T00:00:00.000000Z', 'not-a-uuid')],
  ['an id that is a number', keyset('2022-09-01T00:00:00.000000Z', 42)],
  [
    'an extra field',
    cursorOf(JSON.stringify({ p: '2022-09-01T00:00:00.000000Z', i: ID, admin: true })),
  ],
  [
    'fields in another order',
    cursorOf(JSON.stringify({ i: ID, p: '2022-09-01T00:00:00.000000Z' })),
  ],
  ['padding', `${keyset('2022-09-01T00:00:00.000000Z')}==`],
  ['an offset cursor', offset(3)],
];

/** Ranked lists (trending, search) page by offset. */
const FORGED_OFFSET_CURSORS: [string, string][] = [
  ['a negative number', offset(-1)],
  ['minus zero', cursorOf('{"o":-0}')],
  ['a huge number', offset(1e20)],
  ['a number too large for a double', cursorOf('{"o":1e400}')],
  ['a fraction', offset(1.5)],
  ['NaN', cursorOf('{"o":NaN}')],
  ['a string', offset('5')],
  ['null', offset(null)],
  ['an extra field', cursorOf(JSON.stringify({ o: 5, x: 1 }))],
  ['a number written another way', cursorOf('{"o":5e0}')],
  ['whitespace', cursorOf('{ "o": 5 }')],
  ['a keyset cursor', keyset('2022-09-01T00:00:00.000000Z')],
];

const NOT_CURSORS: [string, string][] = [
  ['not base64', '%%%'],
  ['base64 of no JSON', cursorOf('hello')],
  ['a JSON array', cursorOf('[1,2]')],
  ['a JSON string', cursorOf('"x"')],
];

/**
 * Every public route whose query takes a cursor, from the route table: none can be forgotten
 * here. A signed-in reader's own lists test theirs beside them (feed/stored/
 * feed-pages.test.ts, reader-actions/saved-pages.test.ts).
 */
const CURSOR_ROUTES = (Object.entries(ROUTES) as [RouteKey, Route][])
  .filter(([, { access, query }]) => {
    if (access === 'signedIn') return false;
    const shape = (query as { shape?: Record<string, unknown> } | undefined)?.shape;
    return shape !== undefined && 'cursor' in shape;
  })
  .map(([route]) => route);

/** What each cursor route pages through, with the query that gets it there. */
const PAGINGS: { route: RouteKey; kind: 'keyset' | 'offset'; query: Record<string, string> }[] = [
  { route: 'GET /api/articles/getlatestarticles', kind: 'keyset', query: {} },
  { route: 'GET /api/articles/getlatesttrendingarticles', kind: 'offset', query: {} },
  { route: 'GET /api/articles/getarticlebykeyword', kind: 'keyset', query: { keyword: 'science' } },
  { route: 'GET /api/articles/getarticlebykeyword', kind: 'offset', query: { keyword: 'solar' } },
];

const get = (route: RouteKey, query: Record<string, string>) =>
  ctx
    .request()
    .get(route.split(' ')[1]!)
    .query({ limit: '1', ...query });

describe('forged page cursors', () => {
  it('covers every route that takes a cursor', () => {
    expect(new Set(PAGINGS.map((paging) => paging.route))).toEqual(new Set(CURSOR_ROUTES));
  });

  for (const { route, kind, query } of PAGINGS) {
    const label = `${route}${query.keyword ? ` (${query.keyword})` : ''}`;
    const forged = kind === 'keyset' ? FORGED_KEYSET_CURSORS : FORGED_OFFSET_CURSORS;

    it(`${label}: every forged cursor answers 400 INVALID_CURSOR`, async () => {
      const answers: Record<string, string> = {};
      for (const [what, cursor] of [...forged, ...NOT_CURSORS]) {
        const res = await get(route, { ...query, cursor });
        answers[what] = `${res.status} ${res.body.code}`;
      }
      const expected = Object.fromEntries(
        Object.keys(answers).map((what) => [what, '400 INVALID_CURSOR']),
      );
      expect(answers).toEqual(expected);
    });

    it(`${label}: the cursor it issued still turns the page`, async () => {
      const first = await get(route, query).expect(200);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const second = await get(route, { ...query, cursor: first.body.nextCursor }).expect(200);
      expect(second.body.articles).toHaveLength(1);
      expect(second.body.articles[0]._id).not.toBe(first.body.articles[0]._id);
    });
  }
});
