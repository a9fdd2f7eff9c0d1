import { ROUTES, type Route, type RouteKey } from '@lede/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parseInput } from '../lib/validate.js';
import { preparedKey } from './prepared-key.js';

/** The routes answered from prepared bytes, each with a query as the registrar parses it. */
const PREPARED: [RouteKey, Record<string, string>][] = [
  ['GET /api/articles/getlatestarticles', { limit: '5', cursor: 'abc', collapse: 'false' }],
  ['GET /api/articles/getlatesttrendingarticles', { limit: '5' }],
  ['GET /api/articles/getarticlebyid', { article_id: '0b9a3f1e-8c2d-4e5f-9a6b-7c8d9e0f1a2b' }],
  [
    'GET /api/articles/getrelatedarticles',
    { article_id: '0b9a3f1e-8c2d-4e5f-9a6b-7c8d9e0f1a2b', limit: '3' },
  ],
  ['GET /api/articles/getarticlebykeyword', { keyword: 'harbour', cursor: '' }],
  ['GET /api/stories/getstorybyid', { story_id: '0b9a3f1e-8c2d-4e5f-9a6b-7c8d9e0f1a2b' }],
  ['GET /api/recommendations/get', {}],
];

const querySchema = (key: RouteKey) => (ROUTES[key] as Route).query as z.ZodObject;
const parsed = (key: RouteKey, query: Record<string, string>) =>
  parseInput(querySchema(key), query) as Record<string, unknown>;

/** The same value, changed: another string, number or boolean, or a value for an absent one. */
function another(value: unknown): unknown[] {
  if (value === undefined) return ['', 'u', 'undefined', null];
  if (typeof value === 'string') return [`${value}x`, value === '' ? undefined : '', `"${value}"`];
  if (typeof value === 'number') return [value + 1, String(value)];
  if (typeof value === 'boolean') return [!value, String(value)];
  return [undefined];
}

describe('preparedKey', () => {
  it('differs when any one field of a parsed query differs (every prepared route)', () => {
    for (const [route, query] of PREPARED) {
      const base = parsed(route, query);
      const fields = Object.keys(querySchema(route).shape);
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) {
        for (const value of another(base[field])) {
          const changed = { ...base, [field]: value };
          expect(preparedKey(route, changed), `${route} ${field}=${String(value)}`).not.toBe(
            preparedKey(route, base),
          );
        }
      }
    }
  });

  it('tells an absent cursor from an empty one, and a string from a number or a boolean', () => {
    const route = 'GET /api/articles/getlatestarticles';
    const keys = [
      {},
      { cursor: undefined },
      { cursor: '' },
      { cursor: 'u' },
      { cursor: null },
      { limit: 5 },
      { limit: '5' },
      { collapse: true },
      { collapse: 'true' },
    ].map((query) => preparedKey(route, query));
    // `{}` and `{ cursor: undefined }` are the same query to a handler; everything else differs.
    expect(new Set(keys.slice(1)).size).toBe(keys.length - 1);
  });

  it('does not depend on the order of the fields', () => {
    const route = 'GET /api/articles/getarticlebykeyword';
    expect(preparedKey(route, { keyword: 'a', limit: 5, collapse: true })).toBe(
      preparedKey(route, { collapse: true, limit: 5, keyword: 'a' }),
    );
  });

  it('differs by route and by scope, and a value cannot pass for a separator', () => {
    const query = { limit: 5, collapse: true };
    expect(preparedKey('GET /api/articles/getlatestarticles', query)).not.toBe(
      preparedKey('GET /api/articles/getlatesttrendingarticles', query),
    );
    expect(preparedKey('GET /api/recommendations/get', {}, 'reader-1')).not.toBe(
      preparedKey('GET /api/recommendations/get', {}, 'reader-2'),
    );
    expect(preparedKey('GET /api/recommendations/get', {}, 'reader-1')).not.toBe(
      preparedKey('GET /api/recommendations/get', {}),
    );
    // What a hand-made `a\nb` key could not tell apart.
    expect(preparedKey('r', { a: 'x\ny', b: 'z' })).not.toBe(
      preparedKey('r', { a: 'x', b: 'y\nz' }),
    );
    expect(preparedKey('r', { a: 'x","b":"y' })).not.toBe(preparedKey('r', { a: 'x', b: 'y' }));
  });
});
