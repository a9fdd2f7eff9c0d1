/**
 * The route table (packages/shared ROUTES) against the app: every entry is registered, through
 * the table's registrar, and nothing under /api is registered that the table does not hold.
 */
import { ROUTES } from '@lede/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableRoutes } from '../src/http/route.js';
import { createTestContext, type TestContext } from './context.js';

/** Routes still registered by their module's own router: none any more. */
const NOT_YET_MIGRATED: string[] = [];

interface Layer {
  rawPath?: string | string[];
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}
interface Registered {
  key: string;
  viaTable: boolean;
}

/** Every route in an Express router stack, with the full path of its mounts. */
function walk(stack: Layer[], prefix = ''): Registered[] {
  return stack.flatMap((layer) => {
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    if (layer.route) {
      return Object.keys(layer.route.methods).map((method) => ({
        key: `${method.toUpperCase()} ${prefix}${layer.route!.path}`,
        viaTable: tableRoutes.has(layer.route!),
      }));
    }
    return layer.handle.stack ? walk(layer.handle.stack, prefix + mount) : [];
  });
}

let ctx: TestContext;
let registered: Registered[];
beforeAll(async () => {
  ctx = await createTestContext();
  const app = ctx.app as unknown as { router: { stack: Layer[] } };
  registered = walk(app.router.stack).filter((r) => r.key.split(' ')[1]!.startsWith('/api/'));
});
afterAll(async () => {
  await ctx.close();
});

describe('the route table and the app', () => {
  it('registers every route of the table, and no /api route outside it', () => {
    expect(registered.map((r) => r.key).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('registers each route once', () => {
    const keys = registered.map((r) => r.key);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('registers every route through the table (but those not yet migrated)', () => {
    const outside = registered.filter((r) => !r.viaTable).map((r) => r.key);
    expect(outside.sort()).toEqual([...NOT_YET_MIGRATED].sort());
  });
});
